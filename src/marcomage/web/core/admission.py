"""At most a few HTTP requests at work at once in one server process (issue 23, "Load"), and
no slow or long-lived client holding one of those places (issue 37).

Django runs each request of the ASGI server in a thread of its own, with no limit: under a
burst, hundreds of threads share one interpreter lock, and the thread that holds the
database's write lock gets the interpreter a few hundredths of the time, so every request
waits on it (measured: 200 games moving once a second gave 5 moves/s and 10 s per move).
This ASGI wrapper lets HTTP_CONCURRENCY requests run at a time and keeps the others waiting
in the event loop, in arrival order, where waiting costs nothing; WebSockets pass untouched
(they hold no thread). With PostgreSQL it also keeps the requests within the connection
pool (DB_POOL_MAX), so none waits for a connection.

A place is held only while the site works on the request, not while a client is slow:

- the body is read *before* a place is taken, within BODY_TIMEOUT seconds in all (408 past
  that) and at most MAX_REQUEST_BODY bytes (413), so clients sending their bodies slowly
  wait in the event loop instead of holding the site (8 of them once made `GET /` time out);
- the place is given back when the answer starts: a streamed answer (the NDJSON bot stream,
  which lasts up to a day) holds none while it streams (core/held.py bounds those instead).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_BODY_TIMEOUT = 10.0
DEFAULT_MAX_BODY = 2 * 1024 * 1024


async def _answer(send: Any, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": text.encode()})


async def read_body(receive: Any, send: Any) -> list[dict[str, Any]] | None:
    """The request's body messages, read within BODY_TIMEOUT seconds; None when the client
    was answered instead (408 too slow, 413 too large) or went away."""
    limit = int(getattr(settings, "MAX_REQUEST_BODY", DEFAULT_MAX_BODY)) + 64 * 1024
    timeout = float(getattr(settings, "BODY_TIMEOUT", DEFAULT_BODY_TIMEOUT))
    messages: list[dict[str, Any]] = []
    size = 0

    async def collect() -> bool:
        nonlocal size
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return False  # http.disconnect: nobody to answer
            messages.append(message)
            size += len(message.get("body", b""))
            if size > limit or not message.get("more_body", False):
                return True

    try:
        whole = await asyncio.wait_for(collect(), timeout)
    except TimeoutError:
        await _answer(send, 408, f"The request body did not arrive within {timeout:g} s.")
        return None
    if not whole:
        return None
    if size > limit:
        await _answer(send, 413, "The request is too large.")
        return None
    return messages


def replay(messages: list[dict[str, Any]], receive: Any) -> Callable[[], Awaitable[Any]]:
    """A receive callable that gives the read body again, then the client's own messages."""
    pending = list(messages)

    async def again() -> Any:
        if pending:
            return pending.pop(0)
        return await receive()

    return again


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
        if scope.get("method") in BODY_METHODS:
            body = await read_body(receive, send)
            if body is None:
                return
            receive = replay(body, receive)
        loop = asyncio.get_running_loop()
        slots = self._slots.get(loop)
        if slots is None:
            slots = self._slots[loop] = asyncio.Semaphore(self.limit)
        await slots.acquire()
        held = True

        def give_back() -> None:
            nonlocal held
            if held:
                held = False
                slots.release()

        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                give_back()  # the work is done; sending the answer holds no place
            await send(message)

        try:
            await self.application(scope, receive, sending)
        finally:
            give_back()
