"""Database connections stay bounded under a burst (issue 23): 100 parallel page requests get
no 500, the process never holds more connections than its pool allows (PostgreSQL: Django's
pool, DB_POOL_MAX; SQLite: one per request thread, closed with the request), and the count
drops back to the pool's idle size once the burst is over (PostgreSQL; SQLite's handles stay
at the burst's peak, reused by later requests, see docs/deploy.md)."""

from __future__ import annotations

import threading
import time

import pytest
from django.conf import settings

from marcomage.web.accounts.models import User

from ..base import PASSWORD
from ..games.helpers import start
from .connections import open_connections
from .site import Answer, Player, together

pytestmark = pytest.mark.django_db(transaction=True)

BURST = 100


def bound() -> int:
    """The most connections the burst may hold: the pool's size on PostgreSQL (plus the
    test's own), and on SQLite the server's request threads (no pool: each closes its own)."""
    options = settings.DATABASES["default"].get("OPTIONS", {})
    pool = options.get("pool") if isinstance(options, dict) else None
    if isinstance(pool, dict):
        return int(pool["max_size"]) + 1
    return BURST + 1


def idle_size() -> int:
    """The pool's idle size plus the test's own connection."""
    return int(settings.DATABASES["default"]["OPTIONS"]["pool"]["min_size"]) + 1


def settle_to_idle(seconds: float = 20) -> int:
    """Wait for the pool to give back its idle connections (max_idle is 1 s in the tests)."""
    deadline = time.monotonic() + seconds
    while open_connections() > idle_size() and time.monotonic() < deadline:
        time.sleep(0.2)
    return open_connections()


def test_a_burst_of_100_parallel_requests_keeps_connections_bounded(live_url: str) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    bob = User.objects.create_user("bob", PASSWORD)
    game = start(alice, bob)
    player = Player.logged_in(live_url, alice)
    postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    if postgres:
        settle_to_idle()
    before = open_connections()
    highest = before
    stop = threading.Event()

    def sample() -> None:
        nonlocal highest
        while not stop.is_set():
            highest = max(highest, open_connections())
            time.sleep(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        pages = [f"/games/{game.pk}/", "/games/", f"/games/{game.pk}/board/", "/decks/"]
        paths = [pages[n % 4] for n in range(BURST)]
        answers = together([(lambda path=path: player.get(path)) for path in paths])
    finally:
        stop.set()
        sampler.join()
    statuses = [answer.status if isinstance(answer, Answer) else repr(answer)
                for answer in answers]
    assert statuses == [200] * BURST
    assert highest <= bound(), (highest, bound())
    if postgres:
        assert highest > before  # the sampler saw the pool grow for the burst
        assert settle_to_idle() <= idle_size()  # and shrink back after it
    again = together([lambda: player.get("/games/")] * 20)
    assert [answer.status for answer in again] == [200] * 20
    assert open_connections() <= bound()  # later bursts reuse, never add up
