"""The served process's cyclic garbage collector, run by the clock (issue 36, twelfth pass).

Python starts a collection of its youngest generation when the count of allocations minus
deallocations passes a threshold, and an older generation after so many younger ones. A
served process holds caches that replace their entries as games move (a seat's boards, the
games as last stored, the boards' parts): each new entry counts up and each one dropped
counts down, so the count hardly moves while the young generation fills with live entries.
Measured at 200 games over the socket (docs/deploy.md, "Twelfth pass"): with a seat's boards
kept two deep, a young pass came every two or three seconds and walked ~100,000 objects
(~100 ms, every move in flight waiting); on main's deeper caches they came three times a
second at ~15-25 ms, and a middle pass of ~90-110 ms every five seconds.

Here the collector's own schedule is switched off after start-up and a thread collects on a
clock: the young generation every `YOUNG_EVERY` seconds (a few milliseconds: only what a
tenth of a second made and still holds), the middle one every `MIDDLE_EVERY` young passes
(what a game keeps lives a move or two, a second or so, so a middle pass walks about the
same ~40,000 objects whenever it comes: ~40-50 ms), and everything every `FULL_EVERY` young
passes. Pauses are then short and regular; a reference cycle that dies young is freed
within a tenth of a second, one that outlived a young pass within five seconds, and one
that outlived a middle pass (rare: a few thousand objects a minute) at the next full pass.

A middle pass every half minute instead (issue 36, thirteenth pass) walked ~140,000-165,000
objects, not ~50,000: what a socket or a game keeps for longer than a few seconds piles up in
the middle generation until a middle pass moves it on. Its pause grew two to three times,
and the 200-game runs' p99 did not improve (docs/deploy.md, "Thirteenth pass"); so five
seconds it stays.
"""

from __future__ import annotations

import gc
import logging
import threading
import time

log = logging.getLogger(__name__)

YOUNG_EVERY = 0.1
"""Seconds between two collections of the youngest generation."""
MIDDLE_EVERY = 50
"""Young passes between two collections of the middle generation (five seconds)."""
FULL_EVERY = 3000
"""Young passes between two full collections (five minutes): a full pass walks every
long-lived object not frozen at start-up (the sockets' protocol objects, the boards' part
caches), ~90,000 at 200 games, ~140 ms."""

SERVED = "MARCOMAGE_SERVED"
"""Set by `marcomage serve` for its processes (web/server.py); web/asgi.py starts the clock
there only (tests import the application too)."""

_started = threading.Event()


def generation(passes: int) -> int:
    """Which generation the `passes`-th pass collects (it and all younger ones)."""
    if passes % FULL_EVERY == 0:
        return 2
    return 1 if passes % MIDDLE_EVERY == 0 else 0


def start() -> bool:
    """Switch the collector's own schedule off and collect on the clock from a daemon thread
    (once per process; False when already started)."""
    if _started.is_set():
        return False
    _started.set()
    gc.disable()
    threading.Thread(target=_run, name="collector", daemon=True).start()
    return True


def _run() -> None:
    passes = 0
    while True:
        time.sleep(YOUNG_EVERY)
        passes += 1
        try:
            gc.collect(generation(passes))
        except Exception:  # a finaliser that raises must not end the collecting
            log.exception("the garbage collector's pass failed")
