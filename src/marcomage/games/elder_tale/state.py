"""The state of a duel as plain data (ET-DUEL): the two combatants with their HP, piles,
hand and effects in force, the card instances, whose turn and which step, the pending
attack, the exchange log and the game's random source; and its canonical JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marcomage.platform.protocol import Outcome, option
from marcomage.platform.rng import Rng

from .cards import KINDS, Card, card_doc, card_from_json, card_set

DEFEND, ATTACK_STEP, OVER = "defend", "attack", "over"
SCHEMA = 2
"""2: the pending attacks are a list of (attacker, target, cards) for group duels."""

TEAM_LAYOUTS = ("auto", "AB", "ABA", "AAB", "ABB", "ABAB", "AABB", "ABABA", "ABABAB", "AAABBB")
"""ET-GROUP-1: the team of each seat, one letter a seat ("ABA": seats 0 and 2 against seat
1); "auto" is the default of the seat count (AB, ABA, ABAB, ABABA, ABABAB)."""


def default_teams(seats: int) -> str:
    """The default layout: the seats alternate between the two teams."""
    return "AB" * (seats // 2) + "A" * (seats % 2)


@dataclass(frozen=True, slots=True)
class Options:
    """The duel's one option is the teams of a group duel (ET-GROUP-1); ROUND_LIMIT and
    the EN are constants of the ruleset version (PL-PROTO-7); the design options are the
    site's."""

    teams: str = option("auto", choices=TEAM_LAYOUTS)


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
class Attack:
    """An attack waiting for its exchange: the Attack cards `by` played against `target`
    (ET-DUEL-9 step 4; in a 1v1 duel the target is always the other seat)."""

    by: int
    target: int
    cards: list[Played]

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "target": self.target,
                "cards": [p.to_json() for p in self.cards]}

    def clone(self) -> Attack:
        return Attack(self.by, self.target, [Played(p.iid, p.facedown) for p in self.cards])


@dataclass(slots=True)
class Duel:
    """A whole duel. `instances[iid]` is the card id of instance `iid` and `homes[iid]` the
    deck it belongs to (a clutter card's is where it was shuffled); `attacks` are the
    attacks waiting for their exchange, oldest first; `played` holds the active seat's
    Defense and Utility cards of this turn and `building` its Attack cards, aimed at `aim`
    (ET-GROUP-3). `teams[seat]` is the seat's team (0 or 1)."""

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
    attacks: list[Attack] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    building: list[Played] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    outcome: Outcome | None = None
    teams: tuple[int, ...] = (0, 1)
    aim: int | None = None

    @property
    def seats(self) -> int:
        return len(self.fighters)

    @property
    def group(self) -> bool:
        """A group duel (ET-GROUP): more than two seats."""
        return len(self.fighters) > 2

    def enemies(self, seat: int) -> list[int]:
        """The seats of the other team still standing."""
        return [s for s, f in enumerate(self.fighters)
                if self.teams[s] != self.teams[seat] and f.hp > 0]

    def allies(self, seat: int) -> list[int]:
        """The seats of `seat`'s team still standing, `seat` included."""
        return [s for s, f in enumerate(self.fighters)
                if self.teams[s] == self.teams[seat] and f.hp > 0]

    def incoming(self, seat: int) -> list[Attack]:
        """The attacks aimed at `seat`, oldest first."""
        return [a for a in self.attacks if a.target == seat]

    @property
    def pending(self) -> list[Played]:
        """The cards of the attacks the active seat must defend against."""
        return [p for a in self.incoming(self.active) for p in a.cards]

    def card(self, iid: int) -> Card:
        return self.cards[self.instances[iid]]

    def clone(self) -> Duel:
        return Duel(self.cards, self.instances[:], self.homes[:],
                    [f.clone() for f in self.fighters], self.rng.clone(), self.first,
                    self.active, self.turn, self.step, self.en,
                    [a.clone() for a in self.attacks],
                    [Played(p.iid, p.facedown) for p in self.played],
                    [Played(p.iid, p.facedown) for p in self.building], self.log[:],
                    self.outcome, self.teams, self.aim)

    @property
    def round(self) -> int:
        """ET-DUEL-4, ET-GROUP-2: a round is one turn of each seat."""
        return self.turn // len(self.fighters) + 1

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "elder_tale", "schema": SCHEMA,
            "cards": {cid: card_doc(self.cards[cid]) for cid in sorted(self.cards)},
            "instances": self.instances[:], "homes": self.homes[:],
            "fighters": [f.to_json() for f in self.fighters], "rng": self.rng.to_json(),
            "first": self.first, "active": self.active, "turn": self.turn, "step": self.step,
            "en": self.en, "attacks": [a.to_json() for a in self.attacks],
            "played": [p.to_json() for p in self.played],
            "building": [p.to_json() for p in self.building], "log": self.log[:],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "teams": list(self.teams), "aim": self.aim}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Duel:
        if doc.get("format") != "elder_tale" or doc.get("schema") not in (1, SCHEMA):
            raise ValueError("Not an Elder Tale duel state.")

        def played(items: list[list[int]]) -> list[Played]:
            return [Played(int(i), bool(f)) for i, f in items]

        if doc["schema"] == 1:  # a 1v1 duel saved before group duels: one pending attack
            by = doc["pending_by"]
            attacks = ([Attack(by, 1 - by, played(doc["pending"]))]
                       if by is not None and doc["pending"] else [])
        else:
            attacks = [Attack(a["by"], a["target"], played(a["cards"]))
                       for a in doc["attacks"]]

        return cls(
            {cid: stored_card(cid, c) for cid, c in doc["cards"].items()},
            list(doc["instances"]), list(doc["homes"]),
            [Fighter.from_json(f) for f in doc["fighters"]], Rng.from_json(doc["rng"]),
            doc["first"], doc["active"], doc["turn"], doc["step"], doc["en"],
            attacks, played(doc["played"]), played(doc["building"]), list(doc["log"]),
            None if doc["outcome"] is None else Outcome.from_json(doc["outcome"]),
            tuple(doc.get("teams", (0, 1))), doc.get("aim"))


def stored_card(card_id: str, doc: Any) -> Card:
    """The card a state's JSON holds under `card_id`: the card set's own object when the
    document is that card's, unchanged (most are, and reading each again is what made loading
    a state slow), else the card read from the document."""
    known = card_set().cards.get(card_id)
    if known is not None and doc == card_doc(known):
        return known
    return card_from_json(doc, custom=card_id.startswith("custom-"))
