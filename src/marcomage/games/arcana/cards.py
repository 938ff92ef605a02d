"""The Arcana card set, read from data/cards.json: creatures, runes and wards designed for
this site (ARCANA.md "Sample card set"). The site shows card texts from the same file."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

CREATURE, RUNE, WARD = "creature", "rune", "ward"


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card of the set; `effect` is the card's effect in the vocabulary of AR-EFFECT-2."""

    id: int
    name: str
    kind: str
    rarity: str
    text: str
    stars: int = 0
    type: str = ""
    power: int = 0
    toughness: int = 0
    relic: bool = False
    condition: str = ""
    effect: dict[str, Any] = field(default_factory=dict)

    @property
    def timing(self) -> str:
        """When the card's effect may be used: activated, quick, flip, summon, or rune."""
        return str(self.effect.get("timing", "rune" if self.kind == RUNE else ""))

    @property
    def quick(self) -> bool:
        return self.timing == "quick"


@cache
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def _card(doc: dict[str, Any]) -> CardDef:
    return CardDef(
        id=int(doc["id"]), name=str(doc["name"]), kind=str(doc["kind"]),
        rarity=str(doc["rarity"]), text=str(doc["text"]), stars=int(doc.get("stars", 0)),
        type=str(doc.get("type", "")), power=int(doc.get("power", 0)),
        toughness=int(doc.get("toughness", 0)), relic=bool(doc.get("relic", False)),
        condition=str(doc.get("condition", "")), effect=dict(doc.get("effect", {})))


TYPES: tuple[str, ...] = tuple(_data()["types"])
"""The fixed list of creature types (AR-SUMMON-7)."""

CARDS: dict[int, CardDef] = {c.id: c for c in map(_card, _data()["cards"])}
"""Every card by id."""

STARTERS: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = tuple(
    (str(d["name"]), tuple((int(c), int(n)) for c, n in d["entries"]))
    for d in _data()["starter_decks"])
"""The two sample decks: (name, ((card id, copies), ...))."""


def card(card_id: int) -> CardDef:
    return CARDS[card_id]


def card_json(card_id: int) -> dict[str, Any]:
    """A card as the site shows it."""
    c = CARDS[card_id]
    doc: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind, "rarity": c.rarity,
                           "text": c.text}
    if c.kind == CREATURE:
        doc.update(stars=c.stars, type=c.type, power=c.power, toughness=c.toughness)
    elif c.kind == WARD:
        doc.update(relic=c.relic, power=c.power, toughness=c.toughness)
    return doc
