"""The protocol every game system implements (PL-PROTO): the only door between a ruleset and
the site, the bots, replays and statistics.

Seats are numbered from 0 everywhere (Python, JSON, URLs, the database). An action is a JSON
object with a "type" and ids only; a state is opaque to everyone but its ruleset, which turns
it into canonical JSON (`to_json`) and into what one seat may see (`view`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, runtime_checkable

if TYPE_CHECKING:
    from .bots import BotFactory
    from .rng import Rng

Seat = int
"""A seat number, 0 to seats-1."""

Action = dict[str, Any]
"""A move as JSON: {"type": ..., ids...} (PL-PROTO-4)."""

Event = dict[str, Any]
"""Something that happened, with a "visibility" like zones have (PL-PROTO-5)."""

State = Any
"""A ruleset's own state object; only the ruleset reads it."""

SURRENDER, ABORT, ABANDON = "surrender", "abort", "abandon"
PLATFORM_END_TYPES = (SURRENDER, ABORT, ABANDON)
"""End types the platform adds to every game (PL-PROTO-6): surrender (a seat resigns), abort
(no winner, an inactive player) and abandon (the opponent stopped moving: "Finish")."""


CHOICES, BOUNDS, FIXED = "choices", "bounds", "fixed"
"""Keys of an `Options` field's metadata (PL-PROTO-7) that tell a form what the ruleset
accepts: `choices`, the values a text option may take; `bounds`, (lowest, highest) of a
number option; `fixed`, an option this version accepts only at its default. The ruleset's
`options_from_json` still checks them; the lobby only shows them (a list, a number input
with its limits, a setting that cannot be changed)."""


def option(default: Any, *, choices: Sequence[str] | None = None,
           bounds: tuple[int, int] | None = None, fixed: bool = False) -> Any:
    """An `Options` field with its default and, where it has them, its choices or bounds, or
    whether it is fixed at its default."""
    metadata: dict[str, Any] = {}
    if choices is not None:
        metadata[CHOICES] = tuple(choices)
    if bounds is not None:
        metadata[BOUNDS] = bounds
    if fixed:
        metadata[FIXED] = True
    return field(default=default, metadata=metadata)


class IllegalAction(ValueError):
    """An action the ruleset refuses; the state is left exactly as it was (PL-PROTO-5)."""

    code = "illegal"

    def __init__(self, message: str = "That move is not allowed now.", code: str | None = None
                 ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


@dataclass(frozen=True, slots=True)
class Violation:
    """Why a deck cannot be played: a stable code and words a player understands."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Format:
    """A deck format of one game system (PL-SHARED-2)."""

    id: str
    name: str
    description: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended (PL-PROTO-6); `winners` is empty for a draw or an abort."""

    result: str  # "win" | "draw" | "none" (an abort: no result)
    winners: tuple[Seat, ...]
    end_type: str
    final_round: int

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "winners": list(self.winners),
                "end_type": self.end_type, "final_round": self.final_round}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Outcome:
        return cls(str(doc["result"]), tuple(int(s) for s in doc["winners"]),
                   str(doc["end_type"]), int(doc["final_round"]))


def platform_end(end_type: str, winners: Sequence[Seat], final_round: int) -> Outcome:
    """The outcome of a platform end (PL-PROTO-6), checked: surrender and abandon name
    their winners, an abort names none; anything else raises ValueError."""
    if end_type not in PLATFORM_END_TYPES:
        raise ValueError(f"{end_type!r} is not a platform end type.")
    if (end_type == ABORT) != (not winners):
        raise ValueError(f"{end_type!r} takes {'no' if end_type == ABORT else 'some'} winners.")
    return Outcome("none" if end_type == ABORT else "win", tuple(sorted(winners)), end_type,
                   final_round)


class DeckEntry(TypedDict):
    card: int | str
    count: int


class DeckDoc(TypedDict, total=False):
    """The platform deck document (PL-SHARED-2); `extra` is the game's own part (MArcomage's
    token keywords, Elder Tale's three decks, a Mage Wars pack)."""

    game: str
    format: str
    name: str
    entries: list[DeckEntry]
    extra: dict[str, Any]


@dataclass(frozen=True)
class Side:
    """A ready-made side that the balance lab measures against the others (issues 32-35): a
    starter deck, an army, a character or a mage, by the name players know it by."""

    name: str
    deck: DeckDoc


@dataclass(frozen=True, slots=True)
class SeatAward:
    """What one seat earns from a finished game (PL-SHARED-4): the result from its side,
    the EXP gained, and the game's own details (awards, phases) for a battle report."""

    result: str  # "win" | "loss" | "draw" | "none"
    exp: int
    details: dict[str, Any] = field(default_factory=dict)


class RulesetCore(Protocol):
    """What every game system writes itself (PL-PROTO). Pure: no I/O, no clock, no global
    random source (PL-PROTO-1)."""

    id: str
    name: str
    version: int
    seats: range
    formats: Mapping[str, Format]
    options_type: type
    max_steps: int
    """A bound on accepted actions in one game; the conformance suite's playout cap."""

    def options_from_json(self, doc: Mapping[str, Any]) -> Any: ...
    def options_to_json(self, options: Any) -> dict[str, Any]: ...
    def validate_deck(self, deck: DeckDoc, fmt: str) -> list[Violation]: ...
    def starter_decks(self) -> list[DeckDoc]: ...
    def new_game(self, options: Any, decks: Sequence[DeckDoc], seed: int) -> State: ...
    def to_act(self, state: State) -> frozenset[Seat]: ...
    def legal_actions(self, state: State, seat: Seat) -> list[Action]: ...
    def apply(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]: ...
    def view(self, state: State, viewer: Seat | None) -> dict[str, Any]: ...
    def outcome(self, state: State) -> Outcome | None: ...
    def resign(self, state: State, seat: Seat) -> State: ...
    def end(self, state: State, end_type: str, winners: Sequence[Seat]) -> State: ...
    def awards(self, state: State, levels: Sequence[int], friendly: bool,
               last: tuple[Seat, Action] | None) -> list[SeatAward]: ...
    def to_json(self, state: State) -> dict[str, Any]: ...
    def from_json(self, doc: Mapping[str, Any]) -> State: ...


@runtime_checkable
class Ruleset(RulesetCore, Protocol):
    """One game system behind the platform (PL-PROTO): its own parts (`RulesetCore`) and
    the optional parts below, every one declared here and given its default by
    `platform.ruleset_base.RulesetBase`, so that a caller calls them and never probes for
    them."""

    hides_information: bool
    """Whether a seat's view leaves out something of the state (hands, decks, fog): then
    `resample_hidden` must redraw it, and the conformance suite insists that it does.
    Default: True."""

    cap_end_types: frozenset[str]
    """End types that mean a game ran into a cap (a round or step limit) instead of being
    decided by play; the balance lab reports their share. Default: {"round_limit"}."""

    shared_pack: bool
    """Whether every seat plays from one shared pack (Mage Wars), so that every "deck" holds
    every card and counting decks says nothing: then the balance lab measures a card by the
    seats that held it early (`cards_held_early`) instead of the decks that held it.
    Default: False (decks are counted)."""

    def cards_held_early(self, start: State, events: Sequence[Event]
                         ) -> list[tuple[str, ...]]:
        """Per seat, the card ids the shuffle put in that seat's hands early in a finished
        game (before how long a seat lived can make a difference), given the game's `start`
        state and every event of its moves in order (read only where `shared_pack` is True).
        Default: refused (NotImplementedError)."""
        ...

    def sides(self) -> list[Side]:
        """The ready-made sides the balance lab plays against each other. Default: the
        starter decks, each named by its deck name."""
        ...

    def side_game(self, options: Any, sides: Sequence[Side], seed: int) -> State:
        """A new game with `sides[k]` on seat k (a game whose sides are not plain decks,
        such as Mage Wars' mages around one shared pack, seats them itself). Default:
        `new_game` with the sides' decks."""
        ...

    def bots(self) -> Mapping[str, BotFactory]:
        """The game's own bots by name (PL-SHARED-5); the platform's random bot is added by
        `platform.bots.bots_for`. Default: none."""
        ...

    def resample_hidden(self, state: State, viewer: Seat | None, rng: Rng) -> State:
        """A new state where what `viewer` cannot see is drawn anew from `rng`, the state
        given unchanged; the conformance suite checks that the viewer's view and legal
        actions stay the same (PL-SHARED-6). Default: a copy (nothing is hidden)."""
        ...

    def resample_fog(self, state: State, viewer: Seat | None, rng: Rng) -> State | None:
        """For a game with a fog of war (an option `fog`): a new state where what stands in
        spaces `viewer` cannot see is moved to other plausible places, the state given
        unchanged; the conformance suite checks views and legal actions against it as
        against `resample_hidden` (issue 38). Default: None (the game has no fog)."""
        ...

    def sample_state(self, view: Mapping[str, Any], rng: Rng) -> State:
        """A whole state consistent with one seat's view, its hidden cards drawn from `rng`
        (what a search bot plays out). Default: refused (NotImplementedError)."""
        ...

    def random_deck(self, rng: Rng) -> DeckDoc:
        """A deck for a simulated game (the lab). Default: one of the starter decks."""
        ...

    def random_playout(self, state: State, rngs: Sequence[Rng]) -> tuple[State, int]:
        """The game played to its end as the platform's random bots would play it (seat k
        drawing from `rngs[k]`) and the number of moves, `state` left as it was; a game may
        make it faster than a move at a time (MArcomage's is compiled). Default: a move at
        a time through the protocol."""
        ...
