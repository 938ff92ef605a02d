"""The battle's state as plain data: options, figures on the map, enchantments, each
player's flux, glory and card zones, the round and the battle log (PL-STATE-1: the random
source lives inside)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marcomage.platform.protocol import Outcome, option
from marcomage.platform.rng import Rng

from .hexmap import DEFAULT_MAP, MAPS

ROUND_LIMIT = 100
"""FW-END-2: the round cap."""
CONSTRUCTION_ROUNDS = 3
"""FW-RESULT-5: round ends without damage before a construction site becomes its building."""
MAX_DOMAIN_LEVEL = 3
"""FW-CAST-2: each domain's level is capped at 3."""
HAND_SIZE = 7
"""FW-HAND-3, FW-HAND-4: the opening hand, and the size below which a round draws."""
GLORY_TO_WIN = 20
"""FW-END-1."""
WELL_GLORY = 2
"""FW-ROUND-5: glory for holding the most Flux Wells at the end of a round."""
BASE_INCOME = 2
"""FW-ROUND-4: flux every player gains at the start of every round."""
ENTRENCH_MAX = 2
"""FW-FIGHT-4: the most entrenchment tokens a figure holds (our number)."""

MULLIGAN, BATTLE, OVER = "mulligan", "battle", "over"
KEEP, MULL = "keep", "mulligan"
BUILDING_KIND, CREATURE_KIND, SITE_KIND = "building", "creature", "site"


@dataclass(frozen=True, slots=True)
class Options:
    """Every choice FARWILDS.md leaves open, fixed when the battle is created and written
    into the replay header (PL-PROTO-7)."""

    autodraw: bool = True                       # FW-HAND-7
    draw_in_round_1: bool = False               # FW-HAND-5
    cycle_is_free: bool = True                  # FW-CYCLE-2
    spawn_needs_domain_base: bool = False       # FW-CAST-5
    reveal_memory: bool = False                 # FW-CAST-10
    creature_movement: bool = True              # FW-MOVE, FW-FIGHT (off: FW-BOARD-5's game)
    enter_enemy_territory: bool = True          # FW-MOVE-3: a move may end there (ours)
    fog: bool = True                            # views
    map: str = option(DEFAULT_MAP.id, choices=tuple(MAPS))  # FW-BOARD-1
    round_limit: int = option(ROUND_LIMIT, bounds=(1, 100))  # FW-END-2
    construction_rounds: int = option(CONSTRUCTION_ROUNDS, bounds=(1, 10))  # FW-RESULT-5
    glory_to_win: int = option(GLORY_TO_WIN, bounds=(1, 100))  # FW-END-1
    well_glory: str = option("each", choices=("each", "most"))  # FW-ROUND-5 (ours)


@dataclass(slots=True)
class Enchant:
    """An enchantment in play: on a figure, on a space or on the World."""

    owner: int
    card: str
    dimmed: bool = True

    def clone(self) -> Enchant:
        return Enchant(self.owner, self.card, self.dimmed)

    def to_json(self) -> list[Any]:
        return [self.owner, self.card, self.dimmed]

    @classmethod
    def from_json(cls, doc: list[Any]) -> Enchant:
        return cls(int(doc[0]), str(doc[1]), bool(doc[2]))


@dataclass(slots=True)
class Figure:
    """A building, a creature or a construction site on one space (FW-RESULT-4, -5)."""

    owner: int
    card: str
    kind: str
    dimmed: bool = True
    damage: int = 0
    progress: int = 0
    enchantments: list[Enchant] = field(default_factory=list)
    entrench: int = 0
    """FW-FIGHT-4: entrenchment tokens, each +1 HP against each attack."""
    hit: bool = False
    """Took damage this round: a construction site does not progress (FW-FIGHT-3)."""
    struck_ground: bool = False
    """An Aloft figure that meleed a ground creature this round may be meleed back."""

    def clone(self) -> Figure:
        return Figure(self.owner, self.card, self.kind, self.dimmed, self.damage,
                      self.progress, [e.clone() for e in self.enchantments], self.entrench,
                      self.hit, self.struck_ground)

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "card": self.card, "kind": self.kind,
                "dimmed": self.dimmed, "damage": self.damage, "progress": self.progress,
                "enchantments": [e.to_json() for e in self.enchantments],
                "entrench": self.entrench, "hit": self.hit,
                "struck_ground": self.struck_ground}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Figure:
        return cls(int(doc["owner"]), str(doc["card"]), str(doc["kind"]), bool(doc["dimmed"]),
                   int(doc["damage"]), int(doc["progress"]),
                   [Enchant.from_json(e) for e in doc["enchantments"]],
                   int(doc.get("entrench", 0)), bool(doc.get("hit", False)),
                   bool(doc.get("struck_ground", False)))


@dataclass(slots=True)
class Player:
    """One side's zones and counters. `deck[0]` is the top; `hand` keeps draw order
    (FW-HAND-7 c reads it in that order)."""

    hand: list[str]
    deck: list[str]
    external: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    flux: int = 0
    glory: int = 0
    cycled: bool = False
    choice: str | None = None
    kept: bool = False

    def clone(self) -> Player:
        return Player(self.hand[:], self.deck[:], self.external[:], self.discard[:], self.flux,
                      self.glory, self.cycled, self.choice, self.kept)

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand[:], "deck": self.deck[:], "external": self.external[:],
                "discard": self.discard[:], "flux": self.flux, "glory": self.glory,
                "cycled": self.cycled, "choice": self.choice, "kept": self.kept}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Player:
        return cls(list(doc["hand"]), list(doc["deck"]), list(doc["external"]),
                   list(doc["discard"]), int(doc["flux"]), int(doc["glory"]),
                   bool(doc["cycled"]), doc["choice"], bool(doc["kept"]))


@dataclass(slots=True)
class Battle:
    """The whole battle. `figures[space]` is None for an empty space; `log` entries are
    {"round", "seat", "what", "card", "space", "seen": [seat 0 saw it, seat 1 saw it], ...};
    a cast with a second space `to` (Wind Step) has "seen_to" for that space likewise."""

    options: Options
    players: list[Player]
    rng: Rng
    figures: list[Figure | None]
    space_enchantments: dict[int, list[Enchant]] = field(default_factory=dict)
    world: list[Enchant] = field(default_factory=list)
    phase: str = MULLIGAN
    round: int = 0
    first: int = 0
    turn: int = 0
    passes: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    revealed: list[list[int]] = field(default_factory=lambda: [[], []])
    outcome: Outcome | None = None
    corpses: dict[int, list[str]] = field(default_factory=dict)
    """FW-FIGHT-3: the cards of the creatures that died on each space (public markers)."""
    ruins: dict[int, list[str]] = field(default_factory=dict)
    """FW-FIGHT-3: the cards of the buildings destroyed on each space (public markers)."""

    def clone(self) -> Battle:
        return Battle(self.options, [p.clone() for p in self.players], self.rng.clone(),
                      [None if f is None else f.clone() for f in self.figures],
                      {s: [e.clone() for e in es] for s, es in self.space_enchantments.items()},
                      [e.clone() for e in self.world], self.phase, self.round, self.first,
                      self.turn, self.passes, list(self.log),
                      [r[:] for r in self.revealed], self.outcome,
                      {s: c[:] for s, c in self.corpses.items()},
                      {s: c[:] for s, c in self.ruins.items()})
