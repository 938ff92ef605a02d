"""MArcomage's part of the statistics pages: card names for card ids."""

from marcomage.games.marcomage.cards import CARDS


def card_label(card: str) -> str:
    """The name of the card with this id (as the statistics store it, a string)."""
    try:
        return CARDS[int(card)].name
    except (ValueError, IndexError):
        return f"card {card}"
