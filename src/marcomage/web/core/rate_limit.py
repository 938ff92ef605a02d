"""Rate limits on what one player (or, logged out, one address) may send: chat lines,
messages, challenges, registrations. One decorator, counted with the cache's atomic add and
incr in fixed windows; past the limit the answer is 429 with Retry-After and a page (text for
htmx, JSON for clients that ask for it) saying what was limited and when to try again.

Limits come from settings.RATE_LIMITS: {name: (count, seconds)}. The counters live in the
default cache: per process with the local-memory cache, shared by every process once CACHES
points at Redis (docs/security.md).
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

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


def take(name: str, key: str, now: float | None = None) -> int:
    """Count one more use; 0 when within the limit, else seconds until the window ends."""
    count, seconds = limit_of(name)
    now = time.time() if now is None else now
    window = int(now // seconds)
    counter = f"rate:{name}:{key}:{window}"
    cache.add(counter, 0, timeout=seconds + 1)
    try:
        used = cache.incr(counter)
    except ValueError:  # expired between add and incr: a new window
        cache.add(counter, 1, timeout=seconds + 1)
        used = 1
    if used <= count:
        return 0
    return max(1, int((window + 1) * seconds - now + 0.999))


def too_many(request: HttpRequest, name: str, retry_after: int) -> HttpResponse:
    """The 429 answer."""
    count, seconds = limit_of(name)
    reason = (f"You may send at most {count} {WHAT.get(name, name)} in "
              f"{seconds // 60 if seconds >= 60 else seconds} "
              f"{'minute' if seconds == 60 else 'minutes' if seconds > 60 else 'seconds'}.")
    if seconds >= 3600:
        reason = f"At most {count} {WHAT.get(name, name)} in {seconds // 3600} hour(s)."
    if request.headers.get("HX-Request"):
        response = HttpResponse(f"{reason} Try again in {retry_after} s.", status=429,
                                content_type="text/plain; charset=utf-8")
    elif "application/json" in request.headers.get("Accept", ""):
        response = HttpResponse(json.dumps({"error": reason, "limit": name,
                                            "retry_after": retry_after}),
                                status=429, content_type="application/json")
    else:
        html = render_to_string("429.html", {"reason": reason, "retry_after": retry_after},
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
