"""The one place that builds what a player receives about a game: the game page, the htmx
fragment after an action, and each WebSocket message all come from `board_context`, which
reads the game only through the engine's `view(state, player)` for that player. The raw
state, the random source and the opponent's hidden cards never reach a template.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone

from marcomage.games.marcomage import CARDS, view
from marcomage.games.marcomage.state import OUTCOME_TEXT, EndType
from marcomage.web.players.activity import activity
from marcomage.web.preferences.models import preferences_of, profile_of

from .models import ChatMessage, Game, Status
from .services import end_options, engine_state

CHAT_LINES = 21  # C-SITE-3
RESOURCES = (("bricks", "quarry", "Quarry", "Bricks"), ("gems", "magic", "Magic", "Gems"),
             ("recruits", "dungeons", "Dungeons", "Recruits"))


@dataclass(frozen=True)
class Slot:
    """One hand position as the viewer may see it; `card` is None when hidden."""

    pos: int
    card: int | None
    new: bool
    revealed: bool
    playable: bool = False
    modes: int = 0


def _affordable(card_id: int, side: dict[str, Any]) -> bool:
    card = CARDS[card_id]
    return (side["bricks"] >= card.bricks and side["gems"] >= card.gems
            and side["recruits"] >= card.recruits)


def _hand(side: dict[str, Any], *, mine: bool, your_turn: bool) -> list[Slot]:
    new, revealed = set(side["new_cards"]), set(side["revealed"])
    slots = []
    for pos, card in enumerate(side["hand"], start=1):
        slots.append(Slot(
            pos=pos, card=card, new=pos in new, revealed=pos in revealed,
            playable=bool(mine and your_turn and card is not None and _affordable(card, side)),
            modes=CARDS[card].modes if card is not None else 0,
        ))
    return slots


def _resources(side: dict[str, Any]) -> list[dict[str, Any]]:
    changes = side["changes"]
    return [
        {"facility": label, "facility_value": side[facility],
         "facility_change": changes[facility], "stock": stock_label, "stock_value": side[stock],
         "stock_change": changes[stock], "key": stock}
        for stock, facility, label, stock_label in RESOURCES
    ]


def _side(side: dict[str, Any], user: Any, *, mine: bool, your_turn: bool) -> dict[str, Any]:
    """One player's half of the screen."""
    return {
        "user": user,
        "hand": _hand(side, mine=mine, your_turn=your_turn),
        "tower": side["tower"], "tower_change": side["changes"]["tower"],
        "wall": side["wall"], "wall_change": side["changes"]["wall"],
        "resources": _resources(side),
        "tokens": [t for t in side["tokens"] if t["name"] != "none"],
        # C-HIST-1 and C-DISC-4: most recent first.
        "history": list(reversed(side["history"])),
        "discarded_own": list(reversed(side["discarded_own"])),
        "discarded_opp": list(reversed(side["discarded_opp"])),
    }


def _outcome(doc: dict[str, Any] | None, seat: int) -> dict[str, str] | None:
    """The end of the game from the viewer's side."""
    if doc is None:
        return None
    end_type = EndType(doc["end_type"])
    winner = int(doc["winner"])
    if winner == 0:
        verdict = "Aborted" if end_type == EndType.ABORT else "Draw"
    else:
        verdict = "You won" if winner == seat else "You lost"
    return {"verdict": verdict, "how": OUTCOME_TEXT[end_type], "end_type": str(end_type)}


def chat_lines(game: Game, user: Any) -> list[ChatMessage]:
    """The latest 21 lines, newest first, or oldest first with the reversed setting (C-SITE-4)."""
    lines = list(ChatMessage.objects.filter(game=game).select_related("author")[:CHAT_LINES])
    if preferences_of(user).reverse_chat:
        lines.reverse()
    return lines


def board_context(game: Game, user: Any) -> dict[str, Any]:
    """Everything the game screen shows to `user`, one of the game's two players."""
    seat = game.seat_of(user)
    if not seat or game.status not in (Status.RUNNING, Status.FINISHED):
        raise PermissionError("Only the game's two players see it.")
    doc = view(engine_state(game), seat - 1)
    opponent = game.opponent_of(seat)
    preferences = preferences_of(user)
    now = timezone.now()
    show_avatars = preferences.show_avatar_in_game
    return {
        "game": game,
        "viewer": user,
        "seat": seat,
        "version": game.version,
        "round": doc["round"],
        "your_turn": doc["your_turn"],
        "finished": doc["state"] == "finished",
        "outcome": _outcome(doc["outcome"], seat),
        "hidden": doc["modes"]["hidden"],
        "friendly": doc["modes"]["friendly"],
        "me": _side(doc["me"], user, mine=True, your_turn=doc["your_turn"]),
        "them": _side(doc["opponent"], opponent, mine=False, your_turn=False),
        "opponent": opponent,
        "opponent_name": game.opponent_name(seat),
        "opponent_activity": activity(opponent.last_activity, now),
        "my_avatar": profile_of(user).avatar if show_avatars else "",
        "their_avatar": profile_of(opponent).avatar if show_avatars else "",
        "ends": end_options(game, seat, now),
        "minimized": preferences.minimized_game_view,
        "note": game.note1 if seat == 1 else game.note2,
        "chat": chat_lines(game, user),
        "opponent_left": game.left2 if seat == 1 else game.left1,
    }


def render_board(game: Game, user: Any, *, request: Any = None, notice: str = "",
                 oob: bool = False) -> str:
    """The board (and, with `oob`, the chat log) as HTML, in the player's time zone."""
    context = board_context(game, user)
    context.update(notice=notice, oob=oob)
    with timezone.override(preferences_of(user).timezone):
        html = render_to_string("games/_board.html", context, request=request)
        if oob:
            html += render_to_string("games/_chat_log.html", context, request=request)
    return html
