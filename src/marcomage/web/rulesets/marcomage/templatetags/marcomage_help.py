"""Figures for MArcomage's help page, read from the rating code so the help cannot drift from
what the site computes (manual: "Experience")."""

from __future__ import annotations

from decimal import Decimal

from django import template

from marcomage.games.marcomage.awards import GAME_RATING, Achievement, Award

from ..reports import END_TEXT, RESULT_TEXT

register = template.Library()

AWARD_CONDITIONS: dict[Award, str] = {
    Award.GENTLE_TOUCH: "the winning card is a Common",
    Award.DESOLATOR: "every enemy facility is down to 1",
    Award.TITAN: "the winning card is Titan",
    Award.ASSASSIN: "you win within 10 rounds",
    Award.COLLECTOR: "you hold at least 4 Rare cards, not counting the one played",
    Award.BUILDER: "your wall stands at its maximum, 150",
    Award.SURVIVOR: "your tower is 1 and your wall 0",
}


def _percent(factor: Decimal) -> str:
    return f"{factor * 100:.0f}%"


@register.simple_tag
def game_rating_rows() -> list[tuple[str, str]]:
    """Phase 1: ("Victory: Tower destruction", "105%") for each result, best first."""
    rows = []
    for (result, end_type), factor in GAME_RATING.items():
        name = END_TEXT.get(end_type)
        rows.append((f"{RESULT_TEXT[result]}: {name}" if name else RESULT_TEXT[result],
                     _percent(factor)))
    return rows


@register.simple_tag
def achievement_rows() -> list[tuple[str, str]]:
    """Phase 3: ("Major achievement", "+75%"), best first."""
    return [(a.text, f"+{(a.modifier - 1) * 100:.0f}%") for a in sorted(Achievement, reverse=True)]


@register.simple_tag
def award_rows() -> list[tuple[str, str, str]]:
    """Phase 4: (name, "+20%", condition) in the manual's order."""
    return [(a.value, f"+{a.fraction * 100:.0f}%", AWARD_CONDITIONS[a]) for a in Award]
