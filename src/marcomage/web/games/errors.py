"""The refusals of the Games section: each says why in words a player understands, and a
refused request leaves the database unchanged."""

from __future__ import annotations

from typing import Any


class GameError(ValueError):
    """A refused request; the message says why, and `code` names the reason for programs
    (a ruleset's IllegalAction code, e.g. "invalid-action" or "not-your-turn"; "refused"
    else), carried to the API's answers and the bot socket's (issue 30)."""

    def __init__(self, message: str = "", code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


class NotFound(GameError):
    """No such game for this player (views answer 404: others may not even know it exists)."""


class StaleVersion(GameError):
    """The action was built against another version of the game; the client resyncs."""


def whole_number(value: Any, what: str) -> int:
    """`value` as an id or a version: a whole number or its digits. Not a boolean (`true`
    is no version, issue 38), not a fraction, not an infinity (int() of one raised
    OverflowError, issue 37); GameError saying so otherwise."""
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise GameError(f"The {what} must be a whole number.")
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise GameError(f"The {what} must be a number.") from None
