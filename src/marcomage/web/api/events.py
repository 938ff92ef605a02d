"""The bot event stream's events, read from the database every time (never queued).

A bot's situation is: the challenges waiting for its answer, its running games (each a
`gameStart`), the games where it is to act (`yourTurn`, with its view and legal actions for
the game's current version) and the finished games it has not left yet (`gameEnd`). Each
event has an id that names what it is about (`turn:<game>:<version>`), so a connection
sends each event once, and a bot that reconnects gets its whole situation again: nothing
that happened while it was away is lost, because nothing was ever only in a queue. A bot
acknowledges a game's end by leaving the game (POST /api/v1/games/{id}/leave, or the
stream's "leave" message); until then every new connection repeats that `gameEnd`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db.models import Q

from marcomage.web.games.models import Game, Status

from .gameviews import seat_view


def _players(game: Game) -> list[str | None]:
    return [s.user.username if s.user else None for s in game.seat_list()]


def situation(user: Any, sent: Collection[str] = ()) -> list[dict[str, Any]]:
    """The events of the bot's situation now whose ids are not in `sent`, in order:
    challenges, game starts, turns, ends (by game id within each kind)."""
    games = (Game.objects.filter(
        Q(status=Status.CHALLENGE, seats__user=user, seats__number=1)
        | Q(status__in=(Status.RUNNING, Status.FINISHED), seats__user=user, seats__left=False))
        .distinct().order_by("id").prefetch_related("seats__user"))
    challenges, starts, turns, ends = [], [], [], []
    for game in games:
        seat = game.seat_of(user)
        if seat is None:
            continue
        base = {"game_id": game.pk, "game": game.ruleset, "version": game.version,
                "seat": seat.number}
        if game.status == Status.CHALLENGE:
            challenges.append({"type": "challenge", "id": f"challenge:{game.pk}", **base,
                               "from": _players(game)[0], "format": game.format,
                               "options": game.options, "message": game.message})
            continue
        starts.append({"type": "gameStart", "id": f"start:{game.pk}", **base,
                       "players": _players(game), "computer": game.ai_level or ""})
        if game.status == Status.RUNNING and seat.to_act:
            turns.append((game, seat, base))
        elif game.status == Status.FINISHED:
            ends.append((game, seat, base))
    found = [e for e in challenges + starts if e["id"] not in sent]
    for game, seat, base in turns:
        key = f"turn:{game.pk}:{game.version}"
        if key in sent:
            continue
        view, legal = seat_view(game, seat.number)
        if legal:  # a seat that already answered a simultaneous turn waits for the others
            found.append({"type": "yourTurn", "id": key, **base, "view": view,
                          "legal_actions": legal})
    for game, seat, base in ends:
        key = f"end:{game.pk}"
        if key in sent:
            continue
        view, _legal = seat_view(game, seat.number)
        found.append({"type": "gameEnd", "id": key, **base, "outcome": game.outcome,
                      "won": seat.number in (game.outcome or {}).get("winners", []),
                      "view": view})
    return found


