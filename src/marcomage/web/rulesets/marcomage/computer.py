"""MArcomage's computer opponent on the site (issue 11): its random deck and the bot of each
difficulty, with the level's search budget. The bots are the platform's view bots: they get
the computer's view and legal actions only (PL-SHARED-5) and draw from their own seed."""

from __future__ import annotations

from marcomage.games.marcomage import Rng, auto_tokens, random_deck
from marcomage.games.marcomage.bots import GreedyBot, MctsBot, deck_pool
from marcomage.games.marcomage.bots.match import DECK_STREAM
from marcomage.games.marcomage.bots.view_bot import ViewBot
from marcomage.games.marcomage.ruleset import RULESET
from marcomage.platform.bots import Bot
from marcomage.platform.protocol import DeckDoc
from marcomage.web.core.widgets import Computer

BOT_OF_LEVEL = {"easy": "greedy", "normal": "mcts", "hard": "mcts"}
"""Which bot plays each difficulty; the search levels differ by their budget."""


def deck(seed: int) -> DeckDoc:
    """The computer's deck for a game dealt from `seed`: 15 random cards of each rarity from
    the implemented ones, on a stream apart from the game's, with automatic tokens."""
    cards = random_deck(Rng.from_seed(seed, stream=DECK_STREAM), deck_pool())
    return {"game": RULESET.id, "format": "standard", "name": "Random deck",
            "entries": [{"card": card, "count": 1} for section in cards for card in section],
            "extra": {"tokens": list(auto_tokens(cards))}}


def bot(level: str, seed: int, *, think: float | None, iterations: int | None) -> Bot:
    """The bot of `level`, seeded by `seed`; the search levels get the budget."""
    name = BOT_OF_LEVEL[level]
    engine_bot = (MctsBot(seed, think=think, iterations=iterations)
                  if name == "mcts" and (think is not None or iterations is not None)
                  else GreedyBot(seed) if name == "greedy" else MctsBot(seed))
    return ViewBot(engine_bot, seed)


WIDGET = Computer(bot=bot, deck=deck)
"""The computer opponent as the widget registry hands it out (`core.widgets.computer_of`)."""
