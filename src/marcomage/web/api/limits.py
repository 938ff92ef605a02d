"""Requests per token (issue 24, "rate limits"), counted in the database with the site's
limiter (core/rate_limit.py) so that every server process counts together (issue 38).

Each token may make `MARCOMAGE_API_RATE` requests per `MARCOMAGE_API_PERIOD` seconds, in
fixed windows; past that the API answers 429 with a Retry-After header and the reason.
Session requests (the site's own pages) are not counted here; the limits a player has
whatever the way in (chat lines, challenges) are `rate_limit.spend`'s.
"""

from __future__ import annotations

import math

from django.conf import settings

from marcomage.web.core.models import RateCounter
from marcomage.web.core.rate_limit import count_in_window

DEFAULT_RATE = 600
DEFAULT_PERIOD = 60.0
PREFIX = "api|token:"


def rate() -> tuple[int, float]:
    """(requests, seconds) from the settings."""
    return (int(getattr(settings, "MARCOMAGE_API_RATE", DEFAULT_RATE)),
            float(getattr(settings, "MARCOMAGE_API_PERIOD", DEFAULT_PERIOD)))


def take(token_id: int, now: float | None = None) -> float:
    """Spend one request of the token: 0 when allowed, else the seconds to wait."""
    limit, period = rate()
    used, left = count_in_window(f"{PREFIX}{token_id}", max(1, math.ceil(period)), now)
    return 0.0 if used <= limit else float(left)


def forget() -> None:
    """Forget every token's count (tests, and a changed setting)."""
    RateCounter.objects.filter(key__startswith=PREFIX).delete()
