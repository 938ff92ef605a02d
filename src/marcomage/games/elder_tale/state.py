"""The state of a duel as plain data (ET-DUEL): the two combatants with their HP, piles,
hand and effects in force, the card instances, whose turn and which step, the pending
attack, the exchange log and the game's random source; and its canonical JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marcomage.platform.protocol import Outcome
from marcomage.platform.rng import Rng

from .cards import KINDS, Card, card_from_json

DEFEND, ATTACK_STEP, OVER = "defend", "attack", "over"
SCHEMA = 1


@dataclass(frozen=True, slots=True)
class Options:
    """The duel has no option of its own: ROUND_LIMIT and the EN are constants of the
    ruleset version (PL-PROTO-7); the design options are the site's."""


@dataclass(slots=True)
class Active:
    """An effect in force on its bearer, the combatant whose event it modifies (ET-DUEL-12):
    `hits` and `rounds` are what is left of its bounds (None: unbounded); `stage` is Blind's
    "defense" or "attack" and Start Guard's "waiting" or "armed"."""

    type: str
    intensity: int
    hits: int | None = None
    rounds: int | None = None
    deck: str | None = None
    resist: str | None = None
    stage: str = ""
    source: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "intensity": self.intensity, "hits": self.hits,
                "rounds": self.rounds, "deck": self.deck, "resist": self.resist,
                "stage": self.stage, "source": self.source}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Active:
        return cls(doc["type"], doc["intensity"], doc["hits"], doc["rounds"], doc["deck"],
                   doc["resist"], doc["stage"], doc["source"])

    def clone(self) -> Active:
        return Active(self.type, self.intensity, self.hits, self.rounds, self.deck,
                      self.resist, self.stage, self.source)


@dataclass(slots=True)
class Fighter:
    """One combatant: HP, the draw pile and discard pile of each deck (instance ids; a pile
    is drawn from its end), the hand, and the effects in force on them. `veiled` are the
    Facedown cards they played in an attack step and retired at its end, whose identity
    the other seat may not see until the next exchange reveals them (ET-DUEL-10)."""

    hp: int
    max_hp: int
    piles: dict[str, list[int]]
    discards: dict[str, list[int]]
    hand: list[int] = field(default_factory=list)
    effects: list[Active] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    veiled: list[int] = field(default_factory=list)

    def clone(self) -> Fighter:
        return Fighter(self.hp, self.max_hp, {k: v[:] for k, v in self.piles.items()},
                       {k: v[:] for k, v in self.discards.items()}, self.hand[:],
                       [e.clone() for e in self.effects], self.removed[:], self.veiled[:])

    def to_json(self) -> dict[str, Any]:
        return {"hp": self.hp, "max_hp": self.max_hp,
                "piles": {k: self.piles[k][:] for k in KINDS},
                "discards": {k: self.discards[k][:] for k in KINDS}, "hand": self.hand[:],
                "effects": [e.to_json() for e in self.effects], "removed": self.removed[:],
                "veiled": self.veiled[:]}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Fighter:
        return cls(doc["hp"], doc["max_hp"], {k: list(doc["piles"][k]) for k in KINDS},
                   {k: list(doc["discards"][k]) for k in KINDS}, list(doc["hand"]),
                   [Active.from_json(e) for e in doc["effects"]], list(doc["removed"]),
                   list(doc.get("veiled", [])))


@dataclass(slots=True)
class Played:
    """A card on the table: played this turn, or in the pending attack."""

    iid: int
    facedown: bool

    def to_json(self) -> list[int]:
        return [self.iid, int(self.facedown)]


@dataclass(slots=True)
class Duel:
    """A whole duel. `instances[iid]` is the card id of instance `iid` and `homes[iid]` the
    deck it belongs to (a clutter card's is where it was shuffled); `pending` is the attack
    of `pending_by` waiting for its exchange; `played` holds the active seat's Defense and
    Utility cards of this turn and `building` its Attack cards."""

    cards: dict[str, Card]
    instances: list[str]
    homes: list[str]
    fighters: list[Fighter]
    rng: Rng
    first: int
    active: int
    turn: int = 0
    step: str = ATTACK_STEP
    en: int = 2
    pending: list[Played] = field(default_factory=list)
    pending_by: int | None = None
    played: list[Played] = field(default_factory=list)
    building: list[Played] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    outcome: Outcome | None = None

    def card(self, iid: int) -> Card:
        return self.cards[self.instances[iid]]

    def clone(self) -> Duel:
        return Duel(self.cards, self.instances[:], self.homes[:],
                    [f.clone() for f in self.fighters], self.rng.clone(), self.first,
                    self.active, self.turn, self.step, self.en,
                    [Played(p.iid, p.facedown) for p in self.pending], self.pending_by,
                    [Played(p.iid, p.facedown) for p in self.played],
                    [Played(p.iid, p.facedown) for p in self.building], self.log[:],
                    self.outcome)

    @property
    def round(self) -> int:
        """ET-DUEL-4: a round is one turn of each combatant."""
        return self.turn // 2 + 1

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "elder_tale", "schema": SCHEMA,
            "cards": {cid: self.cards[cid].to_json() for cid in sorted(self.cards)},
            "instances": self.instances[:], "homes": self.homes[:],
            "fighters": [f.to_json() for f in self.fighters], "rng": self.rng.to_json(),
            "first": self.first, "active": self.active, "turn": self.turn, "step": self.step,
            "en": self.en, "pending": [p.to_json() for p in self.pending],
            "pending_by": self.pending_by, "played": [p.to_json() for p in self.played],
            "building": [p.to_json() for p in self.building], "log": self.log[:],
            "outcome": None if self.outcome is None else self.outcome.to_json()}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Duel:
        if doc.get("format") != "elder_tale" or doc.get("schema") != SCHEMA:
            raise ValueError("Not an Elder Tale duel state.")

        def played(items: list[list[int]]) -> list[Played]:
            return [Played(int(i), bool(f)) for i, f in items]

        return cls(
            {cid: card_from_json(c, custom=cid.startswith("custom-"))
             for cid, c in doc["cards"].items()},
            list(doc["instances"]), list(doc["homes"]),
            [Fighter.from_json(f) for f in doc["fighters"]], Rng.from_json(doc["rng"]),
            doc["first"], doc["active"], doc["turn"], doc["step"], doc["en"],
            played(doc["pending"]), doc["pending_by"], played(doc["played"]),
            played(doc["building"]), list(doc["log"]),
            None if doc["outcome"] is None else Outcome.from_json(doc["outcome"]))
