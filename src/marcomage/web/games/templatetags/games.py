"""Template filters of the game screen."""

from __future__ import annotations

from typing import Any

from django import template

from marcomage.games.marcomage import CARDS, Card

register = template.Library()


@register.filter
def card(card_id: int | None) -> Card | None:
    """The engine card with this id (None for a hidden card)."""
    if card_id is None or not 0 <= int(card_id) < len(CARDS):
        return None
    return CARDS[int(card_id)]


@register.filter
def signed(value: int) -> str:
    """A change indicator: +3, -2 (empty for 0)."""
    return f"{value:+d}" if value else ""


@register.filter
def mode_range(modes: int) -> range:
    """Modes 1..n of a card with modes."""
    return range(1, int(modes) + 1)


@register.inclusion_tag("games/_challenges_summary.html")
def challenges_summary(user: Any) -> dict[str, Any]:
    """The player's open challenges, received and sent, as the Messages section shows them
    (manual: "Messages"); they are answered on the games page."""
    from marcomage.web.games import services

    return {
        "incoming": list(services.challenges_to(user)),
        "outgoing": list(services.challenges_from(user)),
    }
