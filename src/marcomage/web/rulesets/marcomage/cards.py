"""The card set of this game system as the public API lists it (web/api,
`GET /api/v1/systems/{game}/cards`): every card's id, name, kind and printed text, which
every player may know."""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage.cards import CARDS, NONE, RARITY_NAMES
from marcomage.web.core.widgets import Cards


def draw_in_post(context: Any, card_id: int) -> str | None:
    """The card a forum post names with [card=ID], drawn as the viewer's settings draw
    cards (None when there is no such card)."""
    from .cardface import face
    from .templatetags.cards import card

    if card_id == 0 or face(card_id).id != card_id:
        return None
    return str(card(context, card_id, css_class="bb-card", link=True))


def catalog() -> list[dict[str, Any]]:
    """Every card of the set, in the set's order (not the "Empty" placeholder of id 0)."""
    return [{"card": str(c.id), "name": c.name, "kind": RARITY_NAMES[c.rarity],
             "text": c.text} for c in CARDS if c.rarity != NONE]


WIDGET = Cards(catalog=catalog, draw_in_post=draw_in_post)
"""The card set as the widget registry hands it out (`core.widgets.cards_of`)."""
