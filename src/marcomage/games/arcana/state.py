"""The Arcana game state: card instances on their zones, the two players, the open attack,
the chain and its response window. Plain slotted classes with explicit copies (they are
cloned on every accepted action and in every search playout)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marcomage.platform.protocol import Outcome, option
from marcomage.platform.rng import Rng

ZONES = 5
"""Creature zones and rune zones per player (AR-SUMMON-8, AR-RUNE-3)."""

ATTACK, DEFENSE = "attack", "defense"
MULLIGAN, MAIN1, BATTLE, MAIN2, OVER = "mulligan", "main1", "battle", "main2", "over"


@dataclass(frozen=True, slots=True)
class Options:
    """Options of ARCANA.md (PL-PROTO-7), fixed when the game is created.

    `summoned_can_attack`: a creature may attack in the turn it arrives from match turn 2 on
    (AR-START-7; False is the stricter reading). `deck_out_loses`: drawing from an empty deck
    loses (AR-START-5; default False). `empty_deck_hp`: when it does not, the HP a player
    loses at each Draw phase of theirs with an empty deck (AR-START-5, ruleset version 4: a
    board that both players have stopped changing still ends; 0 is version 3's reading, the
    draw skipped at no cost). `set_rune_delay`: a set rune cannot be activated in the turn it
    was set (AR-RUNE-3)."""

    summoned_can_attack: bool = True
    deck_out_loses: bool = False
    empty_deck_hp: int = option(1, bounds=(0, 10))
    set_rune_delay: bool = True


class Piece:
    """One physical card in play or in a pile. `uid` is internal and never shown; a field
    card is named by its side and zone. `owner` never changes; the controller is the side
    whose zone holds it (AR-NETHER-1)."""

    __slots__ = ("active_until", "arrived", "attacked", "blocked", "card", "changed",
                 "face_up", "mods", "owner", "position", "set_turn", "special", "uid",
                 "used", "wards")

    def __init__(self, uid: int, card: int, owner: int) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner
        self.reset()

    def reset(self) -> None:
        """Back to the base state: what a card is in a hand, deck or netherworld
        (AR-NETHER-2)."""
        self.face_up = False
        self.position = DEFENSE
        self.arrived = 0        # match turn it came onto the field
        self.special = False    # arrived by special summon (AR-SUMMON-6 exemption)
        self.attacked = 0       # match turn it last attacked
        self.changed = 0        # match turn its position last changed (or flip summon)
        self.blocked = 0        # match turn it last blocked
        self.used = 0           # match turn its effect was last used
        self.set_turn = 0       # rune: match turn it was set
        self.active_until = 0   # rune: activated, leaves at the end of this match turn
        self.mods: list[tuple[int, int, int]] = []   # (power, toughness, until match turn)
        self.wards: list[Piece] = []

    def clone(self) -> Piece:
        p = Piece.__new__(Piece)
        p.uid, p.card, p.owner = self.uid, self.card, self.owner
        p.face_up, p.position, p.arrived, p.special = (
            self.face_up, self.position, self.arrived, self.special)
        p.attacked, p.changed, p.blocked, p.used = (
            self.attacked, self.changed, self.blocked, self.used)
        p.set_turn, p.active_until = self.set_turn, self.active_until
        p.mods = self.mods[:]
        p.wards = [w.clone() for w in self.wards] if self.wards else []
        return p


class Player:
    """One side: HP, piles, five creature zones and five rune zones."""

    __slots__ = ("creatures", "deck", "hand", "hp", "mulligan", "nether", "normal_done",
                 "roll", "runes")

    def __init__(self) -> None:
        self.hp = 10
        self.deck: list[Piece] = []
        self.hand: list[Piece] = []
        self.nether: list[Piece] = []   # most recent last (AR-NETHER-3)
        self.creatures: list[Piece | None] = [None] * ZONES
        self.runes: list[Piece | None] = [None] * ZONES
        self.normal_done = False
        self.mulligan = ""              # "", "keep" or "redraw"
        self.roll: list[int] = []

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.hp, p.normal_done, p.mulligan, p.roll = (
            self.hp, self.normal_done, self.mulligan, self.roll[:])
        p.deck = [c.clone() for c in self.deck]
        p.hand = [c.clone() for c in self.hand]
        p.nether = [c.clone() for c in self.nether]
        p.creatures = [None if c is None else c.clone() for c in self.creatures]
        p.runes = [None if c is None else c.clone() for c in self.runes]
        return p


class Link:
    """One link of the chain (AR-CHAIN): who added it, the card whose effect it is, where
    that card was, and the chosen target: a uid (a creature, a set rune, a creature in the
    netherworld), or for a special summon from hand the card id, which the choice reveals
    (the instance stays hidden). `kind` is rune, creature, ward, flip or summon."""

    __slots__ = ("card", "kind", "on_attack", "seat", "source", "target")

    def __init__(self, seat: int, kind: str, card: int, source: int, target: int,
                 on_attack: bool) -> None:
        self.seat, self.kind, self.card, self.source = seat, kind, card, source
        self.target, self.on_attack = target, on_attack

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "card": self.card,
                "source": self.source, "target": self.target, "on_attack": self.on_attack}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Link:
        return cls(int(d["seat"]), str(d["kind"]), int(d["card"]), int(d["source"]),
                   int(d["target"]), bool(d["on_attack"]))


class Attack:
    """The attack being built or resolved (AR-BATTLE-2, AR-BATTLE-4). `target` is the
    defender's zone, or -1 for a direct attack; attackers are uids in declaration order."""

    __slots__ = ("attackers", "blocker", "call_off_ok", "negated", "party", "stage",
                 "target", "target_uid")

    def __init__(self, target: int, target_uid: int) -> None:
        self.target, self.target_uid = target, target_uid
        self.attackers: list[int] = []
        self.blocker = -1            # uid of the blocker, -1 for none
        self.stage = "build"         # build, block, window, call_off, continue
        self.call_off_ok = False     # AR-CHAIN-5
        self.negated = False
        self.party: list[tuple[int, int]] = []  # (uid, power) left after the blocker

    def clone(self) -> Attack:
        a = Attack(self.target, self.target_uid)
        a.attackers, a.blocker, a.stage = self.attackers[:], self.blocker, self.stage
        a.call_off_ok, a.negated, a.party = self.call_off_ok, self.negated, self.party[:]
        return a

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "target_uid": self.target_uid,
                "attackers": self.attackers[:], "blocker": self.blocker, "stage": self.stage,
                "call_off_ok": self.call_off_ok, "negated": self.negated,
                "party": [list(p) for p in self.party]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Attack:
        a = cls(int(d["target"]), int(d["target_uid"]))
        a.attackers = [int(x) for x in d["attackers"]]
        a.blocker, a.stage = int(d["blocker"]), str(d["stage"])
        a.call_off_ok, a.negated = bool(d["call_off_ok"]), bool(d["negated"])
        a.party = [(int(u), int(p)) for u, p in d["party"]]
        return a


class Game:
    """The whole duel. `turn` is the match turn number (AR-TURN-5); the turn player is
    `first` on odd turns. `priority` and `passes` describe the open response window
    (priority -1: none open)."""

    __slots__ = ("arrival", "attack", "cancels", "chain", "first", "log", "options",
                 "outcome", "passes", "phase", "players", "priority", "rng", "summoned",
                 "turn")

    def __init__(self, options: Options, rng: Rng) -> None:
        self.options = options
        self.rng = rng
        self.players = [Player(), Player()]
        self.turn = 0
        self.first = 0
        self.phase = MULLIGAN
        self.attack: Attack | None = None
        self.chain: list[Link] = []
        self.priority = -1
        self.passes = 0
        self.cancels = 0          # attack declarations cancelled this turn
        self.summoned = -1        # a summon during chain resolution opens a window after
        self.arrival = 0          # uid of the creature whose face-up summon the open (or
        #                           pending) window answers: "when a creature is summoned"
        self.log: list[str] = []
        self.outcome: Outcome | None = None

    @property
    def current(self) -> int:
        """The turn player."""
        return self.first if self.turn % 2 == 1 else 1 - self.first

    def clone(self) -> Game:
        g = Game.__new__(Game)
        g.options, g.rng = self.options, self.rng.clone()
        g.players = [p.clone() for p in self.players]
        g.turn, g.first, g.phase = self.turn, self.first, self.phase
        g.attack = None if self.attack is None else self.attack.clone()
        g.chain = self.chain[:]    # links are never changed once made
        g.priority, g.passes, g.cancels, g.summoned, g.arrival = (
            self.priority, self.passes, self.cancels, self.summoned, self.arrival)
        g.log = self.log[:]
        g.outcome = self.outcome
        return g
