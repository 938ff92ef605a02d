"""Rate limits on what one player (or, logged out, one address) may send: chat lines,
messages, challenges, registrations. One limiter for the site and the API, keyed by player:
the site's forms use the decorator `rate_limited`, the API's operations `spend` (so a chat
line over the API counts against the same 20 a minute as the chat form). Past the limit the
answer is 429 with Retry-After and a page (text for htmx, JSON for clients that ask for it)
saying what was limited and when to try again.

Limits come from settings.RATE_LIMITS: {name: (count, seconds)}. The counters are rows of
the database (`RateCounter`), one per limit and player, counted in fixed windows with one
atomic upsert, so every server process counts together and nothing depends on Redis
(docs/security.md, issue 38).
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from .models import RateCounter

View = TypeVar("View", bound=Callable[..., HttpResponse])

DEFAULT_LIMITS: dict[str, tuple[int, int]] = {
    "chat": (20, 60),
    "message": (10, 60),
    "challenge": (10, 60),
    "register": (5, 3600),
}
WHAT = {
    "chat": "chat lines", "message": "messages", "challenge": "challenges",
    "register": "new accounts from your address",
}


def limit_of(name: str) -> tuple[int, int]:
    """(count, seconds) for one limit."""
    limits = {**DEFAULT_LIMITS, **getattr(settings, "RATE_LIMITS", {})}
    count, seconds = limits[name]
    return int(count), int(seconds)


def who(request: HttpRequest) -> str:
    """The player, or the client's address when logged out."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"addr:{request.META.get('REMOTE_ADDR') or 'unknown'}"


def count_in_window(key: str, seconds: int, now: float | None = None, uses: int = 1
                    ) -> tuple[int, int]:
    """Count `uses` more uses of `key` in the current window of `seconds`: (uses in this
    window, these included; seconds until the window ends). One INSERT … ON CONFLICT DO
    UPDATE … RETURNING, atomic on SQLite and PostgreSQL alike; a row left from an earlier
    window starts again."""
    now = time.time() if now is None else now
    started = int(now // seconds) * seconds
    q = connection.ops.quote_name
    table, k, start, n = (q(RateCounter._meta.db_table), q("key"), q("started"), q("count"))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({k}, {start}, {n}) VALUES (%s, %s, %s) "
            f"ON CONFLICT ({k}) DO UPDATE SET {n} = CASE WHEN {table}.{start} = "
            f"excluded.{start} THEN {table}.{n} + excluded.{n} ELSE excluded.{n} END, "
            f"{start} = excluded.{start} RETURNING {n}", [key[:200], started, uses])
        used = int(cursor.fetchone()[0])
    return used, max(1, int(started + seconds - now + 0.999))


def take(name: str, key: str, now: float | None = None) -> int:
    """Count one more use; 0 when within the limit, else seconds until the window ends."""
    count, seconds = limit_of(name)
    used, left = count_in_window(f"{name}|{key}", seconds, now)
    return 0 if used <= count else left


class Limited(Exception):
    """A limit was reached: `name`, and the seconds to wait."""

    def __init__(self, name: str, retry_after: int) -> None:
        super().__init__(reason(name))
        self.name = name
        self.retry_after = retry_after


def spend(name: str, user: Any) -> None:
    """Count one use of limit `name` by a player, as the site's forms do; raise Limited past
    it (the API's operations call this, so both count together)."""
    retry_after = take(name, f"user:{user.pk}")
    if retry_after:
        raise Limited(name, retry_after)


def reason(name: str) -> str:
    """The limit in words."""
    count, seconds = limit_of(name)
    text = (f"You may send at most {count} {WHAT.get(name, name)} in "
            f"{seconds // 60 if seconds >= 60 else seconds} "
            f"{'minute' if seconds == 60 else 'minutes' if seconds > 60 else 'seconds'}.")
    if seconds >= 3600:
        text = f"At most {count} {WHAT.get(name, name)} in {seconds // 3600} hour(s)."
    return text


def too_many(request: HttpRequest, name: str, retry_after: int) -> HttpResponse:
    """The 429 answer."""
    said = reason(name)
    if request.headers.get("HX-Request"):
        response = HttpResponse(f"{said} Try again in {retry_after} s.", status=429,
                                content_type="text/plain; charset=utf-8")
    elif "application/json" in request.headers.get("Accept", ""):
        response = HttpResponse(json.dumps({"error": said, "limit": name,
                                            "retry_after": retry_after}),
                                status=429, content_type="application/json")
    else:
        html = render_to_string("429.html", {"reason": said, "retry_after": retry_after},
                                request=request)
        response = HttpResponse(html, status=429)
    response["Retry-After"] = str(retry_after)
    return response


def rate_limited(name: str, methods: tuple[str, ...] = ("POST",)) -> Callable[[View], View]:
    """Limit a view's `methods` requests to settings.RATE_LIMITS[name] per player/address."""
    limit_of(name)  # an unknown name fails at import, not at the first request

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in methods:
                retry_after = take(name, who(request))
                if retry_after:
                    return too_many(request, name, retry_after)
            return view(request, *args, **kwargs)

        return limited  # type: ignore[return-value]

    return decorate
