"""The rules of MArcomage: pure, deterministic, typed; no web or database imports.

Everything outside the rules (the site, the command line, the terminal game, simulations,
the balance lab) plays through the platform protocol, `ruleset.RULESET`; what this package
exports is the engine that ruleset and the engine's tests and benchmarks use.

    >>> from marcomage.games.marcomage import new_game, legal_actions, push, random_deck, Rng
    >>> game = new_game(random_deck(Rng.from_seed(1)), random_deck(Rng.from_seed(2)), seed=7)
    >>> push(game, legal_actions(game)[0])
"""

from __future__ import annotations

from marcomage.platform.rng import Rng

from . import effects as _effects  # noqa: F401  (binds every card's effect)
from .actions import (
    DISCARD,
    PLAY,
    Action,
    BadMode,
    BadPosition,
    GameNotInProgress,
    IllegalAction,
    InsufficientResources,
    InvalidAction,
    NotYourTurn,
)
from .cards import CARDS, KW, Card, implemented
from .deck import InvalidDeck, auto_tokens, check_deck, random_deck
from .playout import random_playout
from .serialize import dumps, from_json, loads, state_hash, to_json
from .start import new_game
from .state import EndType, Game, Outcome, Player
from .turn import legal_actions, push, validate
from .view import view

__all__ = [
    "CARDS", "DISCARD", "KW", "PLAY", "Action", "BadMode", "BadPosition", "Card", "EndType",
    "Game", "GameNotInProgress", "IllegalAction", "InsufficientResources", "InvalidAction",
    "InvalidDeck", "NotYourTurn", "Outcome", "Player", "Rng", "auto_tokens", "check_deck",
    "dumps", "from_json", "implemented", "legal_actions", "loads", "new_game", "push",
    "random_deck", "random_playout", "state_hash", "to_json", "validate", "view",
]
