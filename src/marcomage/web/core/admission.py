"""At most a few HTTP requests at work at once in one server process (issue 23, "Load").

Django runs each request of the ASGI server in a thread of its own, with no limit: under a
burst, hundreds of threads share one interpreter lock, and the thread that holds the
database's write lock gets the interpreter a few hundredths of the time, so every request
waits on it (measured: 200 games moving once a second gave 5 moves/s and 10 s per move).
This ASGI wrapper lets HTTP_CONCURRENCY requests run at a time and keeps the others waiting
in the event loop, in arrival order, where waiting costs nothing; WebSockets pass untouched
(they hold no thread). With PostgreSQL it also keeps the requests within the connection
pool (DB_POOL_MAX), so none waits for a connection.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any


class Admission:
    """Wrap an ASGI application: HTTP requests beyond `limit` wait their turn (0: no limit)."""

    def __init__(self, application: Any, limit: int) -> None:
        self.application = application
        self.limit = limit
        # One semaphore per event loop: a semaphore belongs to the loop that first waits on it,
        # and one application object may be served by several loops (tests, restarts).
        self._slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary())

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or self.limit <= 0:
            await self.application(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        slots = self._slots.get(loop)
        if slots is None:
            slots = self._slots[loop] = asyncio.Semaphore(self.limit)
        async with slots:
            await self.application(scope, receive, send)
