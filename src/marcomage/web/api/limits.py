"""Requests per token (issue 24, "rate limits"), counted in the database with the site's
limiter (core/rate_limit.py) so that every server process counts together (issue 38).

Each token may make `MARCOMAGE_API_RATE` requests per `MARCOMAGE_API_PERIOD` seconds, in
fixed windows; past that the API answers 429 with a Retry-After header and the reason.
So that a request (or a bot-socket message) does not cost a database write each, a process
takes the token's allowance from the shared counter in shares of a twentieth of the limit
and spends a share in memory: together the processes never serve more than the limit in
a window (a share left unspent when the window ends is lost, so a little less at worst).
Session requests (the site's own pages) are not counted here; the limits a player has
whatever the way in (chat lines, challenges) are `rate_limit.spend`'s.
"""

from __future__ import annotations

import math
import threading
import time

from django.conf import settings

from marcomage.web.core.models import RateCounter
from marcomage.web.core.rate_limit import count_in_window

DEFAULT_RATE = 600
DEFAULT_PERIOD = 60.0
PREFIX = "api|token:"
SHARES = 20
"""A process takes a token's allowance from the database in shares of limit / SHARES."""

_held: dict[int, tuple[int, int]] = {}
"""Per token: (the window's start, requests this process may still serve in it)."""
_lock = threading.Lock()


def rate() -> tuple[int, float]:
    """(requests, seconds) from the settings."""
    return (int(getattr(settings, "MARCOMAGE_API_RATE", DEFAULT_RATE)),
            float(getattr(settings, "MARCOMAGE_API_PERIOD", DEFAULT_PERIOD)))


def take(token_id: int, now: float | None = None) -> float:
    """Spend one request of the token: 0 when allowed, else the seconds to wait."""
    limit, period = rate()
    seconds = max(1, math.ceil(period))
    now = time.time() if now is None else now
    started = int(now // seconds) * seconds
    with _lock:
        window, left = _held.get(token_id, (started, 0))
        if window == started and left > 0:
            _held[token_id] = (started, left - 1)
            return 0.0
    share = max(1, limit // SHARES)
    used, wait = count_in_window(f"{PREFIX}{token_id}", seconds, now, share)
    granted = max(0, min(share, limit - (used - share)))
    if not granted:
        return float(wait)
    with _lock:
        _held[token_id] = (started, granted - 1)
    return 0.0


def forget() -> None:
    """Forget every token's count (tests, and a changed setting)."""
    with _lock:
        _held.clear()
    RateCounter.objects.filter(key__startswith=PREFIX).delete()
