"""The game state: plain slotted records, a cheap `clone()`, and canonical JSON
(PL-STATE-2). Cards are instance ids (0..N-1, assigned from the game's generator after the
shuffle, PL-VIEW-3); `cards[iid]` is the card id of instance `iid`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from marcomage.platform.protocol import Outcome, option
from marcomage.platform.rng import Rng

from .cards import DECKS
from .requirements import RESOURCE_MODES

EMPTY, WAIVED, PERMANENT = -1, -2, -3
"""Markers of a requirement slot that holds no card: open, waived by a health-card discount
(MW-HEALTH-4), or filled by a permanent resource (MW-REQ-8)."""
ALL = -1
"""A discount that waives every requirement (`health_card_discount = "all"`)."""


@dataclass(frozen=True, slots=True)
class Options:
    """The options of MAGEWARS.md (PL-PROTO-7), fixed at game creation."""

    mage_selection: str = option("random", choices=("random", "choose"))  # MW-SETUP-3
    resource_mode: str = option("one_per_card", choices=RESOURCE_MODES)  # MW-REQ-5
    health_loss_choice: str = option("owner", choices=("owner", "random"))  # MW-HEALTH-5


@dataclass(slots=True)
class Manifest:
    """A card on the table while its requirements fill (MW-REQ-3); `owner` is -1 for a
    structure in the centre (MW-CARD-6). `filled[i]` is the card in slot i or a marker.
    `opener` is the seat that opened it: only that seat may spend its `waivers` (the
    health-card discount is the opener's, MW-HEALTH-4), a structure's included."""

    card: int
    owner: int
    slots: list[str]
    filled: list[int]
    waivers: int = 0
    opener: int = -1
    stalled: int = 0
    """Turns of its owner's left during which nothing may be put into it (MW-MEDDLE-1)."""

    def clone(self) -> Manifest:
        return Manifest(self.card, self.owner, self.slots[:], self.filled[:], self.waivers,
                        self.opener, self.stalled)

    def contributed(self) -> list[int]:
        """The contributed cards, each once, in slot order."""
        out: list[int] = []
        for iid in self.filled:
            if iid >= 0 and iid not in out:
                out.append(iid)
        return out

    def open_slots(self) -> list[int]:
        return [i for i, f in enumerate(self.filled) if f == EMPTY]

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "owner": self.owner, "slots": self.slots[:],
                "filled": self.filled[:], "waivers": self.waivers, "opener": self.opener,
                "stalled": self.stalled}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Manifest:
        return cls(int(doc["card"]), int(doc["owner"]), [str(s) for s in doc["slots"]],
                   [int(f) for f in doc["filled"]], int(doc["waivers"]),
                   int(doc.get("opener", doc["owner"])), int(doc.get("stalled", 0)))


def ints(values: Any) -> list[int]:
    return [int(x) for x in values]


@dataclass(slots=True)
class Player:
    """One seat's mage and zones. `hand`, `health` and `charges` are hidden from the other
    seats; everything else is public."""

    mage: int = -1
    alive: bool = True
    left: bool = False
    level: int = 1
    levels: list[int] = field(default_factory=list)
    health: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    pets: list[int] = field(default_factory=list)
    items: list[int] = field(default_factory=list)
    armor: list[int] = field(default_factory=list)
    permanents: list[int] = field(default_factory=list)
    blessings: list[int] = field(default_factory=list)
    charges: dict[int, list[int]] = field(default_factory=dict)
    manifests: list[Manifest] = field(default_factory=list)
    discounts: dict[int, int] = field(default_factory=dict)
    skip: int = 0
    used: list[int] = field(default_factory=list)
    deaths: int = 0
    fallen: bool = False
    shelf: list[int] = field(default_factory=list)
    """Brewed potions waiting to be drunk (MW-POTION-1), public."""
    draughts: dict[int, int] = field(default_factory=dict)
    """Drunk potions still in effect -> the owner's turn ends they last (MW-POTION-3)."""
    """Dead for good (MW-DEATH-5): no resurrection left. A fallen seat is also `left`, out
    of the turn order, but it did not surrender."""

    def clone(self) -> Player:
        return Player(self.mage, self.alive, self.left, self.level, self.levels[:],
                      self.health[:], self.hand[:], self.pets[:], self.items[:],
                      self.armor[:], self.permanents[:], self.blessings[:],
                      {k: v[:] for k, v in self.charges.items()},
                      [m.clone() for m in self.manifests], dict(self.discounts), self.skip,
                      self.used[:], self.deaths, self.fallen, self.shelf[:],
                      dict(self.draughts))

    @property
    def in_game(self) -> bool:
        return not self.left

    def to_json(self) -> dict[str, Any]:
        return {"mage": self.mage, "alive": self.alive, "left": self.left,
                "level": self.level, "levels": self.levels[:], "health": self.health[:],
                "hand": self.hand[:], "pets": self.pets[:], "items": self.items[:],
                "armor": self.armor[:], "permanents": self.permanents[:],
                "blessings": self.blessings[:],
                "charges": {str(k): v[:] for k, v in sorted(self.charges.items())},
                "manifests": [m.to_json() for m in self.manifests],
                "discounts": {str(k): v for k, v in sorted(self.discounts.items())},
                "skip": self.skip, "used": self.used[:], "deaths": self.deaths,
                "fallen": self.fallen, "shelf": self.shelf[:],
                "draughts": {str(k): v for k, v in sorted(self.draughts.items())}}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Player:
        return cls(int(doc["mage"]), bool(doc["alive"]), bool(doc["left"]),
                   int(doc["level"]), ints(doc["levels"]), ints(doc["health"]),
                   ints(doc["hand"]), ints(doc["pets"]), ints(doc["items"]),
                   ints(doc["armor"]), ints(doc["permanents"]), ints(doc["blessings"]),
                   {int(k): ints(v) for k, v in doc["charges"].items()},
                   [Manifest.from_json(m) for m in doc["manifests"]],
                   {int(k): int(v) for k, v in doc["discounts"].items()}, int(doc["skip"]),
                   ints(doc["used"]), int(doc.get("deaths", 0)),
                   bool(doc.get("fallen", False)), ints(doc.get("shelf", [])),
                   {int(k): int(v) for k, v in doc.get("draughts", {}).items()})


@dataclass(slots=True)
class GameState:
    """The whole game. `stage` is the active seat's step of its turn; `decisions` are the
    choices other than the active seat's free actions, the first one pending (MW-CURSE-3,
    MW-HEALTH-5, crafting, hand limit, mage selection)."""

    options: Options
    rng: Rng
    cards: list[str]
    pack: list[dict[str, Any]]
    decks: dict[str, list[int]]
    discards: dict[str, list[int]]
    players: list[Player]
    structures: list[Manifest] = field(default_factory=list)
    built: list[int] = field(default_factory=list)
    active: int = 0
    first: int = 0
    round: int = 1
    stage: str = "select"
    fate_left: int = 0
    decisions: list[dict[str, Any]] = field(default_factory=list)
    challenges: list[int] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    resurrection: Manifest | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    outcome: Outcome | None = None
    homes: dict[str, str] = field(default_factory=dict)
    pending_effects: list[dict[str, Any]] = field(default_factory=list)
    """Effects still to run, each an effect of the vocabulary with its `seat`: the rest of
    an effect list waits here while a curse it drew is decided (MW-CURSE-1)."""
    news: list[dict[str, Any]] = field(default_factory=list)
    """Log lines written by the action being applied (its events; not stored)."""

    def clone(self) -> GameState:
        return GameState(
            self.options, self.rng.clone(), self.cards, self.pack,
            {k: v[:] for k, v in self.decks.items()},
            {k: v[:] for k, v in self.discards.items()},
            [p.clone() for p in self.players], [m.clone() for m in self.structures],
            self.built[:], self.active, self.first, self.round, self.stage, self.fate_left,
            [dict(d) for d in self.decisions], self.challenges[:], self.flags[:],
            None if self.resurrection is None else self.resurrection.clone(),
            self.log[:], self.outcome, self.homes, [dict(e) for e in self.pending_effects])


def state_to_json(state: GameState) -> dict[str, Any]:
    """The canonical JSON of the state, generator included (PL-STATE-2)."""
    return {
        "format": "mage_wars-state", "schema": 1,
        "options": {"mage_selection": state.options.mage_selection,
                    "resource_mode": state.options.resource_mode,
                    "health_loss_choice": state.options.health_loss_choice},
        "rng": state.rng.to_json(), "cards": state.cards[:],
        "pack": [dict(e) for e in state.pack],
        "decks": {d: state.decks[d][:] for d in DECKS},
        "discards": {d: state.discards[d][:] for d in DECKS},
        "players": [p.to_json() for p in state.players],
        "structures": [m.to_json() for m in state.structures], "built": state.built[:],
        "active": state.active, "first": state.first, "round": state.round,
        "stage": state.stage, "fate_left": state.fate_left,
        "decisions": [dict(d) for d in state.decisions], "challenges": state.challenges[:],
        "flags": state.flags[:],
        "resurrection": None if state.resurrection is None else state.resurrection.to_json(),
        "log": [dict(e) for e in state.log],
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "pending_effects": [dict(e) for e in state.pending_effects],
    }


def state_from_json(doc: Mapping[str, Any]) -> GameState:
    """The state back from `state_to_json`."""
    if doc.get("format") != "mage_wars-state" or doc.get("schema") != 1:
        raise ValueError("Not a Mage Wars game state.")
    o = doc["options"]
    return GameState(
        Options(str(o["mage_selection"]), str(o["resource_mode"]),
                str(o["health_loss_choice"])),
        Rng.from_json(doc["rng"]), [str(c) for c in doc["cards"]],
        [dict(e) for e in doc["pack"]],
        {d: [int(i) for i in doc["decks"][d]] for d in DECKS},
        {d: [int(i) for i in doc["discards"][d]] for d in DECKS},
        [Player.from_json(p) for p in doc["players"]],
        [Manifest.from_json(m) for m in doc["structures"]], [int(i) for i in doc["built"]],
        int(doc["active"]), int(doc["first"]), int(doc["round"]), str(doc["stage"]),
        int(doc["fate_left"]), [dict(d) for d in doc["decisions"]],
        [int(i) for i in doc["challenges"]], [str(f) for f in doc["flags"]],
        None if doc["resurrection"] is None else Manifest.from_json(doc["resurrection"]),
        [dict(e) for e in doc["log"]],
        None if doc["outcome"] is None else Outcome.from_json(doc["outcome"]),
        homes_of(doc["pack"]), [dict(e) for e in doc.get("pending_effects", [])])


def homes_of(pack: list[dict[str, Any]]) -> dict[str, str]:
    """Card id -> the deck its copies sit in (their origin deck, MW-DISCARD-1)."""
    return {str(e["card"]): str(e["deck"]) for e in pack}
