"""The card set of this game system as the public API lists it (web/api,
`GET /api/v1/systems/{game}/cards`): every card's id, name, kind and printed text, which
every player may know."""

from __future__ import annotations

from typing import Any

from marcomage.games.elder_tale.cards import card_set
from marcomage.web.core.widgets import Cards


def catalog() -> list[dict[str, Any]]:
    """Every card of the set, in the set's order."""
    return [{"card": str(c.id), "name": c.name, "kind": c.kind, "rarity": c.rarity,
             "text": str(getattr(c, "text", ""))} for c in card_set().cards.values()]


WIDGET = Cards(catalog=catalog)
"""The card set as the widget registry hands it out (`core.widgets.cards_of`)."""
