"""Elder Tale's words for the statistics pages: a card's name from its stored id, the card
set's name or, for a custom card ("custom-<number>", issue 35), the name its author gave it,
so no player reads an internal id."""

from __future__ import annotations

from functools import cache

from marcomage.games.elder_tale.cards import card_set
from marcomage.games.elder_tale.deck import CUSTOM_PREFIX
from marcomage.web.core.widgets import Stats

from .models import CustomCard


@cache
def _set_names() -> dict[str, str]:
    return {str(c.id): c.name for c in card_set().cards.values()}


def card_label(card: str) -> str:
    """The card's name; a custom card's with "(custom)"; an id known to neither in words."""
    found = _set_names().get(card)
    if found is not None:
        return found
    number = card.removeprefix(CUSTOM_PREFIX)
    if card.startswith(CUSTOM_PREFIX) and number.isdigit():
        custom = CustomCard.objects.filter(pk=int(number)).values_list("name", flat=True).first()
        if custom is not None:
            return f"{custom} (custom)"
    return card.replace("_", " ").replace("-", " ").capitalize()


WIDGET = Stats(card_label=card_label)
"""The statistics' words as the widget registry hands them out (`core.widgets.stats_of`)."""
