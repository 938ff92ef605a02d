"""Replays pages: the list, the viewer (one position a page, `?step=N`) and the JSON export.

Replays are public (PL-VIEW-4): none of these pages asks for a login.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from marcomage.games import registered

from . import services


def _htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


@require_GET
def replay_list(request: HttpRequest) -> HttpResponse:
    """Finished games newest first, filtered by system, player and end; htmx gets the table."""
    end_types = services.end_types()
    filters = services.Filters.from_params(request.GET, end_types)
    page = Paginator(services.replays(filters), services.PER_PAGE).get_page(
        request.GET.get("page"))
    context = {
        "filters": filters,
        "page": page,
        "rows": services.rows(list(page.object_list)),
        "systems": registered(),
        "end_types": end_types,
        "player_length": services.PLAYER_LENGTH,
        "query": urlencode(filters.params()),
        "section": "replays",
    }
    template = "replays/_results.html" if _htmx(request) else "replays/list.html"
    return render(request, template, context)


@require_GET
def viewer(request: HttpRequest, game_id: int) -> HttpResponse:
    """One position of a replay, rebuilt from the seed; htmx gets the board and move list."""
    try:
        step = services.parse_step(request.GET.get("step"))
        position = services.position(game_id, step)
    except services.BadStep as problem:
        return HttpResponseBadRequest(str(problem), content_type="text/plain; charset=utf-8")
    except services.NoReplay as missing:
        raise Http404(str(missing)) from missing
    context = {"position": position, "replay": position.header, "section": "replays"}
    template = "replays/_position.html" if _htmx(request) else "replays/viewer.html"
    return render(request, template, context)


@require_GET
def export(request: HttpRequest, game_id: int) -> HttpResponse:
    """The replay as JSON (PL-STATE-3), for `marcomage replay verify FILE`."""
    try:
        document = services.export(game_id)
    except services.NoReplay as missing:
        raise Http404(str(missing)) from missing
    response = JsonResponse(document, json_dumps_params={"indent": 1, "sort_keys": True})
    response["Content-Disposition"] = f'attachment; filename="replay-{game_id}.json"'
    return response
