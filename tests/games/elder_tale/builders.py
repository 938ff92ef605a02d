"""Cards built by name for the Elder Tale tests: a legal custom card of each deck, changed
field by field."""

from __future__ import annotations

from typing import Any

from marcomage.games.elder_tale.cards import Card, card_from_json

BASE: dict[str, dict[str, Any]] = {
    "attack": {"id": "t-atk", "name": "Test Strike", "kind": "attack", "rarity": "uncommon",
               "en": 1, "hits": 2, "value": 4,
               "required": ["Physical", "Melee", "Slashing", "Fire"],
               "grants": [["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 1]],
               "effects": [{"type": "attack_up", "intensity": 1, "hits": 1, "rounds": 1}]},
    "defense": {"id": "t-def", "name": "Test Guard", "kind": "defense", "rarity": "uncommon",
                "en": 1, "hits": 2, "value": 4, "required": ["Physical", "Shield", "Earth"],
                "grants": [["Physical", 1], ["Shield", 1], ["Earth", 1]], "effects": []},
    "utility": {"id": "t-utl", "name": "Test Trick", "kind": "utility", "rarity": "uncommon",
                "en": 1, "required": ["Magical", "Water", "Pharmacy"],
                "grants": [["Magical", 1], ["Water", 1]],
                "effects": [{"type": "heal_over_time", "intensity": 3},
                            {"type": "draw_random"}]},
}


def card_doc(kind: str = "attack", **changes: Any) -> dict[str, Any]:
    doc = {**BASE[kind], **changes}
    return doc


def card(kind: str = "attack", **changes: Any) -> Card:
    """The legal test card of `kind` with `changes` applied."""
    return card_from_json(card_doc(kind, **changes))


def fx(type_: str, **fields: Any) -> dict[str, Any]:
    return {"type": type_, **fields}
