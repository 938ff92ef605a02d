"""Django's SQLite backend, with the process's write transactions queued on a Python lock.

SQLite lets one writer at a time hold the database; the others wait in its busy handler,
which sleeps and polls (1 ms growing to 100 ms between tries). Under load (issue 23: 200
games each moving once a second through one process) the waiting threads then sleep past
the moments the lock is free, moves queue up for seconds and the throughput collapses.
Here a write transaction (`BEGIN IMMEDIATE`, which the settings ask for) first takes a lock
shared by the process's threads: the waiting threads are woken the moment the previous
transaction commits or rolls back, in order, and SQLite's busy handler is left only for the
other processes. A thread that cannot get the lock within WAIT seconds goes on to SQLite's
own waiting (a safety net: nothing may wait for ever).

Connections are reused (issue 36): Django opens a connection per request and per socket
hop (`CONN_MAX_AGE` 0; each request runs in a thread of its own under ASGI, so persistent
per-thread connections would leak one per request), and opening one costs a file open, the
registration of Django's forty SQL functions and five PRAGMAs. Profiled under load, opening
and closing took about a twentieth of the served site's CPU. A closed connection that is not
in a transaction is parked instead (at most IDLE per database file) and the next opening
takes it; a connection closed inside a transaction (an error) is really closed, which rolls
it back. In-memory databases (the tests') are never parked.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from typing import Any

from django.db.backends.sqlite3 import base

logger = logging.getLogger(__name__)

WRITE_LOCK = threading.Lock()
"""One write transaction at a time in this process."""
_holder: tuple[str, float] | None = None
"""The thread holding WRITE_LOCK and since when (monotonic), for the warning below."""
WAIT = 20.0
"""Seconds a transaction waits for the lock before leaving it to SQLite's busy handler."""


_keepers: dict[str, sqlite3.Connection] = {}
_keepers_lock = threading.Lock()
IDLE = 16
"""Parked connections kept per database file at most (see the module)."""
_idle: dict[str, list[sqlite3.Connection]] = {}
_idle_lock = threading.Lock()


def _parkable(name: str) -> bool:
    """Whether connections to this database may be parked (not the in-memory ones)."""
    return name != "" and name != ":memory:" and not name.startswith("file:")


def _unpark(name: str) -> sqlite3.Connection | None:
    """A parked connection to the database, or None."""
    with _idle_lock:
        found = _idle.get(name)
        return found.pop() if found else None


def _park(name: str, connection: sqlite3.Connection) -> bool:
    """Keep a closed connection for the next opening; False when IDLE are parked already."""
    with _idle_lock:
        found = _idle.setdefault(name, [])
        if len(found) >= IDLE:
            return False
        found.append(connection)
        return True


def keep_open(name: str) -> None:
    """Hold one idle connection to the database file for the life of the process. Django
    opens and closes a connection per request; when the one closing is the last, SQLite
    checkpoints the whole write-ahead log into the database (with an fsync) and deletes it,
    and the next one builds it again: under load that happened on every few requests."""
    if name == ":memory:" or name.startswith("file:"):
        return
    with _keepers_lock:
        if name not in _keepers:
            _keepers[name] = sqlite3.connect(name, check_same_thread=False)


class DatabaseWrapper(base.DatabaseWrapper):
    """sqlite3's wrapper; transactions queue on WRITE_LOCK, and the file stays open (see the
    module and `keep_open`)."""

    _holds_write_lock = False

    def get_new_connection(self, conn_params: Any) -> Any:
        name = str(conn_params["database"])
        if _parkable(name):
            parked = _unpark(name)
            if parked is not None:
                return parked
        found = super().get_new_connection(conn_params)
        keep_open(name)
        return found

    def _start_transaction_under_autocommit(self) -> None:
        global _holder
        held = WRITE_LOCK.acquire(timeout=WAIT)
        if held:
            _holder = (threading.current_thread().name, time.monotonic())
        else:
            name, since = _holder or ("?", time.monotonic())
            logger.warning("waited %.0f s for the write lock, held by thread %r for %.0f s",
                           WAIT, name, time.monotonic() - since)
        self._holds_write_lock = held
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_write_lock()
            raise

    def _release_write_lock(self) -> None:
        if self._holds_write_lock:
            self._holds_write_lock = False
            WRITE_LOCK.release()

    def _commit(self) -> Any:
        try:
            return super()._commit()
        finally:
            self._release_write_lock()

    def _rollback(self) -> Any:
        try:
            return super()._rollback()
        finally:
            self._release_write_lock()

    def _close(self) -> Any:
        try:
            found = self.connection
            name = str(self.settings_dict["NAME"])
            if (found is not None and not self.in_atomic_block and not found.in_transaction
                    and _parkable(name) and _park(name, found)):
                return None
            return super()._close()
        finally:
            self._release_write_lock()
