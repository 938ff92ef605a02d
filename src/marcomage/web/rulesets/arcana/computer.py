"""Arcana's computer opponent on the site: a sample deck and the bot of each difficulty.
Easy plays the random bot, normal and hard the IS-MCTS search bot with a growing budget;
each sees only the computer's view and legal actions (PL-SHARED-5)."""

from __future__ import annotations

from marcomage.games.arcana.bots import ITERATIONS, SearchBot
from marcomage.games.arcana.ruleset import RULESET
from marcomage.platform.bots import Bot, RandomBot
from marcomage.platform.protocol import DeckDoc
from marcomage.web.core.widgets import Computer

LEVEL_ITERATIONS = {"normal": ITERATIONS, "hard": 4 * ITERATIONS}
"""Search iterations per decision of each search level."""


def deck(seed: int) -> DeckDoc:
    """One of the two sample decks, chosen by the seed."""
    starters = RULESET.starter_decks()
    return starters[seed % len(starters)]


def bot(level: str, seed: int, *, think: float | None, iterations: int | None) -> Bot:
    """The bot of `level`; the site's iteration setting, when given, replaces the level's
    budget (the search bot counts iterations, not seconds)."""
    if level == "easy":
        return RandomBot(seed)
    budget = iterations if iterations is not None else LEVEL_ITERATIONS.get(level, ITERATIONS)
    return SearchBot(seed, iterations=max(1, budget))


WIDGET = Computer(bot=bot, deck=deck)
"""The computer opponent as the widget registry hands it out (`core.widgets.computer_of`)."""
