"""MArcomage's own bots, platform bots like every other (PL-SHARED-5): they get the seat's
view and legal actions only, rebuild a game from the view (`sample_game`: hidden cards and
decks guessed) and draw from their own random source. The uniform random bot is the
platform's."""

from __future__ import annotations

from collections.abc import Callable

from marcomage.platform.bots import Bot

from .greedy import GreedyBot, score
from .mcts import DEFAULT_ITERATIONS, MctsBot
from .sample import sample_game

BOTS: dict[str, Callable[[int], Bot]] = {"greedy": GreedyBot, "mcts": MctsBot}
"""MArcomage's bots by name, each built from a seed (the search bot with its default
budget); `MArcomage.bots()` gives them to the platform."""

SEARCH_BOTS = frozenset({"mcts"})
"""The bots that take a search budget (`think`, `iterations`)."""


def search_bot(name: str, seed: int, *, think: float | None = None,
               iterations: int | None = None, cpu_clock: bool = False) -> Bot:
    """The search bot `name` with a budget per move: `think` seconds (of wall time, or of
    its process's CPU time with `cpu_clock`) and/or `iterations`, whichever ends first."""
    if name not in SEARCH_BOTS:
        raise ValueError(f"{name!r} is not a search bot; those are {', '.join(SEARCH_BOTS)}.")
    return MctsBot(seed, think=think, iterations=iterations, cpu_clock=cpu_clock)


__all__ = ["BOTS", "DEFAULT_ITERATIONS", "SEARCH_BOTS", "GreedyBot", "MctsBot", "sample_game",
           "score", "search_bot"]
