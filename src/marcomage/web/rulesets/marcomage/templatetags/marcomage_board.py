"""Template filters of MArcomage's board (the template library "marcomage_board")."""

from __future__ import annotations

from django import template

from marcomage.games.marcomage import CARDS, Card

register = template.Library()


@register.filter
def card(card_id: int | None) -> Card | None:
    """The card with this id (None for a hidden card)."""
    if card_id is None or not 0 <= int(card_id) < len(CARDS):
        return None
    return CARDS[int(card_id)]


@register.filter
def mode_range(modes: int) -> range:
    """Modes 1..n of a card with modes."""
    return range(1, int(modes) + 1)


@register.filter
def select_target(card_id: int) -> str:
    """Which hand a "select a card" card's mode points into: "mine", "theirs" or "both"."""
    from ..board import selected_hand

    return selected_hand(int(card_id))
