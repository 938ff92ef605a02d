"""Elder Tale's computer opponent: a prebuilt character chosen by the seed, and the greedy
bot (easy) or the search bot (normal, hard: more sampled duels per choice). The bots see the
computer's view and legal actions only (PL-SHARED-5)."""

from __future__ import annotations

from marcomage.games.elder_tale.bots import GreedyBot, SearchBot
from marcomage.games.elder_tale.ruleset import RULESET
from marcomage.platform.bots import Bot
from marcomage.platform.protocol import DeckDoc
from marcomage.web.core.widgets import Computer

SAMPLES = {"normal": 4, "hard": 8}
"""Sampled duels per choice of the search bot, by difficulty."""


def deck(seed: int) -> DeckDoc:
    """One of the prebuilt characters."""
    starters = RULESET.starter_decks()
    return starters[seed % len(starters)]


def bot(level: str, seed: int, *, think: float | None, iterations: int | None) -> Bot:
    """The bot of `level`; `iterations`, when given, is the number of sampled duels."""
    if level == "easy":
        return GreedyBot(seed)
    return SearchBot(seed, samples=iterations or SAMPLES.get(level, 4))


WIDGET = Computer(bot=bot, deck=deck)
"""The computer opponent as the widget registry hands it out (`core.widgets.computer_of`)."""
