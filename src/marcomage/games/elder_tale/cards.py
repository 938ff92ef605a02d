"""Elder Tale cards as data: the card and effect records, reading them from JSON (a custom
card from the designer, or the card set in data/cards.json), and the names of decks,
rarities, effects and clutter kinds."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from .concepts import COMBAT_CONCEPTS, DAMAGE_TYPES, ELEMENTS, POWER_ORIGINS, RANGES

ATTACK, DEFENSE, UTILITY = "attack", "defense", "utility"
KINDS = (ATTACK, DEFENSE, UTILITY)
"""The three decks of a character (ET-DECK-1); clutter cards have the kind "clutter"."""
CLUTTER = "clutter"

COMMON, UNCOMMON, RARE, EPIC = "common", "uncommon", "rare", "epic"
RARITIES = (COMMON, UNCOMMON, RARE, EPIC, CLUTTER)
HP_OF_RARITY = {COMMON: 1, UNCOMMON: 2, RARE: 3, EPIC: 5, CLUTTER: 0}
"""ET-DUEL-2: the HP each card adds to its holder's pool (clutter adds none, ET-DUEL-13)."""

CLUTTER_KINDS = ("burning", "drowning", "bleeding", "cursed")
CLUTTER_DECK = {"cursed": ATTACK, "drowning": DEFENSE, "bleeding": UTILITY, "burning": "random"}
"""ET-FX-1: the deck each clutter kind is shuffled into."""

EFFECT_NAMES = {
    "add_card": "Add Card", "attack_up": "Attack Up", "attack_down": "Attack Down",
    "guard_up": "Guard Up", "guard_down": "Guard Down", "blind": "Blind",
    "destroy_card": "Destroy Card", "discard_random": "Discard Random", "doom": "Doom",
    "draw": "Draw", "draw_up": "Draw Up", "draw_down": "Draw Down",
    "draw_random": "Draw Random", "random_draw_up": "Random Draw Up",
    "random_draw_down": "Random Draw Down", "facedown": "Facedown",
    "gain_defense": "Gain Defense", "harm_self": "Harm Self",
    "heal_over_time": "Heal over Time", "poison": "Poison", "retaliate": "Retaliate",
    "retaliate_attack_down": "Retaliate Attack Down",
    "retaliate_guard_down": "Retaliate Guard Down", "start_guard": "Start Guard",
    "thorn_bind": "Thorn Bind", "thorns": "Thorns", "type_resist": "Type Resist",
}
"""Every effect type of ET-FX, by id, with the page's name."""

MODIFIERS = ("attack_up", "attack_down", "guard_up", "guard_down")
DECK_TARGETED = ("draw", "draw_up", "draw_down")
RESIST_TYPES = tuple(POWER_ORIGINS[:2]) + RANGES + DAMAGE_TYPES + ELEMENTS
"""What a Type Resist may name (ET-FX-20)."""


_CONCEPT_SPELLING = {name.casefold(): name for name in COMBAT_CONCEPTS}


def concept_name(text: str) -> str:
    """A concept name as a card keeps it: a combat concept in its spelling of ELDERTALE.md
    whatever the letter case typed ("physical" is Physical, "system arte" System Arte), so
    the rules that look for it find it; any other (non-combat) name trimmed, as typed."""
    name = " ".join(text.split())
    return _CONCEPT_SPELLING.get(name.casefold(), name)


class CardError(ValueError):
    """A card document that cannot be read (a missing field, a word that is no effect)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card: its type, intensity and bounds, and the deck, resisted type or
    clutter kind where the type needs one (ET-FX)."""

    type: str
    intensity: int = 1
    hits: int | None = None
    rounds: int | None = None
    deck: str | None = None
    resist: str | None = None
    clutter: str | None = None
    copies: int = 1

    @property
    def name(self) -> str:
        return EFFECT_NAMES[self.type]

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type, "intensity": self.intensity}
        for key in ("hits", "rounds", "deck", "resist", "clutter"):
            if getattr(self, key) is not None:
                doc[key] = getattr(self, key)
        if self.type == "add_card":
            doc["copies"] = self.copies
        return doc


@dataclass(frozen=True, slots=True)
class Card:
    """A card: its kind (deck), rarity, EN, hits of a value (damage or defense), required
    and granted concepts (with multipliers, in the card's order) and effects."""

    id: str
    name: str
    kind: str
    rarity: str
    en: int
    hits: int = 0
    value: int = 0
    required: tuple[str, ...] = ()
    grants: tuple[tuple[str, int], ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""
    custom: bool = field(default=False, compare=False)

    @property
    def granted(self) -> frozenset[str]:
        return frozenset(name for name, _ in self.grants)

    def effect(self, type_: str) -> Effect | None:
        """The card's first effect of `type_`, if any."""
        return next((e for e in self.effects if e.type == type_), None)

    @property
    def facedown(self) -> bool:
        return any(e.type == "facedown" for e in self.effects)

    @property
    def hp(self) -> int:
        return HP_OF_RARITY[self.rarity]

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "id": self.id, "name": self.name, "kind": self.kind, "rarity": self.rarity,
            "en": self.en, "required": list(self.required),
            "grants": [[name, n] for name, n in self.grants],
            "effects": [e.to_json() for e in self.effects]}
        if self.kind in (ATTACK, DEFENSE) or self.hits or self.value:
            doc["hits"], doc["value"] = self.hits, self.value
        if self.text:
            doc["text"] = self.text
        return doc


def _int(doc: Mapping[str, Any], key: str, default: int | None, where: str) -> int | None:
    value = doc.get(key, default)
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if type(value) is not int or not -99 <= value <= 99:
        raise CardError(f"{where}: {key!r} is a whole number, not {value!r}.")
    return value


def _word(doc: Mapping[str, Any], key: str, choices: tuple[str, ...], where: str
          ) -> str | None:
    value = doc.get(key)
    if value is None or value == "":
        return None
    if key == "resist" and isinstance(value, str):
        value = concept_name(value)
    if value not in choices:
        raise CardError(f"{where}: {key!r} is one of {', '.join(choices)}, not {value!r}.")
    return str(value)


def effect_from_json(doc: Any, where: str = "effect") -> Effect:
    """An effect from JSON; CardError says what is wrong."""
    if not isinstance(doc, Mapping):
        raise CardError(f"{where} is an object with a 'type'.")
    type_ = doc.get("type")
    if type_ not in EFFECT_NAMES:
        raise CardError(f"{where}: there is no effect type {type_!r}.")
    intensity = _int(doc, "intensity", 1, where)
    assert intensity is not None
    copies = _int(doc, "copies", 1, where)
    hits, rounds = _int(doc, "hits", None, where), _int(doc, "rounds", None, where)
    for key, number in (("intensity", intensity), ("hits", hits), ("rounds", rounds),
                        ("copies", copies)):
        if number is not None and number < 1:
            raise CardError(f"{where}: {key!r} is at least 1, not {number}.")
    deck = _word(doc, "deck", KINDS, where)
    resist = _word(doc, "resist", RESIST_TYPES, where)
    clutter = _word(doc, "clutter", CLUTTER_KINDS, where)
    if type_ in DECK_TARGETED and deck is None:
        raise CardError(f"{where}: {EFFECT_NAMES[type_]} names the deck it draws from.")
    if type_ == "type_resist" and resist is None:
        raise CardError(f"{where}: Type Resist names the type it resists.")
    if type_ == "add_card" and clutter is None:
        raise CardError(f"{where}: Add Card names the clutter it adds.")
    return Effect(str(type_), intensity, hits, rounds,
                  deck if type_ in DECK_TARGETED else None,
                  resist if type_ == "type_resist" else None,
                  clutter if type_ == "add_card" else None, copies or 1)


def _grants(raw: Any, where: str) -> tuple[tuple[str, int], ...]:
    """Grants as [[name, n], ...], {"name": n} or ["Airx2", "Fire"]."""
    pairs: list[tuple[str, int]] = []
    items: list[Any]
    if isinstance(raw, Mapping):
        items = [[k, v] for k, v in raw.items()]
    elif isinstance(raw, list):
        items = raw
    else:
        raise CardError(f"{where}: 'grants' is a list of concepts with multipliers.")
    for item in items:
        if isinstance(item, str):
            name, _, times = item.strip().replace("X", "x").rpartition("x")
            if name and times.isdigit():
                pairs.append((concept_name(item.strip()[:len(name)]), int(times)))
            else:
                pairs.append((concept_name(item), 1))
        elif (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
              and type(item[1]) is int and item[1] >= 1):
            pairs.append((concept_name(item[0]), item[1]))
        else:
            raise CardError(f"{where}: {item!r} is not a grant such as 'Airx2'.")
    names = [name for name, _ in pairs]
    if any(not name for name in names) or len(set(names)) != len(names):
        raise CardError(f"{where}: each concept is granted once, with its multiplier.")
    return tuple(pairs)


def card_from_json(doc: Any, custom: bool = False) -> Card:
    """A card from JSON (see Card); CardError says what is wrong."""
    if not isinstance(doc, Mapping):
        raise CardError("A card is a JSON object.")
    where = str(doc.get("name") or doc.get("id") or "The card")
    kind = _word(doc, "kind", (*KINDS, CLUTTER), where)
    rarity = _word(doc, "rarity", RARITIES, where)
    if kind is None or rarity is None:
        raise CardError(f"{where}: a card has a 'kind' (deck) and a 'rarity'.")
    en = _int(doc, "en", 1, where)
    hits = _int(doc, "hits", 0, where)
    value = _int(doc, "value", 0, where)
    required = doc.get("required", [])
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        raise CardError(f"{where}: 'required' is a list of concept names.")
    effects = doc.get("effects", [])
    if not isinstance(effects, list):
        raise CardError(f"{where}: 'effects' is a list.")
    name = doc.get("name", "")
    if not isinstance(name, str):
        raise CardError("A card's 'name' is text.")
    return Card(str(doc.get("id") or name or "custom"), name.strip()[:80] or "Unnamed card",
                kind, rarity, en or 0, hits or 0, value or 0,
                tuple(dict.fromkeys(concept_name(r) for r in required if r.strip())),
                _grants(doc.get("grants", []), where),
                tuple(effect_from_json(e, f"{where}, effect {n}")
                      for n, e in enumerate(effects, 1)),
                str(doc.get("text", "")), custom)


@cache
def card_doc(card: Card) -> dict[str, Any]:
    """`card.to_json()`, made once per card: a duel's state holds the documents of all its
    cards and is written at every step. The document is shared: read it, never change it."""
    return card.to_json()


def is_combat_concept(name: str) -> bool:
    return name in COMBAT_CONCEPTS


@dataclass(frozen=True, slots=True)
class CardSet:
    """The curated card set (data/cards.json): cards by id and the prebuilt characters."""

    cards: Mapping[str, Card]
    characters: tuple[Mapping[str, Any], ...]


@cache
def card_set() -> CardSet:
    """The card set shipped with the game."""
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    doc = json.loads(text)
    cards = {c.id: c for c in (card_from_json(d) for d in doc["cards"])}
    return CardSet(cards, tuple(doc["characters"]))
