"""Replays (PL-STATE-3): a header, the accepted steps with the state hash after each, and
re-simulation that checks every hash.

The state hash is SHA-256 of the state's canonical JSON (PL-STATE-2): sorted keys, no spaces,
no floats. A step is an accepted action of a seat, or a platform step: "surrender" (by a
seat), "abort" (no winner) or "abandon" (the seats still playing win). The web builds a
replay from its stored rows (`Replay`, `ReplayHeader`, `Step`, `make_step`); scripts and tests
use `Recorder`.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import (
    ABANDON,
    ABORT,
    PLATFORM_END_TYPES,
    SURRENDER,
    Action,
    DeckDoc,
    Event,
    IllegalAction,
    Ruleset,
    Seat,
    State,
)

FORMAT = "replay"
SCHEMA = 1
"""The replay JSON's schema version; `Replay.from_json` refuses any other."""

ACTION = "action"
STEP_KINDS = (ACTION, *PLATFORM_END_TYPES)


def canonical_json(doc: Any) -> str:
    """The one text form of a JSON document: sorted keys, no spaces, ASCII only."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)


def state_hash(ruleset: Ruleset, state: State) -> str:
    """SHA-256 (hex) of the state's canonical JSON."""
    return doc_hash(ruleset.to_json(state))


def doc_hash(doc: Any) -> str:
    """`state_hash` of the state whose JSON document is `doc` (a caller that has the
    document already need not build it again)."""
    return hashlib.sha256(canonical_json(doc).encode()).hexdigest()


class ReplayError(ValueError):
    """A replay document that cannot be read, or a replay that does not fit its ruleset."""


@dataclass(frozen=True, slots=True)
class ReplayHeader:
    """What starts the game again: ruleset id and version, options as JSON, the decks as
    committed (in seat order), the seats' names and the seed."""

    ruleset: str
    version: int
    options: dict[str, Any]
    decks: tuple[DeckDoc, ...]
    seats: tuple[str, ...]
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "version": self.version, "options": self.options,
                "decks": list(self.decks), "seats": list(self.seats), "seed": self.seed}

    @classmethod
    def from_json(cls, doc: Any) -> ReplayHeader:
        _need(isinstance(doc, Mapping), "The replay header is an object.")
        ruleset, version, seed = doc.get("ruleset"), doc.get("version"), doc.get("seed")
        options, decks, seats = doc.get("options"), doc.get("decks"), doc.get("seats")
        _need(isinstance(ruleset, str), "The header's 'ruleset' is a ruleset id.")
        _need(type(version) is int, "The header's 'version' is a whole number.")
        _need(type(seed) is int, "The header's 'seed' is a whole number.")
        _need(isinstance(options, dict), "The header's 'options' is an object.")
        _need(isinstance(decks, list) and all(isinstance(d, dict) for d in decks),
              "The header's 'decks' is a list of deck objects.")
        _need(isinstance(seats, list) and all(isinstance(s, str) for s in seats),
              "The header's 'seats' is a list of names.")
        _need(len(seats) == len(decks), "The header names one seat per deck.")
        return cls(ruleset, version, options, tuple(decks), tuple(seats), seed)


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted step and the state hash after it.

    kind "action": `seat` played `action`; "surrender": `seat` resigned; "abort": no
    winners; "abandon": `winners` holds the seats that waited for the others (`seat` is
    None for both)."""

    seat: Seat | None
    kind: str
    action: Action | None
    hash_after: str
    winners: tuple[Seat, ...] = field(default=())

    def __post_init__(self) -> None:
        kind, seat = self.kind, self.seat
        _need(kind in STEP_KINDS, f"A step's kind is one of {', '.join(STEP_KINDS)}, "
                                  f"not {kind!r}.")
        _need((seat is None) == (kind in (ABORT, ABANDON)),
              f"A {kind} step has {'no' if kind in (ABORT, ABANDON) else 'a'} seat.")
        _need((self.action is not None) == (kind == ACTION),
              f"A {kind} step has {'an' if kind == ACTION else 'no'} action.")
        _need(kind == ABANDON or not self.winners, f"A {kind} step names no winners.")
        _need(kind != ABANDON or len(self.winners) >= 1, "An abandon step names its winners.")
        _need(isinstance(self.hash_after, str) and len(self.hash_after) == 64,
              "A step's hash is 64 hex digits.")

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "action": self.action,
                "winners": list(self.winners), "hash": self.hash_after}

    @classmethod
    def from_json(cls, doc: Any) -> Step:
        _need(isinstance(doc, Mapping), "A step is an object.")
        seat, action, winners = doc.get("seat"), doc.get("action"), doc.get("winners", [])
        _need(seat is None or type(seat) is int, "A step's 'seat' is a seat number or null.")
        _need(action is None or isinstance(action, dict), "A step's 'action' is an object.")
        _need(isinstance(winners, list) and all(type(w) is int for w in winners),
              "A step's 'winners' is a list of seat numbers.")
        return cls(seat, str(doc.get("kind")), action, str(doc.get("hash")), tuple(winners))


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole game to re-simulate: the header and the steps in order."""

    header: ReplayHeader
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "schema": SCHEMA, "header": self.header.to_json(),
                "steps": [s.to_json() for s in self.steps]}

    @classmethod
    def from_json(cls, doc: Any) -> Replay:
        """A replay from its JSON; anything malformed raises ReplayError saying what."""
        _need(isinstance(doc, Mapping) and doc.get("format") == FORMAT,
              "This is not a replay (its 'format' is not 'replay').")
        _need(doc.get("schema") == SCHEMA,
              f"Replay schema {doc.get('schema')!r} is not supported (only {SCHEMA}).")
        steps = doc.get("steps")
        _need(isinstance(steps, list), "A replay's 'steps' is a list.")
        parsed = []
        for index, step in enumerate(steps):
            try:
                parsed.append(Step.from_json(step))
            except ReplayError as err:
                raise ReplayError(f"Step {index}: {err}") from None
        return cls(ReplayHeader.from_json(doc.get("header")), tuple(parsed))


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise ReplayError(message)


# -- recording ---------------------------------------------------------------------------------


def make_step(ruleset: Ruleset, after: State, seat: Seat | None, kind: str,
              action: Action | None = None, winners: Sequence[Seat] = ()) -> Step:
    """The step that led to `after`, with its hash."""
    return Step(seat, kind, action, state_hash(ruleset, after), tuple(winners))


def apply_step(ruleset: Ruleset, state: State, step: Step) -> State:
    """The state after `step` (without checking its hash); a refusal raises IllegalAction
    (or ValueError for a platform step that does not fit)."""
    if step.kind == ACTION:
        assert step.seat is not None and step.action is not None
        return ruleset.apply(state, step.seat, step.action)[0]
    if step.kind == SURRENDER:
        assert step.seat is not None
        return ruleset.resign(state, step.seat)
    return ruleset.end(state, step.kind, step.winners)


class Recorder:
    """A game played through a ruleset while its replay is written: the initial state from
    the header, then each step appended with its hash.

        >>> rec = Recorder(ruleset, options, decks, seed=7)     # doctest: +SKIP
        >>> rec.act(0, ruleset.legal_actions(rec.state, 0)[0])  # doctest: +SKIP
        >>> rec.replay().to_json()                              # doctest: +SKIP
    """

    def __init__(self, ruleset: Ruleset, options: Any, decks: Sequence[DeckDoc], seed: int,
                 seats: Sequence[str] | None = None) -> None:
        names = tuple(seats) if seats is not None else tuple(
            f"seat {i}" for i in range(len(decks)))
        if len(names) != len(decks):
            raise ValueError(f"{len(decks)} decks but {len(names)} seat names.")
        self.ruleset = ruleset
        self.header = ReplayHeader(ruleset.id, ruleset.version, ruleset.options_to_json(options),
                                   tuple(copy.deepcopy(list(decks))), names, seed)
        self.state: State = ruleset.new_game(options, decks, seed)
        self.steps: list[Step] = []

    def act(self, seat: Seat, action: Action) -> list[Event]:
        """Apply `seat`'s action; a refusal raises IllegalAction and records nothing."""
        after, events = self.ruleset.apply(self.state, seat, action)
        self._push(after, seat, ACTION, copy.deepcopy(action))
        return events

    def resign(self, seat: Seat) -> None:
        self._push(self.ruleset.resign(self.state, seat), seat, SURRENDER, None)

    def end(self, end_type: str, winners: Sequence[Seat] = ()) -> None:
        """An "abort" (no winners) or "abandon" (its winners) from the platform."""
        if end_type not in (ABORT, ABANDON):
            raise ValueError(f"The platform ends a game by abort or abandon, not {end_type!r}.")
        self._push(self.ruleset.end(self.state, end_type, winners), None, end_type, None,
                   winners)

    def _push(self, after: State, seat: Seat | None, kind: str, action: Action | None,
              winners: Sequence[Seat] = ()) -> None:
        self.steps.append(make_step(self.ruleset, after, seat, kind, action, winners))
        self.state = after

    def replay(self) -> Replay:
        return Replay(self.header, tuple(self.steps))


def record(ruleset: Ruleset, options: Any, decks: Sequence[DeckDoc], seed: int,
           seats: Sequence[str] | None = None) -> Recorder:
    """A new game and its replay being written (see `Recorder`)."""
    return Recorder(ruleset, options, decks, seed, seats)


# -- re-simulation -----------------------------------------------------------------------------


def initial_state(replay: Replay, ruleset: Ruleset) -> State:
    """The game as the header starts it."""
    header = replay.header
    if header.ruleset != ruleset.id:
        raise ReplayError(f"This is a {header.ruleset!r} replay, not {ruleset.id!r}.")
    return ruleset.new_game(ruleset.options_from_json(header.options), list(header.decks),
                            header.seed)


def resimulate(replay: Replay, ruleset: Ruleset) -> Iterator[State]:
    """The initial state, then the state after each step in turn (hashes not checked)."""
    state = initial_state(replay, ruleset)
    yield state
    for step in replay.steps:
        state = apply_step(ruleset, state, step)
        yield state


def state_at(replay: Replay, ruleset: Ruleset, n: int) -> State:
    """The state after the first `n` steps (0: the initial state)."""
    if not 0 <= n <= len(replay.steps):
        raise IndexError(f"The replay has steps 0 to {len(replay.steps)}, not {n}.")
    for index, state in enumerate(resimulate(replay, ruleset)):
        if index == n:
            return state
    raise AssertionError("unreachable")


OK, DRIFTED, STALE, UNKNOWN = "ok", "drifted", "stale", "unknown"


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """What re-simulating a replay found (PL-STATE-3).

    status "ok"; "drifted" with `step`, the 0-based index of the first step whose hash
    differs (`expected` from the replay, `actual` re-simulated, None when the ruleset
    refused the step); "stale" when the header's ruleset version's code is not kept;
    "unknown" when no ruleset has the header's id."""

    status: str
    checked: int
    message: str
    step: int | None = None
    expected: str | None = None
    actual: str | None = None

    @property
    def ok(self) -> bool:
        return self.status == OK


def verify(replay: Replay, rulesets: Mapping[str, Ruleset],
           kept: Mapping[tuple[str, int], Ruleset] | None = None) -> VerifyReport:
    """Re-simulate `replay` and compare every hash. The ruleset is `rulesets[id]` when its
    version is the header's, else the old version's code in `kept[(id, version)]`."""
    header = replay.header
    current = rulesets.get(header.ruleset)
    if current is None:
        return VerifyReport(UNKNOWN, 0, f"There is no game system {header.ruleset!r}.")
    ruleset = current if current.version == header.version else (kept or {}).get(
        (header.ruleset, header.version))
    if ruleset is None:
        return VerifyReport(
            STALE, 0, f"The replay is from {header.ruleset} version {header.version}; that "
                      f"code is not kept (the current version is {current.version}).")
    try:
        state = initial_state(replay, ruleset)
    except ValueError as err:
        return VerifyReport(DRIFTED, 0, f"The game cannot be started again: {err}", step=0)
    for index, step in enumerate(replay.steps):
        try:
            state = apply_step(ruleset, state, step)
        except (IllegalAction, ValueError) as err:
            return VerifyReport(DRIFTED, index, f"Step {index} ({step.kind}) is refused: {err}",
                                step=index, expected=step.hash_after)
        actual = state_hash(ruleset, state)
        if actual != step.hash_after:
            return VerifyReport(DRIFTED, index, f"Step {index} ({step.kind}) gives hash "
                                f"{actual[:12]}..., the replay says {step.hash_after[:12]}...",
                                step=index, expected=step.hash_after, actual=actual)
    n = len(replay.steps)
    return VerifyReport(OK, n, f"All {n} steps reproduce their hashes.")
