"""Requests per token: a token bucket in each server process (issue 24, "rate limits").

Each token may make `MARCOMAGE_API_RATE` requests per `MARCOMAGE_API_PERIOD` seconds on
average, with bursts up to the same number; past that the API answers 429 with a
Retry-After header and the reason. Session requests (the site's own pages) are not
counted here. With several server processes each keeps its own buckets, so the real limit
is that many times higher; one process is what `marcomage serve` runs.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass

from django.conf import settings

DEFAULT_RATE = 600
DEFAULT_PERIOD = 60.0


@dataclass
class Bucket:
    """How many requests a token may still make, refilled continuously."""

    tokens: float
    stamp: float


_buckets: dict[int, Bucket] = {}
_lock = threading.Lock()


def rate() -> tuple[int, float]:
    """(requests, seconds) from the settings."""
    return (int(getattr(settings, "MARCOMAGE_API_RATE", DEFAULT_RATE)),
            float(getattr(settings, "MARCOMAGE_API_PERIOD", DEFAULT_PERIOD)))


def take(token_id: int, now: float | None = None) -> float:
    """Spend one request of the token: 0 when allowed, else the seconds to wait."""
    limit, period = rate()
    now = time.monotonic() if now is None else now
    refill = limit / period
    with _lock:
        bucket = _buckets.get(token_id)
        if bucket is None:
            bucket = _buckets[token_id] = Bucket(float(limit), now)
        bucket.tokens = min(float(limit), bucket.tokens + (now - bucket.stamp) * refill)
        bucket.stamp = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return max(1.0, math.ceil((1 - bucket.tokens) / refill))


def forget() -> None:
    """Empty every bucket (tests, and a changed setting)."""
    with _lock:
        _buckets.clear()
