"""MArcomage's own bots behind the platform's Bot interface (PL-SHARED-5): they get the
seat's platform view and legal actions only, rebuild a whole game from that view with
`sample_game` (hidden cards and decks guessed, a random source of their own), and let the
engine bot choose on that game, never on the real one."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from marcomage.platform.protocol import Action as JsonAction

from .. import Rng, random_deck
from ..actions import action_to_json
from .bot import Bot as EngineBot
from .greedy import GreedyBot
from .mcts import MctsBot
from .sample import sample_game

WORLD_STREAM = 13
"""PCG32 stream of the generator that rebuilds games from views, apart from the bots' own."""


def engine_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's view document (players 1 and 2) from a platform view (seats 0 and 1)."""
    doc = dict(view)
    doc["you"] = view["you"] + 1
    doc["current"] = view["current"] + 1
    doc["outcome"] = None
    return doc


class ViewBot:
    """An engine bot that plays from the platform view: `choose(view, legal)`."""

    def __init__(self, inner: EngineBot, seed: int) -> None:
        self.inner = inner
        self.name = inner.name
        self.rng = Rng.from_seed(seed, stream=WORLD_STREAM)

    def choose(self, view: Mapping[str, Any], legal: Sequence[JsonAction]) -> JsonAction:
        if view.get("outcome") is not None or not legal:
            raise ValueError("The game is over; there is nothing to choose.")
        world = sample_game(engine_view(view), self.rng, random_deck(self.rng))
        action = action_to_json(self.inner.choose(world, view["you"]))
        if action not in legal:
            raise ValueError(f"The {self.name} bot chose {action!r}, which is not legal.")
        return action


BOTS: dict[str, Callable[[int], ViewBot]] = {
    "greedy": lambda seed: ViewBot(GreedyBot(seed), seed),
    "mcts": lambda seed: ViewBot(MctsBot(seed), seed),
}
"""MArcomage's bots by name for the platform (the random bot is the platform's own)."""
