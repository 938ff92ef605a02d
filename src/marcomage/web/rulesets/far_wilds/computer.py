"""The Far Wilds computer opponent: a premade army chosen from the seed and the bot of each
difficulty (easy: random; normal and hard: the search bot with the level's budget)."""

from __future__ import annotations

from marcomage.games.far_wilds.bots import ITERATIONS, SearchBot
from marcomage.games.far_wilds.ruleset import RULESET
from marcomage.platform.bots import Bot, RandomBot
from marcomage.platform.protocol import DeckDoc
from marcomage.web.core.widgets import Computer

LEVEL_ITERATIONS = {"normal": ITERATIONS // 2, "hard": ITERATIONS}


def deck(seed: int) -> DeckDoc:
    """One of the premade armies, by the seed."""
    armies = RULESET.starter_decks()
    return armies[seed % len(armies)]


def bot(level: str, seed: int, *, think: float | None, iterations: int | None) -> Bot:
    """The bot of `level`: iterations from the site's settings when given, else the level's
    own budget (the search bot counts iterations, not seconds)."""
    if level == "easy":
        return RandomBot(seed)
    return SearchBot(seed, iterations or LEVEL_ITERATIONS.get(level, ITERATIONS))


WIDGET = Computer(bot=bot, deck=deck)
"""The computer opponent as the widget registry hands it out (`core.widgets.computer_of`)."""
