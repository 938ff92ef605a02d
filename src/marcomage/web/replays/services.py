"""Replays of finished games (PL-STATE-3, PL-SHARED-3, PL-VIEW-4): the list, one position of
a replay rebuilt by re-simulation, the JSON export, and checking every stored game's hashes.

A game is a replay once it is finished and was recorded with a seed; games finished before
replays existed (no seed) are left out of the list and have no viewer. A running game has no
replay for anyone, its own players included: its hidden cards must not leak (PL-VIEW-1).
Nothing is cached in the database: a replay is re-simulated from the seed, once per game and
process while it is being watched (`TIMELINES`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from marcomage.games import RULESETS, UnknownRuleset, find_ruleset, ruleset_name
from marcomage.platform.protocol import ABANDON, ABORT, SURRENDER, IllegalAction, Outcome
from marcomage.platform.replay import (
    ACTION,
    DRIFTED,
    Replay,
    ReplayError,
    ReplayHeader,
    VerifyReport,
    resimulate,
    verify,
)
from marcomage.platform.replay import Step as ReplayStep
from marcomage.web.accounts.names import name_key
from marcomage.web.core.widgets import Board, board_of
from marcomage.web.games.models import Game, Seat, Status, Step
from marcomage.web.rulesets.generic import board as generic_board

PER_PAGE = 25
PLAYER_LENGTH = 40


class NoReplay(LookupError):
    """No replay to show: no such game, not finished yet, or recorded before replays."""


@dataclass(frozen=True, slots=True)
class Filters:
    """What the list is narrowed to; empty strings mean "any"."""

    system: str = ""
    player: str = ""
    end_type: str = ""

    @classmethod
    def from_params(cls, params: Mapping[str, str], known_ends: list[str]) -> Filters:
        """Filters from a query string; a system or end type not among the known ones is
        ignored (the list then shows every system, or every end)."""
        system = str(params.get("system", "")).strip()
        end_type = str(params.get("end", "")).strip().lower()
        player = str(params.get("player", "")).strip()[:PLAYER_LENGTH]
        return cls(system if system in RULESETS else "", player,
                   end_type if end_type in known_ends else "")

    def params(self) -> dict[str, str]:
        """The non-empty filters as query-string parameters."""
        found = {"system": self.system, "player": self.player, "end": self.end_type}
        return {key: value for key, value in found.items() if value}


def replayable() -> QuerySet[Game]:
    """Every finished game recorded with a seed and at least one step."""
    return Game.objects.filter(status=Status.FINISHED, seed__isnull=False).filter(
        Exists(Step.objects.filter(game=OuterRef("pk"))))


def end_types() -> list[str]:
    """The end types that finished games have, for the filter's choices."""
    found = replayable().order_by().values_list("end_type", flat=True).distinct()
    return sorted(str(end) for end in found if end)


def replays(filters: Filters) -> QuerySet[Game]:
    """The replays the filters allow, newest first, with their seats and players."""
    games = replayable()
    if filters.system:
        games = games.filter(ruleset=filters.system)
    if filters.end_type:
        games = games.filter(end_type=filters.end_type)
    if filters.player:
        games = games.filter(Exists(Seat.objects.filter(
            game=OuterRef("pk"), user__username_key=name_key(filters.player))))
    return games.order_by("-finished_at", "-id").prefetch_related("seats__user")


def seat_names(game: Game) -> list[str]:
    """The players' names in seat order ("" for a seat whose account is gone)."""
    return [seat.user.username if seat.user is not None else "" for seat in game.seat_list()]


@dataclass(frozen=True, slots=True)
class PlayerName:
    """A seat's player in the list: a link to the player's page, except for an account that
    has none (the computer, a closed account) and a seat whose account is gone ("")."""

    text: str
    has_page: bool


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the replays list."""

    game: Game
    system: str
    players: list[PlayerName]
    winners: list[str]
    result: str
    end_type: str
    rounds: int
    finished: datetime | None


def row(game: Game) -> Row:
    """What the list shows of one finished game."""
    names = seat_names(game)
    outcome = Outcome.from_json(game.outcome) if game.outcome else None
    winners = [names[seat] for seat in outcome.winners if seat < len(names)] if outcome else []
    players = [PlayerName(name, seat.user is not None and seat.user.is_active)
               for name, seat in zip(names, game.seat_list(), strict=True)]
    return Row(game, ruleset_name(game.ruleset), players, winners,
               outcome.result if outcome else "", game.end_type,
               outcome.final_round if outcome else 0, game.finished_at)


def rows(games: list[Game]) -> list[Row]:
    """The list lines of a page of games."""
    return [row(game) for game in games]


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat in a replay's header."""

    number: int
    name: str
    deck_name: str


@dataclass(frozen=True, slots=True)
class Header:
    """What a replay is: system, seats with their decks, options, seed and how it ended."""

    game_id: int
    ruleset_id: str
    ruleset_version: int
    system: str
    seats: list[SeatLine]
    options: list[tuple[str, str]]
    seed: int
    end_type: str
    result: str
    winners: list[str]
    rounds: int
    finished: datetime | None

    @property
    def players(self) -> list[str]:
        return [seat.name or "(gone)" for seat in self.seats]


@dataclass(frozen=True, slots=True)
class Move:
    """One step in the move list: its 1-based index, who took it and what it was."""

    index: int
    seat: int | None
    player: str
    kind: str
    action: dict[str, Any] | None
    text: str


@dataclass(frozen=True, slots=True)
class Position:
    """A replay at one step (0 = the start), with the move list and the all-seeing view."""

    header: Header
    step: int
    total: int
    moves: list[Move]
    view: dict[str, Any]
    board_template: str
    board: dict[str, Any]
    problem: str = ""

    @property
    def has_back(self) -> bool:
        return self.step > 0

    @property
    def has_forward(self) -> bool:
        return self.step < self.total

    @property
    def back(self) -> int:
        return max(0, self.step - 1)

    @property
    def forward(self) -> int:
        return min(self.total, self.step + 1)


class BadStep(ValueError):
    """A step that is not a whole number."""


def parse_step(text: str | None) -> int:
    """The step asked for in `?step=N`; absent means the start. Out of range is clamped later."""
    if text is None or text == "":
        return 0
    try:
        return int(text)
    except ValueError:
        raise BadStep("The step must be a whole number, e.g. ?step=12.") from None


def finished_game(game_id: int) -> Game:
    """The finished, recorded game `game_id` with its seats and players, or NoReplay."""
    try:
        return Game.objects.prefetch_related("seats__user").get(
            pk=game_id, status=Status.FINISHED, seed__isnull=False)
    except Game.DoesNotExist:
        raise NoReplay("There is no replay of this game (yet).") from None


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def header(game: Game) -> Header:
    """The header a replay page shows."""
    line = row(game)
    seats = [SeatLine(seat.number, seat.user.username if seat.user is not None else "",
                      seat.deck_name) for seat in game.seat_list()]
    labels = board_of(game.ruleset).option_labels
    options = sorted((str(labels.get(key, key)), _option_value(value))
                     for key, value in (game.options or {}).items())
    assert game.seed is not None
    return Header(int(game.pk), game.ruleset, int(game.ruleset_version), line.system, seats,
                  options, int(game.seed), line.end_type, line.result, line.winners,
                  line.rounds, line.finished)


def replay_of(game: Game, steps: list[Step] | None = None) -> Replay:
    """The platform replay of a recorded game (PL-STATE-3): its header (the decks as committed,
    the seat names, the seed) and its steps with their hashes.

    The site records who ended a game by abort or abandon; the replay document names no seat
    for those, only an abandon's winners (PL-STATE-3)."""
    if game.seed is None:
        raise NoReplay("This game was played before replays existed.")
    seats = game.seat_list()
    head = ReplayHeader(game.ruleset, int(game.ruleset_version), dict(game.options or {}),
                        tuple(dict(seat.deck_doc or {}) for seat in seats),  # type: ignore[misc]
                        tuple(seat.user.username if seat.user is not None else f"seat {n}"
                              for n, seat in enumerate(seats)),
                        int(game.seed))
    rows = steps if steps is not None else sorted(game.steps.all(), key=lambda s: s.index)
    return Replay(head, tuple(_replay_step(row) for row in rows))


def _replay_step(step: Step) -> ReplayStep:
    if step.kind == ACTION or step.kind == SURRENDER:
        return ReplayStep(step.seat, step.kind, step.action, step.hash_after)
    return ReplayStep(None, step.kind, None, step.hash_after,
                      tuple(int(w) for w in step.winners or ()) if step.kind == ABANDON else ())


def export(game_id: int) -> dict[str, Any]:
    """The replay's JSON document (`Replay.to_json`), for download and `replay verify`."""
    return replay_of(finished_game(game_id)).to_json()


GENERIC_REPLAY_TEMPLATE = "replays/_generic_board.html"
PLATFORM_TEXT = {SURRENDER: "surrenders", ABORT: "aborts the game: nobody wins",
                 ABANDON: "finishes the game: the other side stopped moving"}


def _move_text(board: Board, view_before: Mapping[str, Any] | None, step: ReplayStep
               ) -> str:
    """What a step was, in words: the widget's own (`describe`) or the action's fields."""
    if step.kind == ACTION:
        assert step.action is not None and step.seat is not None
        if board.describe is not None and view_before is not None:
            return board.describe(view_before, step.seat, step.action)
        return generic_board.label(step.action)
    return PLATFORM_TEXT.get(step.kind, step.kind)


@dataclass(frozen=True, slots=True)
class Timeline:
    """What re-simulating a recorded game gives: each step's move (the player's name left
    blank: names are read afresh), the all-seeing view after each step (`views[i]` after i
    steps; PL-VIEW-4), and the step where playback stopped, if it drifted."""

    moves: list[Move]
    views: list[dict[str, Any]]
    drift: str


TIMELINES: OrderedDict[tuple[Any, ...], Timeline] = OrderedDict()
"""The last few replays' timelines in this process, by what the re-simulation depends on
(the replay document: header, decks, seed, steps with their hashes; and the rules'
version): a finished game never changes, so stepping through its replay re-simulates it
once, not at every step (issue 31: a Far Wilds step took 0.45-1.6 s)."""
TIMELINES_KEPT = 8
_timelines_lock = threading.Lock()


def _resimulate(replay: Replay, ruleset: Any, board: Board) -> Timeline:
    """Play the replay back from its seed (see `position`), the moves in words by the
    game's board widget."""
    describes = board.describe is not None
    states = resimulate(replay, ruleset)
    try:
        state = next(states)
    except ValueError as problem_start:
        raise NoReplay(f"This game cannot be started again: {problem_start}") from None
    views = [ruleset.view(state, None)]
    moves: list[Move] = []
    drift = ""
    for index, replay_step in enumerate(replay.steps, start=1):
        before = views[-1] if describes and replay_step.kind == ACTION else None
        try:
            state = next(states)
        except (IllegalAction, ValueError) as refused:
            drift = (f"Step {index} cannot be played back ({refused}); the replay stops "
                     f"before it (it has drifted).")
            break
        moves.append(Move(index, None, "", replay_step.kind, replay_step.action,
                          _move_text(board, before, replay_step)))
        views.append(ruleset.view(state, None))
    return Timeline(moves, views, drift)


def position(game_id: int, step: int) -> Position:
    """The replay of game `game_id` after `step` steps (clamped to 0..all), re-simulated from
    the seed (once per replay and process: TIMELINES), with the move list and the replay
    view (viewer None: everything, both hands; PL-VIEW-4). A step the ruleset refuses stops
    the re-simulation there and is reported as `problem` (PL-STATE-3: it has drifted)."""
    game = finished_game(game_id)
    try:
        ruleset = find_ruleset(game.ruleset)
    except UnknownRuleset:
        raise NoReplay(f"The game system {game.ruleset!r} is not on this site any more."
                       ) from None
    rows = list(game.steps.order_by("index"))
    try:
        replay = replay_of(game, rows)
    except ReplayError as damaged:
        raise NoReplay(f"This game's replay is damaged: {damaged}") from None
    head = header(game)
    names = [seat.name for seat in head.seats]
    board = board_of(game.ruleset)
    key = (game.ruleset, ruleset.version, repr(replay))
    with _timelines_lock:
        found = TIMELINES.get(key)
        if found is not None:
            TIMELINES.move_to_end(key)
    if found is None:
        found = _resimulate(replay, ruleset, board)
        with _timelines_lock:
            TIMELINES[key] = found
            while len(TIMELINES) > TIMELINES_KEPT:
                TIMELINES.popitem(last=False)
    moves = []
    for move, row in zip(found.moves, rows, strict=False):
        seat = row.seat  # the site knows who aborted or finished a game; the replay does not
        who = names[seat] if seat is not None and seat < len(names) else ""
        moves.append(Move(move.index, seat, who, move.kind, move.action, move.text))
    problem = found.drift or ("" if game.ruleset_version == ruleset.version else (
        f"This replay is from version {game.ruleset_version} of the rules; the site now runs "
        f"version {ruleset.version}, so it may not play back as it was (stale)."))
    total = len(moves)
    step = max(0, min(step, total))
    view = found.views[step]
    players = [seat.user for seat in game.seat_list()]
    if board.replay is not None:
        template, context = board.replay.template, board.replay.context(view, players)
    else:
        template = GENERIC_REPLAY_TEMPLATE
        context = generic_board.context(view, 0, [], players)
    return Position(head, step, total, moves, view, template, context, problem)


@dataclass(frozen=True, slots=True)
class GameCheck:
    """The re-simulation of one stored game: which game, and what `verify` found."""

    game_id: int
    report: VerifyReport

    @property
    def ok(self) -> bool:
        return self.report.ok


def verify_game(game: Game) -> GameCheck:
    """Re-simulate one recorded game and compare every hash (PL-STATE-3)."""
    return GameCheck(int(game.pk), verify(replay_of(game), RULESETS))


def verify_all_finished() -> Iterator[GameCheck]:
    """Every finished recorded game re-simulated and checked, oldest first; a game whose
    replay cannot even be built (a malformed stored step) counts as drifted."""
    games = Game.objects.filter(status=Status.FINISHED, seed__isnull=False).order_by("pk")
    for game in games.prefetch_related("seats__user", "steps").iterator(chunk_size=100):
        try:
            yield verify_game(game)
        except ReplayError as broken:
            yield GameCheck(int(game.pk), VerifyReport(DRIFTED, 0, str(broken)))
