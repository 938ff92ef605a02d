"""The rules of MArcomage: pure, deterministic, typed; no web or database imports.

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


def apply(game: Game, action: Action, player: int | None = None) -> Game:
    """The game after `action`, leaving `game` untouched (push does it in place)."""
    after = game.clone()
    push(after, action, player)
    return after


PLATFORM_ENDS = (EndType.SURRENDER, EndType.ABORT, EndType.ABANDON)


def resign(game: Game, player: int) -> None:
    """Surrender by `player` (0 or 1): the other player wins (PL-PROTO-8)."""
    if player not in (0, 1):
        raise ValueError(f"Players are 0 and 1, not {player!r}.")
    end(game, EndType.SURRENDER, winner=1 - player)


def end(game: Game, end_type: EndType, winner: int | None) -> None:
    """End a running game from outside the rules (C-END-6): surrender or finish
    ("Abandon") with a winner, or abort without one."""
    if game.outcome is not None:
        raise GameNotInProgress("The game is already over.")
    if end_type not in PLATFORM_ENDS:
        raise ValueError(f"{end_type} is decided by the rules, not from outside.")
    if (winner is None) != (end_type == EndType.ABORT) or winner not in (None, 0, 1):
        raise ValueError(f"{end_type} needs {'no' if end_type == EndType.ABORT else 'a'} winner.")
    game.outcome = Outcome(winner, end_type)


__all__ = [
    "CARDS", "DISCARD", "KW", "PLAY", "Action", "BadMode", "BadPosition", "Card", "EndType",
    "Game", "GameNotInProgress", "IllegalAction", "InsufficientResources", "InvalidAction",
    "InvalidDeck", "NotYourTurn", "Outcome", "Player", "Rng", "apply", "auto_tokens",
    "check_deck", "dumps", "end", "from_json", "implemented", "legal_actions", "loads",
    "new_game", "push", "random_deck", "random_playout", "resign", "state_hash", "to_json",
    "validate", "view",
]
