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

from marcomage.web.core.held import HELD
from marcomage.web.core.rate_limit import Limited
from marcomage.web.core.widgets import api_routers
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


@api.exception_handler(Limited)
def over_limit(request: HttpRequest, problem: Limited) -> HttpResponse:
    """A site limit (chat, challenge…) the API shares with the forms (core/rate_limit.py)."""
    response = api.create_response(request, {"detail": str(problem), "limit": problem.name,
                                             "retry_after": problem.retry_after}, status=429)
    response["Retry-After"] = str(problem.retry_after)
    return response


@api.exception_handler(RateLimited)
def too_many(request: HttpRequest, problem: RateLimited) -> HttpResponse:
    response = api.create_response(request, {"detail": str(problem)}, status=429)
    response["Retry-After"] = str(int(problem.wait))
    return response


REFUSAL_STATUS: dict[type[Exception], int] = {
    StaleVersion: 409, NotFound: 404, GameError: 400, DeckError: 400, DeckNotReady: 400,
}
"""The HTTP status of each refusal the site's services raise (ninja picks the handler of the
nearest class in the exception's MRO, so StaleVersion and NotFound win over GameError)."""


def _refusal(status: int) -> Any:
    def answer(request: HttpRequest, problem: Exception) -> HttpResponse:
        body = {"detail": str(problem)}
        if isinstance(problem, GameError) and status == 400:  # the reason for programs
            body["code"] = problem.code
        return api.create_response(request, body, status=status)
    return answer


for kind, status in REFUSAL_STATUS.items():
    api.add_exception_handler(kind, _refusal(status))


for section in (players, systems, decks, games, replays, stats):
    api.add_router("/", section.router)

for own in api_routers():  # a game's own endpoints (web/rulesets/<id>/api.py)
    api.add_router("/", own)


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
    if not HELD.take("bot", int(user.pk)):  # given back when the stream ends (core/held.py)
        raise HttpError(429, "Too many open streams and bot sockets of this player.")
    token = getattr(request, "api_token", None)
    response = StreamingHttpResponse(ndjson(int(token.pk) if token else None, int(user.pk),
                                            float(seconds)),
                                     content_type="application/x-ndjson")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
