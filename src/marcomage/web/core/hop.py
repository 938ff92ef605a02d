"""A socket's sync work (its database reads and writes, its boards) run in the event loop's
thread pool, without asgiref's per-call context copying (issue 36, twelfth pass).

`sync_to_async` (and channels' `database_sync_to_async` over it) copies the calling task's
context into the thread for each call and copies it back after, and asgiref 3.13 gives every
`Local` of Django's that holds a value (the time zone, the language, the URL configuration,
the caches) a new storage object on each way. A page's socket makes a hop or two a move, so
its task's context held a fresh set of those objects after each: profiled at 200 games, about
a fifth of the objects the cyclic collector walked (and the two thirds of the p99 that its
passes made, docs/deploy.md "Eleventh pass") were those storages and the context maps
holding them. The socket's hops need none of it: the functions they run take everything as
arguments (ids, a session key, what the socket sent) and return their result; what Django
keeps per thread (the database connection) is the thread's own. So `in_pool` runs them as a
plain `run_in_executor` in the loop's default pool (as `database_sync_to_async(...,
thread_sensitive=False)` did), with its two things kept: the thread's stale database
connections closed before and after the call, and the thread tied to the served loop as
asgiref ties its own (`publish` and `async_to_sync` from the thread then reach that loop).
"""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from asgiref.sync import SyncToAsync
from django.db import close_old_connections

P = ParamSpec("P")
R = TypeVar("R")


def in_pool(func: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """`func` as a coroutine function that runs it in the running loop's thread pool."""

    @functools.wraps(func)
    async def hop(*args: P.args, **kwargs: P.kwargs) -> R:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            None, functools.partial(_run, loop, functools.partial(func, *args, **kwargs)))

    return hop


def _run(loop: asyncio.AbstractEventLoop, call: Callable[[], R]) -> R:
    """Run `call` in a pool thread tied to `loop`, between two closings of the thread's
    stale database connections (as channels' `database_sync_to_async` does)."""
    local = SyncToAsync.threadlocal
    local.main_event_loop = loop
    local.main_event_loop_pid = os.getpid()
    local.task_context = None
    close_old_connections()
    try:
        return call()
    finally:
        close_old_connections()
