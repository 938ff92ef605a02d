"""The game state: plain typed data with __slots__, cheap to clone for search.

Hand slots are 1..8 in the rules and 0..7 in these lists (index = slot - 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from marcomage.platform.rng import Rng

from .cards import CARDS, Card

HAND_SIZE: Final = 8

# C-GEN-7 / C-SETUP-1 constants.
START_TOWER: Final = 30
START_WALL: Final = 25
START_FACILITY: Final = 3
START_BRICKS: Final = 15
START_GEMS: Final = 5
START_RECRUITS: Final = 10
MAX_TOWER: Final = 100
MAX_WALL: Final = 150
RESOURCE_VICTORY: Final = 400
ROUND_LIMIT: Final = 250

# The eight attributes in the order of the change indicators (C-CHG-1).
ATTRIBUTES: Final[tuple[str, ...]] = (
    "quarry", "magic", "dungeons", "bricks", "gems", "recruits", "tower", "wall",
)

Deck = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A deck copy: 15 Common, 15 Uncommon and 15 Rare card ids (indexed by rarity)."""


class EndType(StrEnum):
    """How a game ended (C-END-6)."""

    DESTRUCTION = "Destruction"
    CONSTRUCTION = "Construction"
    RESOURCE = "Resource"
    TIMEOUT = "Timeout"
    DRAW = "Draw"
    SURRENDER = "Surrender"
    ABORT = "Abort"
    ABANDON = "Abandon"


OUTCOME_TEXT: Final[dict[EndType, str]] = {
    EndType.DESTRUCTION: "Tower destruction victory",
    EndType.CONSTRUCTION: "Tower building victory",
    EndType.RESOURCE: "Resource accumulation victory",
    EndType.TIMEOUT: "Timeout victory",
    EndType.DRAW: "Draw",
    EndType.SURRENDER: "Opponent has surrendered",
    EndType.ABORT: "Aborted",
    EndType.ABANDON: "Opponent has fled the battlefield",
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the winner's index (0 or 1), or None for a draw or an abort."""

    winner: int | None
    end_type: EndType

    @property
    def text(self) -> str:
        return OUTCOME_TEXT[self.end_type]


class Entry(NamedTuple):
    """One card-history entry (C-HIST-1): a card played (with its mode) or discarded."""

    card: int
    mode: int
    played: bool


START_ENTRY: Final = Entry(0, 0, True)  # C-SETUP-7

_ENTRIES: Final[dict[int, Entry]] = {}


def entry_of(card: int, mode: int, played: bool) -> Entry:
    """The history entry of a turn, built once per (card, mode, played) and then shared:
    entries are immutable values, and a NamedTuple is costly to build on the hot path."""
    if not (0 <= mode < 256 and card >= 0):
        return Entry(card, mode, played)
    key = (card * 256 + mode) * 2 + played
    found = _ENTRIES.get(key)
    if found is None:
        found = _ENTRIES[key] = Entry(card, mode, played)
    return found


Attributes = tuple[int, int, int, int, int, int, int, int]
"""The eight attributes in ATTRIBUTES order."""


class Player:
    """One side of the duel: tower, wall, facilities, stock, hand and bookkeeping."""

    __slots__ = (
        "bricks", "changes", "deck", "discarded_opp", "discarded_own", "dungeons", "gems",
        "hand", "history", "last_played", "magic", "new", "quarry", "recruits", "revealed",
        "token_changes", "token_names", "tokens", "tower", "wall",
    )

    def __init__(self, deck: Deck, token_names: tuple[str, str, str]) -> None:
        self.tower = START_TOWER
        self.wall = START_WALL
        self.quarry = self.magic = self.dungeons = START_FACILITY
        self.bricks, self.gems, self.recruits = START_BRICKS, START_GEMS, START_RECRUITS
        self.hand: list[int] = [0] * HAND_SIZE
        self.new: list[bool] = [False] * HAND_SIZE
        self.revealed: list[bool] = [False] * HAND_SIZE
        self.history: list[Entry] = [START_ENTRY]
        self.last_played = 0  # C-HIST-4: the most recent card played, surviving discards
        self.changes: list[int] = [0] * 8
        self.discarded_own: list[int] = []
        self.discarded_opp: list[int] = []
        self.token_names = token_names
        self.tokens: list[int] = [0, 0, 0]
        self.token_changes: list[int] = [0, 0, 0]
        self.deck = deck

    def clone(self) -> Player:
        p = Player(self.deck, self.token_names)  # (mypyc: no __new__ without __init__)
        p.tower, p.wall = self.tower, self.wall
        p.quarry, p.magic, p.dungeons = self.quarry, self.magic, self.dungeons
        p.bricks, p.gems, p.recruits = self.bricks, self.gems, self.recruits
        p.hand = self.hand[:]
        p.new = self.new[:]
        p.revealed = self.revealed[:]
        p.history = self.history[:]
        p.last_played = self.last_played
        p.changes = self.changes[:]
        p.discarded_own = self.discarded_own[:]
        p.discarded_opp = self.discarded_opp[:]
        p.token_names = self.token_names
        p.tokens = self.tokens[:]
        p.token_changes = self.token_changes[:]
        p.deck = self.deck
        return p

    @property
    def stock(self) -> int:
        return self.bricks + self.gems + self.recruits

    @property
    def facilities(self) -> int:
        return self.quarry + self.magic + self.dungeons

    @property
    def last(self) -> Entry:
        """The "last card" (C-HIST-3): the most recent action, played or discarded."""
        return self.history[-1]

    def attributes(self) -> Attributes:
        """The eight attributes in ATTRIBUTES order."""
        return (
            self.quarry, self.magic, self.dungeons, self.bricks, self.gems, self.recruits,
            self.tower, self.wall,
        )


class Game:
    """A whole duel: both players, whose turn it is, the round, modes and the random source."""

    __slots__ = ("current", "friendly", "guests", "hidden", "outcome", "players", "rng", "round")

    def __init__(
        self, players: tuple[Player, Player], rng: Rng, *, hidden: bool = False,
        friendly: bool = False,
    ) -> None:
        self.players = players
        self.rng = rng
        self.current = 0
        self.round = 1
        self.outcome: Outcome | None = None
        self.hidden = hidden
        self.friendly = friendly
        # Guest cards: (seat, card id) -> the card that plays in place of that card of that
        # seat's deck in this game only, and its document; empty in every ordinary game.
        self.guests: dict[tuple[int, int], tuple[Card, dict[str, object]]] = {}

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def clone(self) -> Game:
        g = Game((self.players[0].clone(), self.players[1].clone()), self.rng.clone(),
                 hidden=self.hidden, friendly=self.friendly)
        g.current, g.round, g.outcome = self.current, self.round, self.outcome
        g.guests = self.guests
        return g

    def card(self, card_id: int, seat: int) -> Card:
        """The card that plays as `card_id` for `seat` in this game: a guest, else the card
        set's."""
        guest = self.guests.get((seat, card_id)) if self.guests else None
        return guest[0] if guest is not None else CARDS[card_id]
