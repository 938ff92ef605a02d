"""Template filters of the game screen."""

from __future__ import annotations

from django import template

from marcomage.engine import CARDS, Card

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
