"""Starting a game (C-SETUP): start values, a random first player, the second player's
extra resources, and starting hands without rares."""

from __future__ import annotations

from collections.abc import Sequence

from marcomage.platform.rng import Rng

from . import draw
from .deck import Tokens, check_deck, normalize_tokens
from .state import HAND_SIZE, Game, Player


def new_game(
    deck1: Sequence[Sequence[int]], deck2: Sequence[Sequence[int]], *, seed: int | str,
    tokens1: Sequence[str] = (), tokens2: Sequence[str] = (), hidden: bool = False,
    friendly: bool = False,
) -> Game:
    """A new duel between two decks; everything random comes from `seed`."""
    rng = Rng.from_seed(seed)
    players = (
        Player(check_deck(deck1), normalize_tokens(tokens1)),
        Player(check_deck(deck2), normalize_tokens(tokens2)),
    )
    game = Game(players, rng, hidden=hidden, friendly=friendly)
    game.current = rng.below(2)  # C-SETUP-2
    second = players[1 - game.current]
    second.bricks += 1  # C-SETUP-3
    second.gems += 1
    second.recruits += 1
    for p in players:  # C-SETUP-4: slots in order, no rares, anti-flood
        for slot in range(HAND_SIZE):
            p.hand[slot] = draw.from_deck(rng, p.deck, p.hand, slot, no_rare=True)
    return game


__all__ = ["Tokens", "new_game"]
