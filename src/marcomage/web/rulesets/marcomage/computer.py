"""MArcomage's computer opponent on the site (issue 11): its random deck and the bot of each
difficulty, with the level's search budget. The bots are platform bots: they get the
computer's view and legal actions only (PL-SHARED-5) and draw from their own seed."""

from __future__ import annotations

from marcomage.games.marcomage import Rng
from marcomage.games.marcomage.bots import GreedyBot, MctsBot
from marcomage.games.marcomage.ruleset import DECK_STREAM, RULESET
from marcomage.platform.bots import Bot
from marcomage.platform.protocol import DeckDoc
from marcomage.web.core.widgets import Computer

BOT_OF_LEVEL = {"easy": "greedy", "normal": "mcts", "hard": "mcts"}
"""Which bot plays each difficulty; the search levels differ by their budget."""


def deck(seed: int) -> DeckDoc:
    """The computer's deck for a game dealt from `seed`: 15 random cards of each rarity from
    the implemented ones, on a stream apart from the game's, with automatic tokens."""
    return RULESET.random_deck(Rng.from_seed(seed, stream=DECK_STREAM))


def bot(level: str, seed: int, *, think: float | None, iterations: int | None) -> Bot:
    """The bot of `level`, seeded by `seed`; the search levels get the budget."""
    name = BOT_OF_LEVEL[level]
    if name == "greedy":
        return GreedyBot(seed)
    return MctsBot(seed, think=think, iterations=iterations)


WIDGET = Computer(bot=bot, deck=deck)
"""The computer opponent as the widget registry hands it out (`core.widgets.computer_of`)."""
