"""Reading a player's score; the rating issue adds recording finished games here."""

from __future__ import annotations

from typing import Any

from .models import Score


def score_of(user: Any) -> Score:
    """The player's score row, created on first use for accounts older than the app."""
    score, _ = Score.objects.get_or_create(user=user)
    return score


def level_of(user: Any) -> int:
    """The player's level."""
    return score_of(user).level
