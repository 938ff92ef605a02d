"""Bots that play through the engine's public API (PL-SHARED-5): they see only their
player's view and the legal actions, and use their own random source."""

from __future__ import annotations

from .bot import Bot, bot_rng
from .greedy import GreedyBot, score
from .match import BOTS, SEARCH_BOTS, MatchResult, deck_pool, make_bot, new_match, play_match
from .mcts import MctsBot
from .random_bot import RandomBot
from .sample import sample_game

__all__ = [
    "BOTS", "SEARCH_BOTS", "Bot", "GreedyBot", "MatchResult", "MctsBot", "RandomBot",
    "bot_rng", "deck_pool", "make_bot", "new_match", "play_match", "sample_game", "score",
]
