"""A socket's hop to a pool thread (core/hop.py, issue 36, twelfth pass): it runs the call in
a thread of the loop's pool tied to that loop (so a move's wake-ups are handed to it), passes
results and errors back, closes the thread's stale database connections, and leaves the
calling task's context as it was (asgiref's hop gave each of Django's locals a new storage
object on every call, which the cyclic collector then walked)."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from marcomage.web.core import hop, publish


def _where() -> tuple[int, object]:
    return threading.get_ident(), publish._served_loop()


def test_issue36_a_hop_runs_in_a_pool_thread_tied_to_the_running_loop() -> None:
    async def main() -> tuple[int, object, asyncio.AbstractEventLoop]:
        thread, loop = await hop.in_pool(_where)()
        return thread, loop, asyncio.get_running_loop()

    thread, tied, running = asyncio.run(main())
    assert thread != threading.get_ident()
    assert tied is running  # publish() from the thread hands its sends to this loop


def test_issue36_a_hop_returns_the_result_and_raises_the_error() -> None:
    def double(x: int, *, times: int) -> int:
        return x * times

    def refuse() -> None:
        raise ValueError("refused in the thread")

    async def main() -> int:
        with pytest.raises(ValueError, match="refused in the thread"):
            await hop.in_pool(refuse)()
        return await hop.in_pool(double)(21, times=2)

    assert asyncio.run(main()) == 42


def test_issue36_a_hop_closes_the_threads_stale_connections_before_and_after() -> None:
    with mock.patch.object(hop, "close_old_connections") as close:
        asyncio.run(hop.in_pool(lambda: close.call_count)())
    assert close.call_count == 2  # one before the call (which saw it), one after


def _context_values() -> list[object]:
    return list(contextvars.copy_context().values())


def test_issue36_a_hop_leaves_the_callers_context_as_it_was() -> None:
    """The task's context keeps the very same objects across a hop; asgiref's hop (channels'
    `database_sync_to_async`) replaces the storage of every Django local that holds a value
    (here the time zone), which is what filled the collector's middle generation."""

    async def across(call: object) -> tuple[list[object], list[object]]:
        timezone.activate("Europe/Prague")
        before = _context_values()
        await call  # type: ignore[misc]
        return before, _context_values()

    async def main() -> None:
        before, after = await across(hop.in_pool(lambda: None)())
        assert len(after) == len(before)
        assert all(a is b for a, b in zip(before, after, strict=True))
        before, after = await across(database_sync_to_async(lambda: None)())
        assert not all(a is b for a, b in zip(before, after, strict=True))

    asyncio.run(main())
