"""The API object: /api/v1/, its OpenAPI document (/api/v1/openapi.json) and browsable
docs (/api/v1/docs, Swagger UI served from django-ninja's own static files: no CDN).

Refusals of the site's services become JSON answers with a `detail`: a refused request
400, a game others may not know about 404, an unknown or revoked token 401, a missing
scope 403, a stale version 409 (with the version now), too many requests 429 (with
Retry-After). Nothing is changed by a refused request.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from ninja import NinjaAPI
from ninja.errors import HttpError

from marcomage.web.decks.services import DeckError, DeckNotReady
from marcomage.web.games.services import GameError, NotFound, StaleVersion

from .auth import AUTH, RateLimited, need
from .botstream import ndjson
from .endpoints import decks, games, players, replays, stats, systems
from .schemas import Error

api = NinjaAPI(
    title="MArcomage API",
    version="1",
    description=(
        "Play any of the site's game systems from a program. Authenticate with a personal "
        "API token from the Settings page (`Authorization: Bearer mcg_...`). "
        "See docs/api.md for a walk from a token to a finished game."),
    auth=AUTH,
    urls_namespace="api",
)


@api.exception_handler(RateLimited)
def too_many(request: HttpRequest, problem: RateLimited) -> HttpResponse:
    response = api.create_response(request, {"detail": str(problem)}, status=429)
    response["Retry-After"] = str(int(problem.wait))
    return response


@api.exception_handler(StaleVersion)
def stale(request: HttpRequest, problem: StaleVersion) -> HttpResponse:
    return api.create_response(request, {"detail": str(problem)}, status=409)


@api.exception_handler(NotFound)
def not_found(request: HttpRequest, problem: NotFound) -> HttpResponse:
    return api.create_response(request, {"detail": str(problem)}, status=404)


@api.exception_handler(GameError)
def refused(request: HttpRequest, problem: GameError) -> HttpResponse:
    return api.create_response(request, {"detail": str(problem)}, status=400)


@api.exception_handler(DeckError)
def deck_refused(request: HttpRequest, problem: DeckError) -> HttpResponse:
    return api.create_response(request, {"detail": str(problem)}, status=400)


@api.exception_handler(DeckNotReady)
def deck_not_ready(request: HttpRequest, problem: DeckNotReady) -> HttpResponse:
    return api.create_response(request, {"detail": str(problem)}, status=400)


for section in (players, systems, decks, games, replays, stats):
    api.add_router("/", section.router)


@api.get("/bot/stream", tags=["bot"],
         response={200: str, 401: Error, 403: Error, 429: Error})
def bot_stream(request: HttpRequest, seconds: int = 3600) -> Any:
    """The bot event stream as NDJSON (one JSON event a line, a blank line to keep the
    connection alive): challenge, gameStart, yourTurn (view, legal actions, version),
    gameEnd. It ends after `seconds` (1 to 86400); reconnect to go on, nothing is lost.
    The WebSocket twin is `/api/v1/bot/ws` (same events; it also takes moves)."""
    user = need(request, "play")
    if not 1 <= seconds <= 86400:
        raise HttpError(400, "seconds must be from 1 to 86400.")
    response = StreamingHttpResponse(ndjson(int(user.pk), float(seconds)),
                                     content_type="application/x-ndjson")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
