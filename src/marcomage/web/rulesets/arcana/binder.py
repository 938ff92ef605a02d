"""The card binder (issue 34; the seed's "card binder item for storage"): the cards a player
owns with their counts, filtered by kind, creature type, rarity and name, and the duplicates
(copies beyond what one deck may hold). Names and texts come from the card file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.games.arcana.boosters import RARITY_NAMES
from marcomage.games.arcana.cards import CARDS, CREATURE, TYPES, CardDef
from marcomage.games.arcana.deck import MAX_COPIES

from .collection import owned

FILTERS: dict[str, tuple[str, ...]] = {
    "kind": ("creature", "rune", "ward"), "type": TYPES,
    "rarity": tuple(RARITY_NAMES), "show": ("all", "duplicates", "missing")}
"""The binder's filters with their choices ("show": every owned card, only those with
duplicates, or the cards of the set the player lacks)."""
NAME_LENGTH = 40


def deck_limit(card: CardDef) -> int:
    """Copies of the card one deck may hold (AR-DECK-2 to AR-DECK-4)."""
    return 1 if (card.kind == CREATURE and card.stars == 3) or card.relic else MAX_COPIES


def chosen(query: Mapping[str, Any]) -> dict[str, str]:
    """The filters of a request that are among the choices, and the name searched for."""
    found = {key: str(query.get(key)) for key, values in FILTERS.items()
             if query.get(key) in values}
    name = str(query.get("name", "")).strip()[:NAME_LENGTH]
    if name:
        found["name"] = name
    return found


def rows(user: Any, filters: Mapping[str, str]) -> list[dict[str, Any]]:
    """The binder's lines: each card that passes the filters with the copies owned and the
    duplicates (copies beyond one deck's limit), in the card file's order."""
    have = owned(user)
    show = filters.get("show", "all")
    needle = filters.get("name", "").casefold()
    found = []
    for card in CARDS.values():
        count = have.get(card.id, 0)
        limit = deck_limit(card)
        duplicates = max(0, count - limit)
        if (show == "missing") != (count == 0):
            continue
        if show == "duplicates" and not duplicates:
            continue
        fields = {"kind": card.kind, "type": card.type, "rarity": card.rarity}
        if any(key in filters and value != filters[key] for key, value in fields.items()):
            continue
        if needle and needle not in card.name.casefold():
            continue
        found.append({"card": card, "count": count, "limit": limit, "duplicates": duplicates,
                      "rarity": RARITY_NAMES.get(card.rarity, card.rarity),
                      "stars": "★" * card.stars})
    return found


def summary(user: Any) -> dict[str, int]:
    """Cards owned (copies counted), distinct cards, the set's size and the duplicates."""
    have = owned(user)
    return {"copies": sum(have.values()), "distinct": len(have), "set": len(CARDS),
            "duplicates": sum(max(0, n - deck_limit(CARDS[c])) for c, n in have.items())}
