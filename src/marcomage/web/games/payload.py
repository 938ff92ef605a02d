"""The one place that builds what a player receives about a game: the game page, the htmx
fragment after an action, and each WebSocket message all come from `board_context`, which
reads the game only through the ruleset's `view(state, seat)` for that player and, for a seat
that is to act, its `legal_actions`. The raw state, the seed and hidden information never
reach a template. The game system's board (web/rulesets/<id>/, or the generic one) draws it.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone

from marcomage.platform.protocol import Outcome
from marcomage.web.games.boards import board_of
from marcomage.web.players.activity import activity
from marcomage.web.preferences.models import preferences_of, profile_of

from .models import ChatMessage, Game, Status
from .services import end_options, game_state, ruleset_of

CHAT_LINES = 21  # C-SITE-3
END_WORDS = {"surrender": "Surrender", "abort": "Aborted game", "abandon": "Abandoned game"}


def _outcome(doc: dict[str, Any] | None, seat: int, board: Any) -> dict[str, str] | None:
    """The end of the game from the viewer's side."""
    if doc is None:
        return None
    outcome = Outcome.from_json(doc)
    if not outcome.winners:
        verdict = "Aborted" if outcome.end_type.lower() == "abort" else "Draw"
    else:
        verdict = "You won" if seat in outcome.winners else "You lost"
    how_it_ended = getattr(board, "how_it_ended", None)
    how = (how_it_ended(outcome.end_type) if how_it_ended is not None
           else END_WORDS.get(outcome.end_type, outcome.end_type.replace("_", " ").capitalize()))
    return {"verdict": verdict, "how": how, "end_type": outcome.end_type}


def chat_lines(game: Game, user: Any) -> list[ChatMessage]:
    """The latest 21 lines, newest first, or oldest first with the reversed setting (C-SITE-4)."""
    lines = list(ChatMessage.objects.filter(game=game).select_related("author")[:CHAT_LINES])
    if preferences_of(user).reverse_chat:
        lines.reverse()
    return lines


def board_context(game: Game, user: Any) -> dict[str, Any]:
    """Everything the game screen shows to `user`, one of the game's players."""
    seat = game.seat_of(user)
    if seat is None or game.status not in (Status.RUNNING, Status.FINISHED):
        raise PermissionError("Only the game's players see it.")
    ruleset = ruleset_of(game)
    state = game_state(game)
    view = ruleset.view(state, seat.number)
    legal = ruleset.legal_actions(state, seat.number) if seat.to_act else []
    board = board_of(game.ruleset)
    players = game.players()
    others = game.others(seat)
    opponent = others[0].user if others else None
    preferences = preferences_of(user)
    now = timezone.now()
    show_avatars = preferences.show_avatar_in_game
    finished = game.status == Status.FINISHED
    your_turn = seat.to_act and not finished
    widget = board.context(view, seat.number, legal, players)
    return {
        "game": game,
        "ruleset": ruleset,
        "board_template": board.TEMPLATE,
        "viewer": user,
        "seat": seat,
        "version": game.version,
        "round": game.round,
        "your_turn": your_turn,
        "finished": finished,
        "outcome": _outcome(game.outcome, seat.number, board),
        "seat_rows": [{"number": s.number, "name": s.user.username if s.user else "",
                       "mine": s.number == seat.number, "to_act": s.to_act, "left": s.left}
                      for s in game.seat_list()],
        "waiting_for": [s.user.username for s in game.seat_list() if s.to_act and s.user],
        "opponent": opponent,
        "opponent_name": game.opponent_name(seat),
        "opponent_activity": activity(opponent.last_activity, now) if opponent else None,
        "my_avatar": profile_of(user).avatar if show_avatars else "",
        "their_avatar": profile_of(opponent).avatar if show_avatars and opponent else "",
        "ends": end_options(game, seat, now),
        "minimized": preferences.minimized_game_view,
        "note": seat.note,
        "chat": chat_lines(game, user),
        "opponent_left": any(o.left for o in others),
        "board": widget,
        **widget,
    }


def render_board(game: Game, user: Any, *, request: Any = None, notice: str = "",
                 oob: bool = False) -> str:
    """The board (and, with `oob`, the chat log) as HTML, in the player's time zone."""
    context = board_context(game, user)
    context.update(notice=notice, oob=oob)
    with timezone.override(preferences_of(user).timezone):
        html = render_to_string(context["board_template"], context, request=request)
        if oob:
            html += render_to_string("games/_chat_log.html", context, request=request)
    return html
