"""Moves as values, and the errors an illegal one raises (C-TURN-1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marcomage.platform import protocol

PLAY = "play"
DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Action:
    """Play the card in hand slot `pos` (1..8) in `mode`, or discard it (mode 0)."""

    kind: str
    pos: int
    mode: int = 0

    @classmethod
    def play(cls, pos: int, mode: int = 0) -> Action:
        return cls(PLAY, pos, mode)

    @classmethod
    def discard(cls, pos: int) -> Action:
        return cls(DISCARD, pos, 0)

    def to_json(self) -> dict[str, Any]:
        """The one JSON form of a move (PL-PROTO-4), as `action_to_json` gives it."""
        return action_to_json(self)

    @classmethod
    def from_json(cls, doc: Any) -> Action:
        """The action of exactly that JSON form; anything else raises InvalidAction."""
        return action_from_json(doc)

    def __str__(self) -> str:
        if self.kind == PLAY and self.mode:
            return f"play {self.pos} mode {self.mode}"
        return f"{self.kind} {self.pos}"


class IllegalAction(protocol.IllegalAction):
    """An action the rules refuse; the game is left exactly as it was (C-TURN-17, PL-PROTO-5).

    `legacy` is the 2010 engine's refusal text, used by the conformance check."""

    legacy = "Invalid action!"
    code = "illegal"


class GameNotInProgress(IllegalAction):
    legacy = "Action not allowed!"
    code = "not-in-progress"


class NotYourTurn(IllegalAction):
    legacy = "Action only allowed on your turn!"
    code = "wrong-turn"


class BadPosition(IllegalAction):
    legacy = "Wrong card position!"
    code = "bad-position"


class InvalidAction(IllegalAction):
    legacy = "Invalid action!"
    code = "invalid-action"


class BadMode(IllegalAction):
    legacy = "Bad mode!"
    code = "bad-mode"


class InsufficientResources(IllegalAction):
    legacy = "Insufficient resources!"
    code = "insufficient-resources"


def action_to_json(action: Action) -> dict[str, Any]:
    """The one JSON form of an engine action."""
    if action.kind == DISCARD:
        return {"type": DISCARD, "pos": action.pos}
    return {"type": PLAY, "pos": action.pos, "mode": action.mode}


def action_from_json(doc: Any) -> Action:
    """An engine action from exactly the JSON form `action_to_json` gives; anything else
    (other keys, a mode on a discard, non-integers) raises InvalidAction."""
    if not isinstance(doc, Mapping):
        raise InvalidAction("An action is an object such as {'type': 'discard', 'pos': 1}.")
    kind, pos = doc.get("type"), doc.get("pos")
    keys = {"type", "pos", "mode"} if kind == PLAY else {"type", "pos"}
    if kind not in (PLAY, DISCARD) or set(doc) != keys:
        raise InvalidAction("An action is {'type': 'play', 'pos': 1..8, 'mode': n} or "
                            "{'type': 'discard', 'pos': 1..8}.")
    mode = doc.get("mode", 0)
    if type(pos) is not int or type(mode) is not int:
        raise InvalidAction("An action's 'pos' and 'mode' are whole numbers.")
    return Action(kind, pos, mode)
