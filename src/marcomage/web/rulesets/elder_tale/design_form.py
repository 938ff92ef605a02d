"""The designer's form read into a card: the fields of a custom card (rarity, EN, deck, hits,
value, required and granted concepts, up to six effects with intensities and bounds)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.games.elder_tale.cards import (
    CLUTTER_KINDS,
    EFFECT_NAMES,
    KINDS,
    RESIST_TYPES,
    Card,
    CardError,
    card_from_json,
)

EFFECT_ROWS = 6
NUMBER_FIELDS = ("intensity", "hits", "rounds", "copies")


def _list(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def card_doc(data: Mapping[str, Any]) -> dict[str, Any]:
    """The card document the form describes (not yet checked)."""
    effects: list[dict[str, Any]] = []
    for row in range(EFFECT_ROWS):
        kind = str(data.get(f"effect-{row}-type", "")).strip()
        if not kind:
            continue
        effect: dict[str, Any] = {"type": kind}
        for key in NUMBER_FIELDS:
            value = str(data.get(f"effect-{row}-{key}", "")).strip()
            if value:
                effect[key] = value
        for key in ("deck", "resist", "clutter"):
            value = str(data.get(f"effect-{row}-{key}", "")).strip()
            if value:
                effect[key] = value
        effects.append(effect)
    doc: dict[str, Any] = {
        "id": "custom-new", "name": str(data.get("name", "")).strip()[:80],
        "kind": str(data.get("kind", "attack")), "rarity": str(data.get("rarity", "uncommon")),
        "en": str(data.get("en", "1")).strip() or "1",
        "required": _list(str(data.get("required", ""))),
        "grants": _list(str(data.get("grants", ""))), "effects": effects,
    }
    if doc["kind"] != "utility":
        doc["hits"] = str(data.get("hits", "0")).strip() or "0"
        doc["value"] = str(data.get("value", "0")).strip() or "0"
    return doc


def card_from_form(data: Mapping[str, Any]) -> Card:
    """The card the form describes; CardError says what cannot be read."""
    doc = card_doc(data)
    if not doc["name"]:
        raise CardError("Give the card a name.")
    if doc["rarity"] not in ("uncommon", "rare"):
        raise CardError("A custom card is Uncommon or Rare (ET-SCOPE-1).")
    return card_from_json(doc, custom=True)


def form_rows(data: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The effect rows as the form shows them again."""
    data = data or {}
    return [{"n": row, **{key: str(data.get(f"effect-{row}-{key}", "")) for key in
                          ("type", *NUMBER_FIELDS, "deck", "resist", "clutter")}}
            for row in range(EFFECT_ROWS)]


def choices() -> dict[str, Any]:
    """The select boxes' options."""
    return {"effect_types": sorted(EFFECT_NAMES.items(), key=lambda kv: kv[1]),
            "kinds": KINDS, "resists": RESIST_TYPES, "clutters": CLUTTER_KINDS}


SAMPLE = {"name": "Cinder Edge", "kind": "attack", "rarity": "uncommon", "en": "1",
          "hits": "2", "value": "3", "required": "Physical, Melee, Slashing, Fire",
          "grants": "Physical, Melee, Slashing, Fire", "effect-0-type": "gain_defense",
          "effect-0-intensity": "2"}
"""The designer's first card: the page's own example, 2 hits of 3 with Gain Defense 2."""
