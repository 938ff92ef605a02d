"""The Arcana card set, read from data/cards.json: creatures, runes and wards designed for
this site (ARCANA.md "Sample card set"). The site shows card texts from the same file."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

CREATURE, RUNE, WARD = "creature", "rune", "ward"

OPS = frozenset({"destroy", "modify", "return", "negate", "special_summon", "draw", "hp",
                 "counter"})
"""The effect vocabulary of AR-EFFECT-2: destroy, modify power or toughness, return to hand,
negate an attack, special summon (from hand or netherworld), draw N; and, for issue 34's
pool, change a player's HP by the card's own text (AR-EFFECT-4) and negate the chain link
below (AR-EFFECT-5). Destroy also reaches a set rune (AR-EFFECT-6)."""

SELECTS = frozenset({"none", "target", "all", "set_rune", "nether", "hand", "attack_target",
                     "equipped", "self", "arrival"})
"""What an effect reaches: nothing, a selected creature, every creature that fits, a set
rune, a creature in the netherworld or in hand (special summon), the attacked creature,
the creature a ward is equipped to, the creature whose effect it is (AR-EFFECT-3), the
creature just summoned face up (AR-EFFECT-7)."""

TIMINGS = frozenset({"activated", "quick", "flip", "summon", "triggered", "attack"})
"""When a creature or ward effect is used (AR-EFFECT-2); runes need none. "attack" is a
creature's own attack trigger: it becomes a chain link when the creature's attack is
confirmed (AR-EFFECT-3)."""

CONDITIONS = frozenset({"", "any", "attacked", "attacks", "opponent_attacks", "summoned",
                        "chain"})
"""When a rune, or a triggered creature or ward effect, may be used (AR-RUNE-4,
AR-EFFECT-2): any time; when a creature is attacked; when a creature attacks; when an
opponent's creature attacks; when a creature is summoned; in answer to an opponent's chain
link (AR-EFFECT-5). A card naming anything else is
refused when the card set is read, rather than taken as "any time"."""

RARITIES = ("common", "rare", "mythic")
"""AR-DECK-5: common, rare (blue text) and mythic rare (golden text), as the card file
spells them in each card's `rarity` field."""


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
        """The effect can be a chain link (AR-CHAIN-7): quick, or triggered, which is quick
        only while its condition holds."""
        return self.timing in ("quick", "triggered")


@cache
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def card_from_doc(doc: dict[str, Any]) -> CardDef:
    """A card from its data, checked against the effect vocabulary: an unknown op, selector,
    timing or condition is an error here, when the set is read, so that no card silently
    means something else (a condition nobody understands used to read as "any time")."""
    c = CardDef(
        id=int(doc["id"]), name=str(doc["name"]), kind=str(doc["kind"]),
        rarity=str(doc["rarity"]), text=str(doc["text"]), stars=int(doc.get("stars", 0)),
        type=str(doc.get("type", "")), power=int(doc.get("power", 0)),
        toughness=int(doc.get("toughness", 0)), relic=bool(doc.get("relic", False)),
        condition=str(doc.get("condition", "")), effect=dict(doc.get("effect", {})))
    problems = []
    if c.rarity not in RARITIES:
        problems.append(f"unknown rarity {c.rarity!r}")
    if c.condition not in CONDITIONS:
        problems.append(f"unknown condition {c.condition!r}")
    if c.effect:
        if c.effect.get("op") not in OPS:
            problems.append(f"unknown op {c.effect.get('op')!r}")
        if c.effect.get("select", "none") not in SELECTS:
            problems.append(f"unknown selector {c.effect.get('select')!r}")
        if c.kind != RUNE and c.timing not in TIMINGS:
            problems.append(f"unknown timing {c.timing!r}")
    if c.timing == "triggered" and c.condition in ("", "any"):
        problems.append("a triggered effect names no condition")
    if problems:
        raise ValueError(f"Arcana card {c.id} ({c.name}): {'; '.join(problems)}.")
    return c


TYPES: tuple[str, ...] = tuple(_data()["types"])
"""The fixed list of creature types (AR-SUMMON-7)."""

CARDS: dict[int, CardDef] = {c.id: c for c in map(card_from_doc, _data()["cards"])}
"""Every card by id."""

STARTERS: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = tuple(
    (str(d["name"]), tuple((int(c), int(n)) for c, n in d["entries"]))
    for d in _data()["starter_decks"])
"""The starter decks: (name, ((card id, copies), ...)), each with its plan in
`STARTER_PLANS`."""

STARTER_PLANS: dict[str, str] = {str(d["name"]): str(d.get("plan", ""))
                                 for d in _data()["starter_decks"]}
"""What each starter deck tries to do, in a sentence (shown with the deck)."""


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
