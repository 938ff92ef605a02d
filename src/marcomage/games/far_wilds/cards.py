"""The card set as data (FW-CAST-9, FW-MOVE-1, FW-FIGHT): each card's type, domain, level,
flux cost, flags, spawn rule, target spec and effect, and for figures their fighting numbers
(Attack, HP, Speed, Vision, Range) and keywords (Swims, Aloft, strides, Fear, Battle Ready,
Flanking, Entrench, Heal, armour, siege, special actions), read from data/cards.json and
checked by `card_file_problems` when loaded, so that the rules and the site print the same
texts and a mistyped card file fails at once instead of playing wrongly.

The card file schema (every key not listed is an error):

- every card: `id`, `name`, `type` (building, creature, spell, enchantment), `domain` (one
  of `domains` or null for Unaligned), `level` (0..3), `cost` (0..10), `text`; optional
  `deckable` (false for the starting Base).
- buildings: optional `gives` ({domain: levels}), `basic`, `base`.
- figures (buildings and creatures): `health` (maximum HP, at least 1), `vision` (0..5);
  optional `attack` (0..9), `range` (0 = melee only, else Ranged N, 1..5: attacks any
  seen figure within N spaces), `armour` (each attack on it deals that much less, 0..3),
  `siege` (extra Attack against buildings and construction sites), `heal` (HP regained at
  the start of every round, FW-FIGHT-4), `battle_ready` (a meleed figure strikes back at
  once without dimming, FW-FIGHT-2), `flanking` (+1 Attack against a figure adjacent to
  another figure of its side), `entrench` (gains a token at the end of a round undimmed,
  FW-FIGHT-4), `actions` (special actions, below).
- creatures: `speed` (1..6), `spawn` (default, forest, near_building: FW-CAST-7); optional
  `swims`, `aloft`, `strides` (terrains that cost it 1: ["forest"], ["ocean"]), `fear`
  (X: creatures of another domain, constructs excepted, will not move within X spaces,
  FW-MOVE-4), `construct` (unafraid), `trespass` (may end a move in enemy territory).
  Buildings have speed 0 (FW-MOVE-1) and take no `speed`.
- spells and enchantments: `target` ({"kind": none|world|space|entity, "owner": own|enemy,
  "types": [building, creature, site], "well", "terrain": [...], "any_space"}), optional
  `to` (a second, space target), `effect` ({"kind": ..., "amount": N}; the kinds are
  SPELL_EFFECTS and ENCHANTMENT_EFFECTS).
- a special action (FW-FIGHT-5): `id`, `name`, `text`, `effect` (ACTION_EFFECTS), optional
  `dim` (true: using it dims the figure, so it needs it undimmed; false: usable again while
  dimmed), `flux` (its flux cost), `range` (how far its target may be, 0 = itself),
  `target` (an entity target spec as above; default: none).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any

BUILDING, CREATURE, SPELL, ENCHANTMENT = "building", "creature", "spell", "enchantment"
TYPES = (BUILDING, CREATURE, SPELL, ENCHANTMENT)
SPAWN_DEFAULT, SPAWN_FOREST, SPAWN_NEAR_BUILDING = "default", "forest", "near_building"
SPAWNS = (SPAWN_DEFAULT, SPAWN_FOREST, SPAWN_NEAR_BUILDING)
"""The spawn vocabulary of FW-CAST-7."""
STARTING_BASE = "warcamp"
TERRAIN_NAMES = ("land", "forest", "ocean")
TARGET_KINDS = ("none", "world", "space", "entity")
TARGET_TYPES = ("building", "creature", "site")
SPELL_EFFECTS = ("gain_flux", "damage", "heal", "destroy", "move_creature", "draw")
"""What a spell does: gain `amount` flux, deal `amount` damage to its target, heal it by
`amount`, destroy it, move it to the `to` space, draw `amount` cards."""
ENCHANTMENT_EFFECTS = ("vision", "attack", "health", "speed", "armour", "well_income",
                       "income", "cancel_next")
"""On a figure: +`amount` vision, Attack, maximum HP, Speed or armour; on a well space:
`well_income`; on the World: `income` (its owner's), `cancel_next` (FW-RESULT-7)."""
ACTION_EFFECTS = ("damage", "heal", "gain_flux", "fortify")
"""What a special action does: damage or heal its target by `amount`, gain `amount` flux,
or give the figure itself `amount` entrenchment tokens."""

_COMMON = {"id", "name", "type", "domain", "level", "cost", "text", "deckable"}
_FIGURE = {"health", "vision", "attack", "range", "armour", "siege", "heal", "battle_ready",
           "flanking", "entrench", "actions"}
_KEYS = {
    BUILDING: _COMMON | _FIGURE | {"gives", "basic", "base"},
    CREATURE: _COMMON | _FIGURE | {"speed", "spawn", "swims", "aloft", "strides", "fear",
                                   "construct", "trespass"},
    SPELL: _COMMON | {"target", "to", "effect"},
    ENCHANTMENT: _COMMON | {"target", "effect"},
}
_ACTION_KEYS = {"id", "name", "text", "effect", "dim", "flux", "range", "target"}
_TARGET_KEYS = {"kind", "owner", "types", "well", "terrain", "any_space"}


@dataclass(frozen=True, slots=True)
class Target:
    """What a spell, enchantment or special action may target (FW-CAST-9): `kind` is none,
    world, space or entity; the filters narrow it; `any_space` lifts the visibility rule
    (FW-CAST-11)."""

    kind: str = "none"
    owner: str | None = None  # "own" | "enemy" for entity targets
    types: tuple[str, ...] = ()  # "building" | "creature" | "site"
    well: bool = False  # space targets: a Flux Well space only
    terrain: tuple[str, ...] = ()
    any_space: bool = False


@dataclass(frozen=True, slots=True)
class Ability:
    """A special action of a figure (FW-FIGHT-5): `dim` says whether using it dims the
    figure (and so needs it undimmed), `flux` what it costs, `range` how far its target may
    stand (0: the figure itself), `target` what it may aim at."""

    id: str
    name: str
    text: str
    effect: MappingProxyType[str, Any]
    dim: bool = True
    flux: int = 0
    range: int = 0
    target: Target = Target()


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the set; `gives` is the domain levels it adds while on the map; `health`
    is a figure's maximum HP; `range` 0 means it fights in melee only."""

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
    attack: int = 0
    speed: int = 0
    range: int = 0
    armour: int = 0
    siege: int = 0
    heal: int = 0
    strides: tuple[str, ...] = ()
    fear: int = 0
    construct: bool = False
    trespass: bool = False
    battle_ready: bool = False
    flanking: bool = False
    entrench: bool = False
    actions: tuple[Ability, ...] = ()

    @property
    def figure(self) -> bool:
        return self.type in (BUILDING, CREATURE)

    @property
    def keywords(self) -> tuple[str, ...]:
        """The figure's keywords in words, for the site's card faces and help."""
        words: list[str] = []
        if self.range:
            words.append(f"Ranged {self.range}")
        if self.swims:
            words.append("Swims")
        if self.aloft:
            words.append("Aloft")
        words.extend(f"{t.capitalize()}stride" for t in self.strides)
        if self.fear:
            words.append(f"Fear {self.fear}")
        if self.battle_ready:
            words.append("Battle Ready")
        if self.flanking:
            words.append("Flanking")
        if self.entrench:
            words.append("Entrench")
        if self.heal:
            words.append(f"Heal {self.heal}")
        if self.armour:
            words.append(f"Armour {self.armour}")
        if self.siege:
            words.append(f"Siege {self.siege}")
        if self.construct:
            words.append("Construct")
        return tuple(words)


def _target(doc: Any) -> Target:
    if doc is None:
        return Target()
    return Target(doc.get("kind", "space"), doc.get("owner"), tuple(doc.get("types", ())),
                  bool(doc.get("well", False)), tuple(doc.get("terrain", ())),
                  bool(doc.get("any_space", False)))


def _ability(doc: Mapping[str, Any]) -> Ability:
    return Ability(str(doc["id"]), str(doc["name"]), str(doc["text"]),
                   MappingProxyType(dict(doc["effect"])), bool(doc.get("dim", True)),
                   int(doc.get("flux", 0)), int(doc.get("range", 0)),
                   _target(doc.get("target", {"kind": "none"})))


def _card(doc: Mapping[str, Any]) -> Card:
    return Card(
        id=doc["id"], name=doc["name"], type=doc["type"], domain=doc.get("domain"),
        level=int(doc["level"]), cost=int(doc["cost"]), text=doc["text"],
        gives=MappingProxyType(dict(doc.get("gives", {}))), basic=bool(doc.get("basic")),
        base=bool(doc.get("base")), vision=int(doc.get("vision", 0)),
        health=int(doc.get("health", 0)), spawn=doc.get("spawn", SPAWN_DEFAULT),
        swims=bool(doc.get("swims")), aloft=bool(doc.get("aloft")),
        deckable=bool(doc.get("deckable", True)), target=_target(doc.get("target")),
        to=None if "to" not in doc else _target(doc["to"]),
        effect=MappingProxyType(dict(doc.get("effect", {}))),
        attack=int(doc.get("attack", 0)), speed=int(doc.get("speed", 0)),
        range=int(doc.get("range", 0)), armour=int(doc.get("armour", 0)),
        siege=int(doc.get("siege", 0)), heal=int(doc.get("heal", 0)),
        strides=tuple(doc.get("strides", ())), fear=int(doc.get("fear", 0)),
        construct=bool(doc.get("construct")), trespass=bool(doc.get("trespass")),
        battle_ready=bool(doc.get("battle_ready")), flanking=bool(doc.get("flanking")),
        entrench=bool(doc.get("entrench")),
        actions=tuple(_ability(a) for a in doc.get("actions", ())))


# -- checking the card file -------------------------------------------------------------------

def _int_in(doc: Mapping[str, Any], key: str, low: int, high: int, where: str,
            problems: list[str], required: bool = False) -> None:
    if key not in doc:
        if required:
            problems.append(f"{where}: `{key}` is missing.")
        return
    value = doc[key]
    if type(value) is not int or not low <= value <= high:
        problems.append(f"{where}: `{key}` must be a whole number from {low} to {high}, "
                        f"not {value!r}.")


def _bools(doc: Mapping[str, Any], keys: Iterable[str], where: str,
           problems: list[str]) -> None:
    for key in keys:
        if key in doc and type(doc[key]) is not bool:
            problems.append(f"{where}: `{key}` must be true or false, not {doc[key]!r}.")


def _target_problems(doc: Any, where: str, problems: list[str]) -> None:
    if not isinstance(doc, Mapping):
        problems.append(f"{where}: a target is an object.")
        return
    for key in set(doc) - _TARGET_KEYS:
        problems.append(f"{where}: unknown target key `{key}`.")
    if doc.get("kind", "space") not in TARGET_KINDS:
        problems.append(f"{where}: target kind {doc.get('kind')!r} is not one of "
                        f"{', '.join(TARGET_KINDS)}.")
    if doc.get("owner") not in (None, "own", "enemy"):
        problems.append(f"{where}: target owner must be own or enemy.")
    for key, allowed in (("types", TARGET_TYPES), ("terrain", TERRAIN_NAMES)):
        values = doc.get(key, [])
        if not isinstance(values, list) or any(v not in allowed for v in values):
            problems.append(f"{where}: target {key} must be a list of {', '.join(allowed)}.")
    _bools(doc, ("well", "any_space"), where, problems)


def _effect_problems(doc: Any, kinds: tuple[str, ...], where: str,
                     problems: list[str]) -> None:
    if not isinstance(doc, Mapping) or doc.get("kind") not in kinds:
        problems.append(f"{where}: effect kind must be one of {', '.join(kinds)}.")
        return
    if "amount" in doc and type(doc["amount"]) is not int:
        problems.append(f"{where}: effect amount must be a whole number.")
    needs_amount = {"gain_flux", "damage", "heal", "draw", "fortify", "vision", "attack",
                    "health", "speed", "armour", "well_income", "income"}
    if doc["kind"] in needs_amount and "amount" not in doc:
        problems.append(f"{where}: effect {doc['kind']} needs an amount.")


def _figure_problems(doc: Mapping[str, Any], where: str, problems: list[str]) -> None:
    _int_in(doc, "health", 1, 30, where, problems, required=True)
    _int_in(doc, "vision", 0, 5, where, problems, required=True)
    for key, high in (("attack", 9), ("range", 5), ("armour", 3), ("siege", 5), ("heal", 5)):
        _int_in(doc, key, 0, high, where, problems)
    _bools(doc, ("battle_ready", "flanking", "entrench"), where, problems)
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        problems.append(f"{where}: `actions` is a list.")
        return
    seen: set[str] = set()
    for n, action in enumerate(actions):
        at = f"{where}, action {n + 1}"
        if not isinstance(action, Mapping):
            problems.append(f"{at}: an action is an object.")
            continue
        for key in set(action) - _ACTION_KEYS:
            problems.append(f"{at}: unknown key `{key}`.")
        for key in ("id", "name", "text"):
            if not isinstance(action.get(key), str) or not action.get(key):
                problems.append(f"{at}: `{key}` must be a non-empty text.")
        if action.get("id") in seen:
            problems.append(f"{at}: the action id {action.get('id')!r} repeats.")
        seen.add(str(action.get("id")))
        _bools(action, ("dim",), at, problems)
        _int_in(action, "flux", 0, 10, at, problems)
        _int_in(action, "range", 0, 5, at, problems)
        _effect_problems(action.get("effect"), ACTION_EFFECTS, at, problems)
        if action.get("dim", True) is False and not action.get("flux"):
            problems.append(f"{at}: an action that does not dim must cost flux, or it could "
                            "be used without end.")
        if "target" in action:
            _target_problems(action["target"], at, problems)
            if action["target"].get("kind", "space") not in ("none", "entity"):
                problems.append(f"{at}: a special action targets none or an entity.")


def _card_problems(doc: Any, domains: tuple[str, ...], problems: list[str]) -> None:
    if not isinstance(doc, Mapping):
        problems.append(f"A card is an object, not {doc!r}.")
        return
    where = f"card {doc.get('id')!r}"
    kind = doc.get("type")
    if kind not in TYPES:
        problems.append(f"{where}: type {kind!r} is not one of {', '.join(TYPES)}.")
        return
    for key in set(doc) - _KEYS[kind]:
        problems.append(f"{where}: `{key}` is not a key of a {kind}.")
    for key in ("id", "name", "text"):
        if not isinstance(doc.get(key), str) or not doc.get(key):
            problems.append(f"{where}: `{key}` must be a non-empty text.")
    if doc.get("domain") is not None and doc.get("domain") not in domains:
        problems.append(f"{where}: domain {doc.get('domain')!r} is not one of "
                        f"{', '.join(domains)} or null.")
    _int_in(doc, "level", 0, 3, where, problems, required=True)
    _int_in(doc, "cost", 0, 10, where, problems, required=True)
    _bools(doc, ("deckable", "basic", "base", "swims", "aloft", "construct", "trespass"),
           where, problems)
    gives = doc.get("gives", {})
    if not isinstance(gives, Mapping) or any(
            d not in domains or type(n) is not int or n < 1 for d, n in gives.items()):
        problems.append(f"{where}: `gives` maps domains to levels of at least 1.")
    if kind in (BUILDING, CREATURE):
        _figure_problems(doc, where, problems)
    if kind == CREATURE:
        _int_in(doc, "speed", 1, 6, where, problems, required=True)
        _int_in(doc, "fear", 0, 3, where, problems)
        if doc.get("spawn", SPAWN_DEFAULT) not in SPAWNS:
            problems.append(f"{where}: spawn must be one of {', '.join(SPAWNS)}.")
        strides = doc.get("strides", [])
        if not isinstance(strides, list) or any(t not in TERRAIN_NAMES for t in strides):
            problems.append(f"{where}: strides must be a list of {', '.join(TERRAIN_NAMES)}.")
    if kind in (SPELL, ENCHANTMENT):
        if "target" not in doc:
            problems.append(f"{where}: a {kind} needs a target.")
        else:
            _target_problems(doc["target"], where, problems)
        if "to" in doc:
            _target_problems(doc["to"], where, problems)
        _effect_problems(doc.get("effect"), SPELL_EFFECTS if kind == SPELL
                         else ENCHANTMENT_EFFECTS, where, problems)


def card_file_problems(doc: Any) -> list[str]:
    """Every problem of a card file, in words (empty when it is sound): unknown or missing
    keys, numbers out of range, unknown domains, terrains, effects or target kinds, repeated
    ids, army entries naming no deckable card. The loader refuses a file with problems."""
    if not isinstance(doc, Mapping):
        return ["The card file is an object with domains, cards and armies."]
    problems: list[str] = []
    domains = doc.get("domains")
    if not isinstance(domains, list) or not all(isinstance(d, str) for d in domains):
        return ["`domains` is a list of domain ids."]
    cards = doc.get("cards")
    if not isinstance(cards, list):
        return ["`cards` is a list of cards."]
    ids: set[str] = set()
    deckable: set[str] = set()
    for entry in cards:
        _card_problems(entry, tuple(domains), problems)
        if isinstance(entry, Mapping):
            if entry.get("id") in ids:
                problems.append(f"The card id {entry.get('id')!r} repeats.")
            ids.add(str(entry.get("id")))
            if entry.get("deckable", True):
                deckable.add(str(entry.get("id")))
    if STARTING_BASE not in ids:
        problems.append(f"The starting Base {STARTING_BASE!r} is missing.")
    for army in doc.get("armies", []):
        if not isinstance(army, Mapping) or not isinstance(army.get("entries"), list):
            problems.append("An army is an object with a name, a format and entries.")
            continue
        for entry in army["entries"]:
            if not isinstance(entry, Mapping) or entry.get("card") not in deckable or (
                    type(entry.get("count")) is not int or entry["count"] < 1):
                problems.append(f"Army {army.get('name')!r}: bad entry {entry!r}.")
    return problems


def parse_card_file(text: str) -> dict[str, Any]:
    """The card file's JSON, checked; ValueError listing every problem if it is not sound."""
    doc: dict[str, Any] = json.loads(text)
    problems = card_file_problems(doc)
    if problems:
        raise ValueError("The Far Wilds card file is not sound:\n" + "\n".join(problems))
    return doc


def cards_of(doc: Mapping[str, Any]) -> dict[str, Card]:
    """The cards of a checked card file, by id."""
    return {entry["id"]: _card(entry) for entry in doc["cards"]}


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    return parse_card_file(text)


_DATA = _load()
DOMAINS: tuple[str, ...] = tuple(_DATA["domains"])
DOMAIN_NAMES = MappingProxyType({"sylvan": "Sylvan", "dark_legion": "Dark Legion",
                                 "mountain_folk": "Mountain Folk", "elemental": "Elemental"})
CARD_TABLE: dict[str, Card] = cards_of(_DATA)
"""The table behind CARDS (the rule tests add cards of their own to it for a test)."""
CARDS: MappingProxyType[str, Card] = MappingProxyType(CARD_TABLE)
ARMIES: tuple[dict[str, Any], ...] = tuple(_DATA["armies"])
"""The premade armies, each legal in its format."""


def card(card_id: str) -> Card:
    """The card with this id; KeyError when there is none."""
    return CARDS[card_id]


def domain_name(domain: str | None) -> str:
    return "Unaligned" if domain is None else DOMAIN_NAMES[domain]
