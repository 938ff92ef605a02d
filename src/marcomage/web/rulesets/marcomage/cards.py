"""The card set of this game system as the public API lists it (web/api,
`GET /api/v1/systems/{game}/cards`): every card's id, name, kind and printed text, which
every player may know."""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage.cards import CARDS, NONE, RARITY_NAMES


def catalog() -> list[dict[str, Any]]:
    """Every card of the set, in the set's order (not the "Empty" placeholder of id 0)."""
    return [{"card": str(c.id), "name": c.name, "kind": RARITY_NAMES[c.rarity],
             "text": c.text} for c in CARDS if c.rarity != NONE]
