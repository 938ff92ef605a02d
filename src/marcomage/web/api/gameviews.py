"""What the API tells one player about a game: the list row and the seat's own view.

The view is the ruleset's `view(state, seat)` for the caller's seat, the legal actions its
`legal_actions` for that seat while it is to act: the same door the game page uses
(web/games/payload.py), so hidden cards never reach another seat (PL-VIEW).
"""

from __future__ import annotations

from typing import Any

from marcomage.web.games.models import Game, Status
from marcomage.web.games.services import STARTED, game_state, ruleset_of

from .tokens import bot_ids


def game_row(game: Game, user: Any, bots: set[int] | None = None) -> dict[str, Any]:
    """The game as a list shows it to `user`."""
    seats = game.seat_list()
    if bots is None:
        bots = bot_ids(s.user_id for s in seats if s.user_id is not None)
    mine = game.seat_of(user)
    acting: set[int] = set()
    if game.status == Status.RUNNING and game.state is not None:
        # From the state in the row, as the view's legal actions are (see payload.py).
        acting = set(ruleset_of(game).to_act(game_state(game)))
    return {
        "id": game.pk, "game": game.ruleset, "status": str(game.status),
        "version": game.version, "round": game.round,
        "seats": [{"number": s.number, "player": s.user.username if s.user else None,
                   "bot": s.user_id in bots, "to_act": s.number in acting, "left": s.left}
                  for s in seats],
        "my_seat": mine.number if mine else None,
        "my_turn": bool(mine and mine.number in acting),
        "computer": str(game.ai_level or ""),
        "message": game.message,
        "outcome": game.outcome,
    }


def seat_view(game: Game, seat: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The seat's view and, while it is to act, its legal actions."""
    ruleset = ruleset_of(game)
    state = game_state(game)
    acting = game.status == Status.RUNNING and seat in ruleset.to_act(state)
    legal = ruleset.legal_actions(state, seat) if acting else []
    return ruleset.view(state, seat), legal


def game_view(game: Game, user: Any) -> dict[str, Any]:
    """The list row plus the caller's view and legal actions (a started game only)."""
    found = game_row(game, user)
    mine = game.seat_of(user)
    if mine is not None and game.status in STARTED:
        found["view"], found["legal_actions"] = seat_view(game, mine.number)
    else:
        found["view"], found["legal_actions"] = None, []
    return found
