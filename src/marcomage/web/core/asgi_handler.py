"""Django's ASGI handler with fewer hand-offs between the event loop and threads (issue 36,
the served path).

Profiled under load, a served move's HTTP request spent more of the process's CPU handing
work between the event loop and threads than in the middleware, and two things did it:

- **The middleware chain in async mode.** Django's ASGI handler builds the chain for async
  callers: the site's (sync) middleware run in a thread, call back into the event loop for
  the URL resolution (`async_to_sync`), which hands the (sync) view to a thread again: three
  hand-offs per request. Here the chain is built in sync mode, as Django's WSGI handler
  builds it, and runs in the request's thread in one hand-off: the same middleware in the
  same order, the same view, the same response (an async streaming body is still sent by
  the event loop, by Django's `send_response`).
- **Three hand-offs per request, one of them the view's.** Django's `handle` sends
  `request_started` (its receivers are sync: a hand-off), runs the chain (a hand-off) and,
  once the answer is sent, closes the response (`request_finished`: a third). Here the
  three run in the request's thread in one hand-off: `request_started`, the chain, and,
  for a response whose body is already whole (not streamed), `close()` right after the view,
  as the body is already in memory (the database connection goes back before the bytes
  are on the wire, not after). A streamed response is still closed after it is sent, and a
  request whose client went away still sends `request_finished`, as Django does.
- **A new thread per request.** Django runs each request's sync code in a thread of its own
  (a `ThreadSensitiveContext` for which asgiref makes a new one-thread executor): a thread
  started and ended per request. Each request still has a thread of its own while it runs,
  so one slow request never holds another, but the thread is taken from those idle since
  earlier requests and given back after. Django is made for reused threads (a WSGI server's
  pool reuses them): the database connection is closed at the end of each request as
  before (`CONN_MAX_AGE` 0; core/sqlite parks it) and the time zone, URL configuration and
  the like are set per request.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpRequest, HttpResponseBase
from django.urls import set_script_prefix

IDLE = 32
"""Idle request threads kept at most (more requests at once than this start new ones)."""


class LeanASGIHandler(ASGIHandler):
    """`ASGIHandler` with its middleware in sync mode and reused request threads."""

    def __init__(self) -> None:
        super().__init__()
        self.load_middleware(is_async=False)  # the chain WSGIHandler would build
        self._idle: list[ThreadPoolExecutor] = []

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        """The middleware and the view, in the request's thread in one hand-off."""
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)

    def _serve(self, scope: dict[str, Any], request: HttpRequest | None,
               error: HttpResponseBase | None) -> tuple[HttpResponseBase, bool]:
        """In the request's thread: `request_started`, then the chain's response (or the
        request's own error response) and whether it is closed already (a whole body)."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        if request is None:
            assert error is not None
            response = error
        else:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
        if response.streaming:
            return response, False
        response.close()
        return response, True

    async def handle(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Django's `handle` with `request_started`, the chain and a whole response's
        `close()` in one hand-off (see the module); the same disconnect handling."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        request, error = self.create_request(scope, body_file)
        serve = sync_to_async(self._serve, thread_sensitive=True)

        async def process_request() -> tuple[HttpResponseBase, bool]:
            found = await serve(scope, request, error)
            with contextlib.suppress(asyncio.CancelledError):  # the client went away
                await self.send_response(found[0], send)
            return found

        tasks = [asyncio.create_task(self.listen_for_disconnect(receive)),
                 asyncio.create_task(process_request())]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            if task.done():
                try:
                    task.result()
                except RequestAborted:
                    pass
                except AssertionError:
                    body_file.close()
                    raise
            else:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        try:
            response, closed = tasks[1].result()
        except asyncio.CancelledError:
            await signals.request_finished.asend(sender=self.__class__)
        else:
            if not closed:
                await sync_to_async(response.close)()
        body_file.close()

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
            # Idle again once its thread has finished what it was given: a request whose
            # client went away leaves its view running there (a thread cannot be stopped),
            # and the next request must not queue behind it.
            executor.submit(_nothing).add_done_callback(lambda _: self._give_back(executor))

    def _give_back(self, executor: ThreadPoolExecutor) -> None:
        if len(self._idle) < IDLE:
            self._idle.append(executor)  # list.append and pop are atomic: any thread may
        else:                            # give back
            executor.shutdown(wait=False)


def _nothing() -> None:
    """Run last on a request's thread: the thread is free once this has run."""
