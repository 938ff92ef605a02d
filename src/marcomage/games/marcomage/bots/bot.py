"""What a bot is (PL-SHARED-5): something that picks one of the legal actions.

A bot reads only `view(game, player)` and `legal_actions(game)`, and draws its random
numbers from its own generator, never from the game's. The game is passed in so that the
bot can ask those two functions; it must not read anything else from it, nor change it.
"""

from __future__ import annotations

from typing import Protocol

from .. import Action, Game, Rng

BOT_STREAM = 7
"""PCG32 stream of the bots' generators, apart from the game's, so that a bot and a game
seeded with the same number draw unrelated sequences."""


class Bot(Protocol):
    """A player that chooses actions."""

    name: str

    def choose(self, game: Game, player: int) -> Action:
        """One of `legal_actions(game)` for `player` (0 or 1), who is to move."""
        ...


def bot_rng(seed: int | str) -> Rng:
    """A bot's own random source."""
    return Rng.from_seed(seed, stream=BOT_STREAM)
