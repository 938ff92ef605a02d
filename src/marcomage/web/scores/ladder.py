"""The ladder of a game system: every player ranked by level, then EXP, then name (C-EXP-12,
PL-SHARED-4)."""

from __future__ import annotations

from django.db.models import QuerySet

from marcomage.games import DEFAULT_RULESET

from .models import Score

PER_PAGE = 50  # C-GEN-7: players per page
ORDER = ("-level", "-exp", "user__username_key")


def ladder(game: str = DEFAULT_RULESET) -> QuerySet[Score]:
    """Active players' scores in one game system (PL-SHARED-4), best first, with account and
    profile loaded.

    C-EXP-12 sorts by level, then name; the issue asks for level and EXP, so EXP breaks ties
    between equal levels (more EXP is closer to the next level) before the name does."""
    return Score.objects.filter(user__is_active=True, game=game).select_related(
        "user", "user__profile").order_by(*ORDER)
