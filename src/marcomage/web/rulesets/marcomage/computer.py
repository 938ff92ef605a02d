"""MArcomage's computer opponent on the site (issue 11): its random deck and the bot of each
difficulty. The bot is handed the stored state only to ask `view` and `legal_actions` for
its own seat (PL-SHARED-5, bots/bot.py); it draws from its own seed."""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage import Rng, auto_tokens, random_deck
from marcomage.games.marcomage.bots import deck_pool, make_bot
from marcomage.games.marcomage.bots.match import DECK_STREAM
from marcomage.games.marcomage.ruleset import RULESET, action_to_json
from marcomage.platform.protocol import Action, DeckDoc

BOT_OF_LEVEL = {"easy": "greedy", "normal": "mcts", "hard": "mcts"}
"""Which bot plays each difficulty; the search levels differ by their budget."""


def deck(seed: int) -> DeckDoc:
    """The computer's deck for a game dealt from `seed`: 15 random cards of each rarity from
    the implemented ones, on a stream apart from the game's, with automatic tokens."""
    cards = random_deck(Rng.from_seed(seed, stream=DECK_STREAM), deck_pool())
    return {"game": RULESET.id, "format": "standard", "name": "Random deck",
            "entries": [{"card": card, "count": 1} for section in cards for card in section],
            "extra": {"tokens": list(auto_tokens(cards))}}


def choose(state: Any, seat: int, level: str, seed: str, *, think: float | None,
           iterations: int | None) -> Action:
    """The action the bot of `level`, seeded by `seed`, takes for `seat` in `state`."""
    bot = make_bot(BOT_OF_LEVEL[level], seed, think=think, iterations=iterations)
    return action_to_json(bot.choose(state, seat))
