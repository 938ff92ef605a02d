"""MArcomage's part of the statistics pages: card names for card ids."""

from marcomage.games.marcomage.cards import CARDS
from marcomage.web.core.widgets import Stats


def card_label(card: str) -> str:
    """The name of the card with this id (as the statistics store it, a string)."""
    try:
        return CARDS[int(card)].name
    except (ValueError, IndexError):
        return f"card {card}"


WIDGET = Stats(card_label=card_label)
"""The statistics words as the widget registry hands them out (`core.widgets.stats_of`)."""
