"""A bound on the connections a server process holds open for a long time (issue 37): the
pages' WebSockets, the bots' sockets and NDJSON streams.

Each costs little, but a few hundred of one player (500 notification sockets made one forum
post cost 3.5 s of CPU) or a handful of streams (8 once held every request place of the
process) must not hold the site. So per process at most HELD_PER_PLAYER page sockets of one
player, BOT_HELD_PER_PLAYER bot connections of one player, and HELD_TOTAL connections in all;
past that the connection is refused (WebSocket close 4429, HTTP 429).
"""

from __future__ import annotations

import threading
from collections import Counter

from django.conf import settings

TOO_MANY = 4429
DEFAULTS = {"HELD_PER_PLAYER": 32, "BOT_HELD_PER_PLAYER": 4, "HELD_TOTAL": 2000}


def _limit(name: str) -> int:
    return int(getattr(settings, name, DEFAULTS[name]))


class Held:
    """Counts of open long-lived connections, per (kind, player) and in total."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.per_player: Counter[tuple[str, int]] = Counter()
        self.total = 0

    def _cap(self, kind: str) -> int:
        return _limit("BOT_HELD_PER_PLAYER" if kind == "bot" else "HELD_PER_PLAYER")

    def room(self, kind: str, user_id: int) -> bool:
        """Whether one more connection of this kind and player would be taken now."""
        with self.lock:
            return (self.total < _limit("HELD_TOTAL")
                    and self.per_player[(kind, user_id)] < self._cap(kind))

    def take(self, kind: str, user_id: int) -> bool:
        """Count one more connection, if there is room; False (nothing counted) if not."""
        with self.lock:
            if (self.total >= _limit("HELD_TOTAL")
                    or self.per_player[(kind, user_id)] >= self._cap(kind)):
                return False
            self.per_player[(kind, user_id)] += 1
            self.total += 1
            return True

    def give_back(self, kind: str, user_id: int) -> None:
        """One connection taken with `take` closed."""
        with self.lock:
            key = (kind, user_id)
            if self.per_player[key] > 0:
                self.per_player[key] -= 1
                self.total -= 1
            if self.per_player[key] <= 0:
                del self.per_player[key]

    def forget(self) -> None:
        """Start from nothing (tests)."""
        with self.lock:
            self.per_player.clear()
            self.total = 0


HELD = Held()
"""The process's counts."""
