"""One rendering per (game, seat, version), shared (issue 36).

A move used to be drawn three times: the mover's HTTP answer, then once per open game page
on the wake-up, each ~10 ms of templates and queries. A board depends only on the game's
version, the seat and its player (and the player's settings and the clock, which change
slowly), so the first caller renders it and every other caller of the same key (the HTTP
answer, each socket of that seat, a second tab) takes the same text: at most one render per
key at a time (later callers wait for the first), kept until the key changes or `TTL`
seconds pass (the opponent's "online" state and the end options follow the clock). The
cache is per process: with several processes each renders a board at most once.

Keys always hold the seat and its player, so no seat ever gets another seat's board.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

TTL = 30.0
"""Seconds a rendering is served at most (the clock's parts of a board stay this fresh)."""
SIZE = 8192
"""Renderings kept at most (least recently used first out)."""
PER_LINE = 2
"""Renderings kept per line (a seat's boards, a player's chat logs): the latest, and the one
before it, which a move's push patches from (games/pushes.py). Older ones are never asked
for again by a page that keeps up; kept for their TTL, 200 games filled SIZE with ~20 boards
a seat, ~120 MB of text and ~160,000 objects that the cyclic collector walked (issue 36)."""
WAIT = 5.0
"""Seconds a caller waits for another's render of the same key before rendering itself."""


class _Flight:
    """A render in progress: the others wait on `done` and take `text`."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.text: str | None = None


def seat_line(key: Hashable) -> Hashable:
    """The line of a board's key ("board", game, start, seat, player, version, mark): all but
    its version and mark; of a chat log's ("chat", game, start, player, mark): all but its
    mark. Anything else is a line of its own."""
    if isinstance(key, tuple) and key:
        if key[0] == "board":
            return key[:-2]
        if key[0] == "chat":
            return key[:-1]
    return key


class Renderings:
    """A bounded, thread-safe map from a key to its rendering, rendering each key once; with
    `line`, at most `per_line` renderings of one line are kept (the newest)."""

    def __init__(self, size: int = SIZE, ttl: float = TTL,
                 line: Callable[[Hashable], Hashable] | None = None,
                 per_line: int = PER_LINE) -> None:
        self.size, self.ttl = size, ttl
        self.line, self.per_line = line, per_line
        self._lock = threading.Lock()
        self._kept: OrderedDict[Hashable, tuple[str, float]] = OrderedDict()
        self._lines: dict[Hashable, list[Hashable]] = {}
        self._flights: dict[Hashable, _Flight] = {}
        self.renders = 0
        """How many renders ran (tests and the benchmark read it)."""

    def get(self, key: Hashable, render: Callable[[], str], *, fresh: bool = False) -> str:
        """The rendering of `key`: kept, being made by another caller, or made now (always
        made now with `fresh`, e.g. the Refresh button after a change of settings)."""
        now = time.monotonic()
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None and not fresh and now - kept[1] < self.ttl:
                self._kept.move_to_end(key)
                return kept[0]
            flight = self._flights.get(key)
            leader = flight is None
            if flight is None:
                flight = self._flights[key] = _Flight()
        if not leader:
            if flight.done.wait(WAIT) and flight.text is not None:
                return flight.text
            return render()  # the first caller failed or is stuck: never wait for ever
        try:
            text = render()
            flight.text = text
        finally:
            with self._lock:
                self.renders += 1
                if flight.text is not None:
                    self._keep(key, flight.text)
                self._flights.pop(key, None)
            flight.done.set()
        return text

    def _keep(self, key: Hashable, text: str) -> None:
        """Keep `key`'s rendering as the newest (the lock held), dropping the oldest of its
        line beyond `per_line` and the least recently used beyond `size`."""
        self._kept[key] = (text, time.monotonic())
        self._kept.move_to_end(key)
        if self.line is not None:
            keys = self._lines.setdefault(self.line(key), [])
            if key in keys:
                keys.remove(key)
            keys.append(key)
            while len(keys) > self.per_line:
                self._kept.pop(keys.pop(0), None)
        while len(self._kept) > self.size:
            self._forget(self._kept.popitem(last=False)[0])

    def _forget(self, key: Hashable) -> None:
        """Drop an evicted key from its line."""
        if self.line is None:
            return
        line = self.line(key)
        keys = self._lines.get(line)
        if keys is not None and key in keys:
            keys.remove(key)
            if not keys:
                del self._lines[line]

    def kept(self, key: Hashable) -> str | None:
        """The rendering of `key` if one is kept and fresh, else None (never renders)."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is None or time.monotonic() - kept[1] >= self.ttl:
                return None
            self._kept.move_to_end(key)
            return kept[0]

    def keep(self, key: Hashable, text: str) -> str:
        """Keep `text` as the rendering of `key` unless a fresh one is kept already (then
        that one stays); the text kept. For a rendering made elsewhere: another process's
        board of a seat, pushed to this one's sockets (games/pushes.py), so that this
        process need not draw it again (a resync, the seat's next patch)."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None and time.monotonic() - kept[1] < self.ttl:
                self._kept.move_to_end(key)
                return kept[0]
            self._keep(key, text)
            return text

    def clear(self) -> None:
        """Forget every rendering (tests)."""
        with self._lock:
            self._kept.clear()
            self._lines.clear()


renderings = Renderings(line=seat_line)
"""The process's renderings of boards and chat logs."""
