"""The refusals of the Games section: each says why in words a player understands, and a
refused request leaves the database unchanged."""

from __future__ import annotations


class GameError(ValueError):
    """A refused request; the message says why."""


class NotFound(GameError):
    """No such game for this player (views answer 404: others may not even know it exists)."""


class StaleVersion(GameError):
    """The action was built against another version of the game; the client resyncs."""
