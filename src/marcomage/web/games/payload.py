"""The one place that builds what a player receives about a game: the game page, the htmx
fragment after an action, and each WebSocket message all come from `board_context`, which
reads the game only through the ruleset's `view(state, seat)` for that player and, for a seat
that is to act, its `legal_actions`. The raw state, the seed and hidden information never
reach a template. The game system's board (web/rulesets/<id>/, or the generic one) draws it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone

from marcomage.platform.protocol import Outcome
from marcomage.web.accounts.activity import activity
from marcomage.web.core.jinja import engine_of
from marcomage.web.core.part_markers import unmarked
from marcomage.web.core.widgets import Board, board_of
from marcomage.web.preferences.models import preferences_of, profile_of
from marcomage.web.rulesets.generic.board import label as generic_label

from . import parts
from .ends import end_options
from .models import ChatMessage, Game, Status, StepKind
from .patches import patch
from .queries import game_state, ruleset_of
from .renders import Renderings, renderings

CHAT_LINES = 21  # C-SITE-3
LOG_LINES = 20


def _outcome(game: Game, seat: int, board: Board) -> dict[str, str] | None:
    """The end of the game in words from the viewer's side: "You won: Tower destruction
    victory", "bob surrendered: you win", "You surrendered", "Draw", "Aborted"."""
    if game.outcome is None:
        return None
    outcome = Outcome.from_json(game.outcome)
    how = board.how_it_ended(outcome.end_type)
    end = outcome.end_type.lower()
    won = seat in outcome.winners
    if end == "abort":
        text = "The game was aborted: no result"
    elif not outcome.winners:
        text = "Draw" if how.lower() == "draw" else f"Draw: {how}"
    elif end == "surrender":
        quitter = game.steps.filter(kind=StepKind.SURRENDER).order_by("-index").first()
        text = "You surrendered" if not won else (
            f"{_seat_name(game, quitter.seat if quitter else None)} surrendered: you win")
    elif end == "abandon":
        text = ("Your opponent fled the battlefield: you win" if won
                else "You left the battlefield: you lose")
    else:
        text = f"{'You won' if won else 'You lost'}: {how}"
    verdict = "Aborted" if end == "abort" else "Draw" if not outcome.winners else (
        "You won" if won else "You lost")
    return {"verdict": verdict, "how": how, "end_type": outcome.end_type, "text": text}


def _seat_name(game: Game, number: int | None) -> str:
    for s in game.seat_list():
        if s.number == number:
            return s.user.username if s.user else f"seat {number}"
    return "Your opponent"


def step_log(game: Game, seat: int) -> list[str]:
    """The latest steps, newest first, as the viewer may know them: his own actions in full,
    only that another seat acted (its action may hold what he may not see), and the ends."""
    names = {s.number: s.user.username if s.user else f"seat {s.number}"
             for s in game.seat_list()}
    lines = []
    for step in game.steps.order_by("-index")[:LOG_LINES]:
        who = "you" if step.seat == seat else names.get(step.seat, "")
        if step.kind == StepKind.ACTION:
            text = (f"you: {generic_label(step.action or {})}" if step.seat == seat
                    else f"{who} acted")
        elif step.kind == StepKind.SURRENDER:
            text = f"{who} surrendered"
        else:
            text = f"the game was {'aborted' if step.kind == StepKind.ABORT else 'abandoned'}"
        lines.append(f"{step.index}. {text}")
    return lines


def chat_lines(game: Game, user: Any) -> list[ChatMessage]:
    """The latest 21 lines, newest first, or oldest first with the reversed setting (C-SITE-4)."""
    lines = list(ChatMessage.objects.filter(game=game).select_related("author")[:CHAT_LINES])
    if preferences_of(user).reverse_chat:
        lines.reverse()
    return lines


def board_context(game: Game, user: Any, *, chat: bool = True) -> dict[str, Any]:
    """Everything the game screen shows to `user`, one of the game's players (without the
    chat lines when `chat` is off: the board alone does not show them)."""
    seat = game.seat_of(user)
    if seat is None or game.status not in (Status.RUNNING, Status.FINISHED):
        raise PermissionError("Only the game's players see it.")
    ruleset = ruleset_of(game)
    state = game_state(game)
    view = ruleset.view(state, seat.number)
    # Who is to act comes from the state in the game row, not from the seat rows: those were
    # read by a second query, which may see a later move than the row did (a board would
    # then say "your turn" for a state where it is not).
    acting = ruleset.to_act(state) if game.status == Status.RUNNING else frozenset()
    mine = seat.number in acting
    legal = ruleset.legal_actions(state, seat.number) if mine else []
    board = board_of(game.ruleset)
    players = game.players()
    others = game.others(seat)
    opponent = others[0].user if others else None
    preferences = preferences_of(user)
    me = seat.user if seat.user is not None else user  # read with the game (with_players)
    now = timezone.now()
    show_avatars = preferences.show_avatar_in_game
    finished = game.status == Status.FINISHED
    your_turn = mine and not finished
    widget = board.context(view, seat.number, legal, players)
    outcome = _outcome(game, seat.number, board)
    if outcome is not None and widget.get("verdict"):
        # A board that knows the game's teams names them ("Your team (alice, bob) won",
        # issue 35); the end's words stay the site's.
        outcome = {**outcome, "verdict": widget["verdict"],
                   "text": f"{widget['verdict']}: {outcome['how']}"}
    return {
        "game": game,
        "ruleset": ruleset,
        "board_template": board.template,
        "viewer": user,
        "seat": seat,
        "version": game.version,
        "round": game.round,
        "your_turn": your_turn,
        "finished": finished,
        "outcome": outcome,
        "seat_rows": [{"number": s.number, "name": s.user.username if s.user else "",
                       "mine": s.number == seat.number, "to_act": s.number in acting,
                       "left": s.left}
                      for s in game.seat_list()],
        "waiting_for": [s.user.username for s in game.seat_list()
                        if s.number in acting and s.user],
        "opponent": opponent,
        "opponent_name": game.opponent_name(seat),
        "opponent_activity": activity(opponent.last_activity, now) if opponent else None,
        "my_avatar": profile_of(me).avatar if show_avatars else "",
        "their_avatar": profile_of(opponent).avatar if show_avatars and opponent else "",
        "ends": end_options(game, seat, now),
        "minimized": preferences.minimized_game_view,
        "note": seat.note,
        "chat": chat_lines(game, user) if chat else [],
        "opponent_left": any(o.left for o in others),
        "board": widget,
        "step_log": step_log(game, seat.number) if board.template.startswith(
            "rulesets/generic/") else [],
        **widget,
    }


def render_board(game: Game, user: Any, *, request: Any = None, notice: str = "",
                 oob: bool = False) -> str:
    """The board (and, with `oob`, the chat log) as HTML, in the player's time zone."""
    context = board_context(game, user)
    context.update(notice=notice, oob=oob)
    draw = board_of(game.ruleset).draw
    with timezone.override(preferences_of(user).timezone):
        if draw is not None and request is None:
            html = str(draw(context))  # the board drawn by code (issue 36), no markers
        else:
            name = context["board_template"]
            html = unmarked(render_to_string(name, context, request=request,
                                             using=engine_of(name)))
        if oob:
            html += render_to_string("games/_chat_log.html", context, request=request)
    return html


# --- one rendering per (game, seat, version), shared (issue 36) --------------------------

OOB = ' hx-swap-oob="true"'


def chat_mark(game_id: int) -> int:
    """The id of the game's latest chat line (0 without one): the chat log's version."""
    found = (ChatMessage.objects.filter(game_id=game_id).order_by("-id")
             .values_list("id", flat=True).first())
    return int(found or 0)


def board_key(game: Game, seat: int, user_id: int, mark: int) -> tuple[Any, ...]:
    """What a seat's board depends on: the game (its id and start, as ids are reused by
    tests' rolled-back databases), the seat and its player, the version, and in a finished
    game the chat's mark too (leaving a finished game changes no version but posts a line
    and shows "left" on the others' boards)."""
    return key_of_board(game.pk, game.created, seat, user_id, game.version,
                        game.status == Status.FINISHED, mark)


def key_of_board(game_id: int, created: Any, seat: int, user_id: int, version: int,
                 finished: bool, mark: int) -> tuple[Any, ...]:
    """`board_key` from the game's marks alone (a socket knows them without the game)."""
    return ("board", game_id, created, seat, user_id, version, mark if finished else 0)


def kept_board(game_id: int, created: Any, seat: int, user_id: int, version: int,
               finished: bool, mark: int) -> str | None:
    """The seat's board of this version if it is rendered already (None: read the game)."""
    return renderings.kept(key_of_board(game_id, created, seat, user_id, version, finished,
                                        mark))


def keep_board(game_id: int, created: Any, seat: int, user_id: int, version: int,
               board: str) -> str:
    """Keep `board`, drawn by another process, as the seat's board of this version in a
    running game (games/pushes.py: a move's wake-up from another process carries it), and
    return the board kept under that key (a board this process drew itself stays)."""
    return renderings.keep(key_of_board(game_id, created, seat, user_id, version, False, 0),
                           board)


class Answers:
    """The boards an HTTP answer carried (their `board_key`s, the latest few thousand): the
    page that asked has that board already, so its socket sends only a note of the version
    (`answered`), not a patch (issue 36)."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._keys: OrderedDict[tuple[Any, ...], None] = OrderedDict()

    def note(self, key: tuple[Any, ...]) -> None:
        with self._lock:
            self._keys[key] = None
            while len(self._keys) > self.size:
                self._keys.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._keys


answers = Answers()


def answered(game_id: int, created: Any, seat: int, user_id: int, version: int,
             finished: bool, mark: int) -> bool:
    """Whether an HTTP answer of this process carried the seat's board of this version."""
    return key_of_board(game_id, created, seat, user_id, version, finished, mark) in answers


def seat_board(game: Game, user: Any, *, mark: int | None = None, fresh: bool = False,
               answer: bool = False) -> str:
    """The player's board as an out-of-band fragment, rendered once per `board_key` and
    shared by the HTTP answer (`in_place`) and every socket of that seat. `mark` is the
    chat's (read when the game is finished and the caller has none); `fresh` renders anew;
    `answer` notes that an HTTP answer carries it (`answered`)."""
    seat = game.seat_of(user)
    if seat is None:
        raise PermissionError("Only the game's players see it.")
    if mark is None:
        mark = chat_mark(game.pk) if game.status == Status.FINISHED else 0

    def render() -> str:
        context = board_context(game, user, chat=False)
        context.update(notice="", oob=True)
        draw = board_of(game.ruleset).draw
        with timezone.override(preferences_of(user).timezone):
            if draw is not None:
                # Drawn by code with its parts counted as it is written (issue 36).
                return draw(context)
            # Split at its marked parts once, here: every socket's patch of it compares
            # parts then, and parses nothing (games/parts.py).
            name = context["board_template"]
            return parts.split(render_to_string(name, context, using=engine_of(name)))

    key = board_key(game, seat.number, int(user.pk), mark)
    if answer:
        answers.note(key)
    return renderings.get(key, render, fresh=fresh)


def in_place(fragment: str) -> str:
    """An out-of-band board as the answer that replaces the board itself (htmx target)."""
    return fragment.replace(OOB, "", 1)


def seat_chat(game: Game, user: Any, mark: int) -> str:
    """The player's chat log as an out-of-band fragment, once per (game, player, mark)."""

    def render() -> str:
        context = {"chat": chat_lines(game, user), "viewer": user, "oob": True}
        with timezone.override(preferences_of(user).timezone):
            return render_to_string("games/_chat_log.html", context)

    return renderings.get(("chat", game.pk, game.created, int(user.pk), mark), render)


patches = Renderings(size=2048)
"""The patches made, by the two renderings they join (every socket of a seat that showed
the same board takes the same patch)."""


def parted_patch(old: str, new: str, old_version: int, new_version: int) -> str | None:
    """`board_patch` where it costs no parse, for the event loop (a move's wake-up that
    brought the seat's new board from another process, consumers.pushed_message): the
    patch made already, or the patch of the marked parts; None otherwise (the caller takes
    a thread for the rest)."""
    key = ("patch", hash(old), len(old), hash(new), len(new), old_version, new_version)
    made = patches.kept(key)
    if made is not None:
        return made
    made = parts.patch(old, new, old_version, new_version)
    return None if made is None else patches.get(key, lambda: made)


def board_patch(old: str, new: str, old_version: int, new_version: int) -> str:
    """What a socket that showed the seat's board `old` sends to show `new`: a patch of the
    marked parts that changed (parts.py, no parse), else of the parts a parse finds
    (patches.py), or the whole board `new` where no patch is worth it."""
    key = ("patch", hash(old), len(old), hash(new), len(new), old_version, new_version)
    return patches.get(key, lambda: parts.patch(old, new, old_version, new_version)
                       or patch(old, new, old_version, new_version) or new)
