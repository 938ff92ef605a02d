"""The card set (one JSON file, data/cards.json) read into plain typed records. Card texts on
the site come from the same file."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from .requirements import Alternatives, parse_requirement

DECKS = ("mage", "fate", "quest", "enchanted", "mystic", "arcane")
"""The six decks of a pack, by card back (MW-SETUP-1)."""
HEALTH_DECKS = ("enchanted", "mystic", "arcane")
"""The decks health cards and dead turns draw from (MW-HEALTH-1, MW-DEATH-2)."""
TYPES = ("mage", "fate", "curse", "blessing", "creature", "plant", "item", "magic",
         "structure", "level", "challenge", "resource", "potion")
MEDDLES = ("stall", "steal", "shatter")
"""What a meddling magic card does to a card still being crafted (MW-MEDDLE)."""
ALIGNMENTS = ("good", "evil", "neutral")


@dataclass(frozen=True, slots=True)
class Card:
    """One card's data; fields a type does not use keep their defaults."""

    id: str
    name: str
    deck: str
    type: str
    text: str = ""
    resources: tuple[str, ...] = ()
    requires: str = ""
    alternatives: Alternatives = ((),)
    damage: int = 0
    health: int = 0
    flags: tuple[str, ...] = ()
    charged: bool = False
    armor: bool = False
    bonus: dict[str, int] = field(default_factory=dict)
    effects: tuple[dict[str, Any], ...] = ()
    permanent: str = ""
    blessing: str = ""
    curse: tuple[dict[str, Any], ...] = ()
    level: int = 0
    alignment: str = ""
    element: str = ""
    condition: dict[str, Any] = field(default_factory=dict)
    reward: tuple[dict[str, Any], ...] = ()
    consequence: tuple[dict[str, Any], ...] = ()
    persistent: dict[str, Any] = field(default_factory=dict)
    meddle: str = ""
    on_complete: tuple[dict[str, Any], ...] = ()
    on_destroy: tuple[dict[str, Any], ...] = ()
    # mage fields (MW-SETUP-4)
    armor_max: int = 0
    pets: int = 0
    plants: int = 0
    items: int = 0
    fate: int = 0
    max_cards: int = 0
    health_cards: dict[str, int] = field(default_factory=dict)
    resurrect: str = ""
    resurrections: int = 1
    """How many times the mage may rise; the death after the last is final (MW-DEATH-5)."""
    health_card_discount: int | str = 0
    win: dict[str, Any] = field(default_factory=dict)
    resurrection: Alternatives = ((),)

    @property
    def craftable(self) -> bool:
        """Is it opened as a manifestation (rather than only used as a resource or played)?"""
        return self.type in ("creature", "plant", "item", "magic", "structure", "level",
                             "potion") or (
            self.type == "resource" and bool(self.permanent)) or (
            self.type == "blessing" and bool(self.requires))


def card_from_json(doc: dict[str, Any], icons: tuple[str, ...]) -> Card:
    """A card record from its JSON (unknown fields are an error: card data is checked)."""
    known = set(Card.__dataclass_fields__) - {"alternatives", "armor_max", "resurrection"}
    extra = set(doc) - known
    if extra:
        raise ValueError(f"Card {doc.get('id')!r} has unknown fields {sorted(extra)}.")
    values = dict(doc)
    if values.get("type") == "mage":
        values["armor_max"] = int(values.pop("armor", 0))
    for name in ("resources", "flags", "effects", "curse", "reward", "consequence",
                 "on_complete", "on_destroy"):
        if name in values:
            values[name] = tuple(values[name])
    values["alternatives"] = parse_requirement(str(values.get("requires", "")), icons)
    values["resurrection"] = parse_requirement(str(values.get("resurrect", "")), icons)
    return Card(**values)


def _load() -> tuple[tuple[str, ...], dict[str, Card], dict[str, int]]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    doc = json.loads(text)
    icons = tuple(doc["icons"])
    counts = {str(k): int(v) for k, v in doc["standard_pack"].items()}
    return icons, {c["id"]: card_from_json(c, icons) for c in doc["cards"]}, counts


ICONS, CARDS, STANDARD_COUNTS = _load()
"""The six resource icons, every card by id, and the standard pack's copy counts."""
