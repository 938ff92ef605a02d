"""Playing a running game: the one write path of every change (`store`), a seat's action,
and the ends a player may ask for (surrender, abort, finish) or leaving a finished game.

Every change of a running game goes through `store`, which writes the new state, raises the
version in one conditional UPDATE and records the `Step` with the state hash after it, all
inside the caller's transaction: an action built against a stale version is refused
(`StaleVersion`), so a double click, two tabs or a replayed form never play twice. The rules
come only through the platform protocol (`ruleset_of(game)`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from marcomage.platform.protocol import ABANDON, ABORT, SURRENDER, Action, IllegalAction, State
from marcomage.platform.replay import doc_hash
from marcomage.web.core.events import game_finished, game_stored
from marcomage.web.core.widgets import GENERIC_BOARD, board_of
from marcomage.web.preferences.models import preferences_of

from . import move_rows
from .chat import forget_chat, post_left
from .ends import end_options, finish_winners
from .errors import GameError, StaleVersion, whole_number
from .models import Game, Seat, Status, StepKind
from .pushes import wake_move
from .queries import (
    dead,
    game_state,
    keep_state,
    outcome_of,
    player_game,
    round_of,
    ruleset_of,
    stored_games,
)
from .realtime import wake_game


def wake_computer(game: Game) -> None:
    """Tell the computer's worker (which builds on this module, not the reverse) that a
    running game changed; it acts once the transaction commits if it is to act (issue 11)."""
    if game.status == Status.RUNNING:
        game_stored.send(sender=Game, game=game)


def _running(user: Any, game_id: Any, version: Any = None, *, check: bool = False
             ) -> tuple[Game, Seat, State]:
    """The locked running game, the seat and the state; with `check`, the version must be
    the game's (a missing version is refused too)."""
    game, seat = player_game(user, game_id)
    if game.status != Status.RUNNING:
        raise GameError("The game is over.")
    if check:
        if version in (None, ""):
            raise GameError("The move names no version of the game; reload the page.")
        if _int(version, "version") != game.version:
            raise StaleVersion("The game changed since your page showed it; here it is now. "
                               "Nothing was played.")
    return game, seat, game_state(game)


def _int(value: Any, what: str) -> int:
    return whole_number(value, what)


def _last_action(game: Game) -> tuple[int, Action] | None:
    step = game.steps.filter(kind=StepKind.ACTION).order_by("-index").first()
    if step is None or step.seat is None:
        return None
    return int(step.seat), dict(step.action or {})


def store(game: Game, state: State, kind: Any, seat: int | None,
          action: Action | None = None, winners: Sequence[int] = ()) -> None:
    """Write the new state, raise the version (stale → refused) and record the step, all in
    the caller's transaction; keep the seats' to_act in step; send game_finished in the same
    transaction when the game has just ended."""
    ruleset = ruleset_of(game)
    now = timezone.now()
    before = game.version
    outcome = outcome_of(ruleset, state)
    fields: dict[str, Any] = {
        "state": ruleset.to_json(state),
        "status": str(Status.FINISHED if outcome else Status.RUNNING),
        "round": round_of(ruleset, state),
    }
    if outcome is not None:
        fields.update(outcome=outcome.to_json(), end_type=outcome.end_type, finished_at=now)
    elif kind == StepKind.ACTION:
        fields["last_move"] = now  # C-GAME-14: set after every turn that does not end it
    # Plain SQL for the three writes (move_rows): the ORM's building of these statements
    # cost more than running them (issue 36).
    if move_rows.update_game(game.pk, game.version, fields) != 1:
        raise StaleVersion("The game changed meanwhile; here it is now. Nothing was played.")
    # The next step's index (the game's steps are numbered 1, 2, ... without gaps), counted
    # by the INSERT itself: no query of its own, and, after the UPDATE above took the game's
    # row, it sees every step committed before (issue 36).
    move_rows.insert_step(game.pk, {
        "seat": seat, "kind": str(kind), "action": action, "winners": list(winners),
        "hash_after": doc_hash(fields["state"]), "created": now})
    acting = ruleset.to_act(state) if outcome is None else frozenset()
    if any(one.to_act != (one.number in acting) for one in game.seat_list()):
        # Only when a seat's turn changes (not after a "play again" card, issue 36); the
        # seats were read with the locked game, so they are as stored.
        move_rows.set_turns(game.pk, acting)
    # The row as written, without reading it again: the caller (the HTTP answer, the
    # computer's worker, the signal's receivers) sees the game after the step.
    fields.update(version=game.version + 1)
    for name, value in fields.items():
        setattr(game, name, value)
    for one in game.seat_list():
        one.to_act = one.number in acting
    keep_state(game, state)  # the answer's board and the sockets' boards decode nothing
    stored_games.keep(game)  # nor read the game again, in this process
    # The other seats' pages get their patch in the wake-up, made by this thread after the
    # commit (pushes.py): their sockets then only send it. Registered before the game's end
    # is announced, so that the pushes run before what its receivers leave for after the
    # commit (the statistics, stats/receivers.py).
    wake_move(game, before, seat)
    wake_computer(game)
    if outcome is not None:
        game_finished.send(sender=Game, game_id=game.pk, ruleset=game.ruleset, state=state,
                           outcome=outcome, players=tuple(game.players()),
                           friendly=game.friendly, last=_last_action(game))


def apply_action(game: Game, seat: int, action: Any) -> None:
    """Let the ruleset apply one seat's action to the locked game and store it."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise GameError("An action is a JSON object with a type.")
    ruleset = ruleset_of(game)
    state = game_state(game)
    if seat not in ruleset.to_act(state):
        raise GameError("It is not your turn.")
    try:
        after, _events = ruleset.apply(state, seat, action)
    except IllegalAction as problem:
        raise GameError(str(problem), problem.code) from None
    except ValueError as problem:
        raise GameError(str(problem), "illegal") from None
    store(game, after, StepKind.ACTION, seat, action)
    act_for_players(game)


AUTO_STEPS = 40
"""At most this many actions the site takes for players after one action (each is a pass
that closes or hands on a response window, so a handful is the most seen)."""


def act_for_players(game: Game) -> None:
    """Issue 34: while a player to act has no real choice (the board's `auto_action`, e.g.
    Arcana's response window where only "pass" is legal) and has not asked in their settings
    to stop there, take that action for them as an ordinary step of the game."""
    auto = board_of(game.ruleset).auto_action
    if auto is None:
        return
    ruleset = ruleset_of(game)
    for _ in range(AUTO_STEPS):
        if game.status != Status.RUNNING:
            return
        state = game_state(game)
        chosen = None
        for seat in game.seat_list():
            if seat.number not in ruleset.to_act(state) or seat.user is None:
                continue
            if preferences_of(seat.user).stop_at_empty_windows:
                continue
            action = auto(ruleset.legal_actions(state, seat.number))
            if action is not None:
                chosen = (seat.number, action)
                break
        if chosen is None:
            return
        after, _events = ruleset.apply(state, chosen[0], chosen[1])
        store(game, after, StepKind.ACTION, chosen[0], chosen[1])


@transaction.atomic
def act(user: Any, game_id: Any, version: Any, action: Any) -> Game:
    """One seat's action (the ruleset's JSON), against `version`, which is required: a
    missing or stale version is refused, so a replayed form never plays twice. When several
    seats are to act, each submits once and the ruleset resolves them when the last arrives."""
    game, seat, _state = _running(user, game_id, version, check=True)
    apply_action(game, seat.number, action)
    return game


@transaction.atomic
def act_on_form(user: Any, game_id: Any, version: Any, data: Mapping[str, Any]) -> Game:
    """`act` with the action a posted form means: the action's JSON ("action", any system)
    or the fields of the game's own board form, read once the game is locked, so the
    game's system comes from the row the move reads anyway (issue 36: the act view read the
    row once more only to learn it). A form naming no valid action is refused (GameError)
    and changes nothing."""
    game, seat, _state = _running(user, game_id, version, check=True)
    board = GENERIC_BOARD if "action" in data else board_of(game.ruleset)
    try:
        action = board.action_from_form(data)
    except ValueError as problem:
        raise GameError(str(problem)) from None
    apply_action(game, seat.number, action)
    return game


@transaction.atomic
def surrender(user: Any, game_id: Any) -> Game:
    """C-GAME-11: at any time, on anyone's turn; the ruleset says who wins."""
    game, seat, state = _running(user, game_id)
    try:
        after = ruleset_of(game).resign(state, seat.number)
    except (IllegalAction, ValueError) as problem:
        raise GameError(str(problem)) from None
    store(game, after, SURRENDER, seat.number)
    return game


def _end(game: Game, state: State, end_type: str, winners: Sequence[int], seat: int) -> None:
    """The platform ends the game (PL-PROTO-6) at the request of `seat`, which the step
    keeps (the replay itself names no seat for an abort or abandon)."""
    ruleset = ruleset_of(game)
    try:
        after = ruleset.end(state, end_type, list(winners))
    except (IllegalAction, ValueError) as problem:
        raise GameError(str(problem)) from None
    store(game, after, end_type, seat, None, winners)


@transaction.atomic
def abort(user: Any, game_id: Any) -> Game:
    """C-GAME-12: when a participant is dead; no winner, no score."""
    game, seat, state = _running(user, game_id)
    if game.ai_level and all(s.computer for s in game.others(seat)):
        raise GameError("The computer is never inactive; surrender to end the game.")
    if not any(s.user is not None and not s.computer and dead(s.user)
               for s in game.seat_list()):
        raise GameError("You may abort only when your opponent has been inactive for more "
                        "than three weeks.")
    _end(game, state, ABORT, (), seat.number)
    return game


@transaction.atomic
def finish(user: Any, game_id: Any) -> Game:
    """C-GAME-14: the seats to act have not moved for 21 days and nobody is dead; the
    players who were waiting win (in a game of teams, the team of the seats that stopped
    moving loses and the other team wins; only one of its winners may finish)."""
    game, seat, state = _running(user, game_id)
    if not end_options(game, seat).finish:
        raise GameError("You may finish the game only when it is your opponent's turn, he "
                        "has not moved for more than three weeks and is not dead.")
    # The step keeps the winners the ruleset made of the waiting seats (a group duel's
    # team, ET-GROUP-8), so that the record names who won.
    _end(game, state, ABANDON, finish_winners(game, state), seat.number)
    return game


@transaction.atomic
def leave(user: Any, game_id: Any) -> bool:
    """C-GAME-17: leaving a finished game hides it from the player's lists and posts "has
    left the game"; the game itself stays (every finished game is a replay, PL-SHARED-3).
    When every person has left (the computer never leaves), the chat goes. True then."""
    game, seat = player_game(user, game_id)
    if game.status != Status.FINISHED:
        raise GameError("A game can be left only once it is over; surrender first.")
    Seat.objects.filter(pk=seat.pk).update(left=True)
    remaining = [s for s in game.others(seat)
                 if not s.left and s.user_id is not None and not s.computer]
    if not remaining:
        forget_chat(game)
        return True
    post_left(game, user)
    wake_game(game.pk, game.version, [s.user_id for s in remaining])
    return False

