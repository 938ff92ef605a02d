"""The sample card set as data (FW-CAST-9, "What a complete implementation contains"): each
card's type, domain, level, flux cost, flags, spawn rule, target spec and effect, read from
data/cards.json so that the rules and the site print the same texts."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any

BUILDING, CREATURE, SPELL, ENCHANTMENT = "building", "creature", "spell", "enchantment"
TYPES = (BUILDING, CREATURE, SPELL, ENCHANTMENT)
SPAWN_DEFAULT, SPAWN_FOREST, SPAWN_NEAR_BUILDING = "default", "forest", "near_building"
"""The spawn vocabulary of FW-CAST-7."""
STARTING_BASE = "warcamp"


@dataclass(frozen=True, slots=True)
class Target:
    """What a spell or enchantment may target (FW-CAST-9): `kind` is none, world, space or
    entity; the filters narrow it; `any_space` lifts the visibility rule (FW-CAST-11)."""

    kind: str = "none"
    owner: str | None = None  # "own" | "enemy" for entity targets
    types: tuple[str, ...] = ()  # "building" | "creature" | "site"
    well: bool = False  # space targets: a Flux Well space only
    terrain: tuple[str, ...] = ()
    any_space: bool = False


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the set; `gives` is the domain levels it adds while on the map."""

    id: str
    name: str
    type: str
    domain: str | None
    level: int
    cost: int
    text: str
    gives: MappingProxyType[str, int] = field(
        default_factory=lambda: MappingProxyType({}))
    basic: bool = False
    base: bool = False
    vision: int = 0
    health: int = 0
    spawn: str = SPAWN_DEFAULT
    swims: bool = False
    aloft: bool = False
    deckable: bool = True
    target: Target = Target()
    to: Target | None = None
    effect: MappingProxyType[str, Any] = field(
        default_factory=lambda: MappingProxyType({}))

    @property
    def figure(self) -> bool:
        return self.type in (BUILDING, CREATURE)


def _target(doc: Any) -> Target:
    if doc is None:
        return Target()
    return Target(doc.get("kind", "space"), doc.get("owner"), tuple(doc.get("types", ())),
                  bool(doc.get("well", False)), tuple(doc.get("terrain", ())),
                  bool(doc.get("any_space", False)))


def _card(doc: dict[str, Any]) -> Card:
    return Card(
        id=doc["id"], name=doc["name"], type=doc["type"], domain=doc.get("domain"),
        level=int(doc["level"]), cost=int(doc["cost"]), text=doc["text"],
        gives=MappingProxyType(dict(doc.get("gives", {}))), basic=bool(doc.get("basic")),
        base=bool(doc.get("base")), vision=int(doc.get("vision", 0)),
        health=int(doc.get("health", 0)), spawn=doc.get("spawn", SPAWN_DEFAULT),
        swims=bool(doc.get("swims")), aloft=bool(doc.get("aloft")),
        deckable=bool(doc.get("deckable", True)), target=_target(doc.get("target")),
        to=None if "to" not in doc else _target(doc["to"]),
        effect=MappingProxyType(dict(doc.get("effect", {}))))


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


_DATA = _load()
DOMAINS: tuple[str, ...] = tuple(_DATA["domains"])
DOMAIN_NAMES = MappingProxyType({"sylvan": "Sylvan", "dark_legion": "Dark Legion",
                                 "mountain_folk": "Mountain Folk", "elemental": "Elemental"})
CARDS: MappingProxyType[str, Card] = MappingProxyType(
    {doc["id"]: _card(doc) for doc in _DATA["cards"]})
ARMIES: tuple[dict[str, Any], ...] = tuple(_DATA["armies"])
"""The two premade armies: a 40-card constructed one and a 25-card limited one."""


def card(card_id: str) -> Card:
    """The card with this id; KeyError when there is none."""
    return CARDS[card_id]


def domain_name(domain: str | None) -> str:
    return "Unaligned" if domain is None else DOMAIN_NAMES[domain]
