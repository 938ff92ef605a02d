"""Replays: every finished, recorded game (a public record, as on /replays/): the list,
one replay's header with its final position, and its replay document."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest
from ninja import Router
from ninja.errors import HttpError

from marcomage.web.games.services import game_state, ruleset_of
from marcomage.web.replays import services

from ..auth import need
from ..schemas import REFUSALS, ReplayOut, ReplayPage

router = Router(tags=["replays"])


def _row(row: services.Row) -> dict[str, Any]:
    return {"id": row.game.pk, "game": row.game.ruleset,
            "players": [p.text for p in row.players], "winners": row.winners,
            "result": row.result, "end_type": row.end_type, "rounds": row.rounds,
            "finished": row.finished}


@router.get("/replays", response={200: ReplayPage, **REFUSALS})
def replays(request: HttpRequest, game: str = "", player: str = "", end: str = "",
            page: int = 1) -> Any:
    """Finished games, newest first, 25 a page, by game system, player or end type."""
    need(request, "read")
    filters = services.Filters.from_params({"system": game, "player": player, "end": end},
                                           services.end_types())
    found = Paginator(services.replays(filters), services.PER_PAGE).get_page(page)
    return {"count": found.paginator.count, "page": found.number,
            "pages": found.paginator.num_pages,
            "replays": [_row(r) for r in services.rows(list(found.object_list))]}


def _finished(game_id: int) -> Any:
    try:
        return services.finished_game(game_id)
    except services.NoReplay as missing:
        raise HttpError(404, str(missing)) from None


@router.get("/replays/{int:game_id}", response={200: ReplayOut, **REFUSALS})
def replay(request: HttpRequest, game_id: int) -> Any:
    """One replay: who played, the result, the options, the seed, the number of steps and
    the final position as the replay view shows it (the game is over: nothing is hidden)."""
    need(request, "read")
    game = _finished(game_id)
    found = _row(services.row(game))
    found.update(version=game.ruleset_version, seed=game.seed, options=game.options or {},
                 steps=game.steps.count(),
                 final_view=ruleset_of(game).view(game_state(game), None))
    return found


@router.get("/replays/{int:game_id}/export", response={200: dict[str, Any], **REFUSALS})
def export(request: HttpRequest, game_id: int) -> Any:
    """The replay document (`marcomage replay verify FILE` checks it)."""
    need(request, "read")
    _finished(game_id)
    return services.export(game_id)
