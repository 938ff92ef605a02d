"""Django's ASGI handler with its request threads reused (issue 36, the served path).

Django runs each HTTP request's sync code (the middleware, the view, the request's signals)
in a thread of the request's own: its handler enters a `ThreadSensitiveContext`, for which
asgiref makes a new one-thread executor, that is a new thread started and ended per
request. Profiled under load, starting and ending those threads was a few per cent of the
served site's CPU. Here each request still has a thread of its own while it runs (so one
slow request never holds another, as before), but the thread is taken from the executors
idle since earlier requests and given back after. Django is made for reused threads (a
WSGI server's pool reuses them): the database connection is closed at the end of each
request as before (`CONN_MAX_AGE` 0; core/sqlite parks it) and the time zone, URL
configuration and the like are set per request.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIHandler

IDLE = 32
"""Idle request threads kept at most (more requests at once than this start new ones)."""


class ReusedThreadsHandler(ASGIHandler):
    """`ASGIHandler` whose requests run in reused threads (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self._idle: list[ThreadPoolExecutor] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not "
                             f"{scope['type']}.")
        executor = (self._idle.pop() if self._idle
                    else ThreadPoolExecutor(max_workers=1, thread_name_prefix="request"))
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            if len(self._idle) < IDLE:
                self._idle.append(executor)
            else:
                executor.shutdown(wait=False)
