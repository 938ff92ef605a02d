"""Send group messages on the channel layer from sync code without waiting for the event loop
(issue 36, the served move path).

A move's wake-ups are sent after its transaction commits, from the request's thread. With
`async_to_sync` that thread then waits until the event loop, busy with every other request
and socket of the process, gets round to the send: profiled under load, a move's request sat
there for milliseconds (more as the load grew) although sending is a few microseconds of
work. In a thread of the served process (one started by `sync_to_async`, as every Django
request and socket hop is) the sends are handed to the loop as a task and the thread goes
on; anywhere else (a management command, a test's client, the computer's worker thread)
they are sent as before, waiting. A wake-up is only a hint to read the database again, so
nothing depends on its being sent before the answer; a failure is logged in one line (the
Redis layer already bounds and holds its own, core/channel_layer.py).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Sequence
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

_pending: set[asyncio.Task[None]] = set()
"""The sends under way (a task only weakly held by the loop could be collected unfinished)."""


async def send_all(layer: Any, messages: Sequence[tuple[str, dict[str, Any]]]) -> None:
    """Send every (group, message) at once, so that a move's wake-ups (its game's group and
    its players' accounts) go to Redis in one batch (core/channel_layer.py's `Publisher`,
    issue 36) rather than one round trip after another; the first failure is raised once
    all were tried. A layer that sends a batch itself (`group_send_all`: the Redis layer,
    one bound for the batch) is given them together."""
    together = getattr(layer, "group_send_all", None)
    if together is not None:
        await together(messages)
        return
    found = await asyncio.gather(*(layer.group_send(group, message)
                                   for group, message in messages), return_exceptions=True)
    for outcome in found:
        if isinstance(outcome, BaseException):
            raise outcome


def _served_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the served process that started this thread, if any."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    return loop if isinstance(loop, asyncio.AbstractEventLoop) and loop.is_running() else None


def _done(task: asyncio.Task[None]) -> None:
    _pending.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.warning("channel layer: a wake-up was not sent (%r)", task.exception())


def _start(layer: Any, messages: Sequence[tuple[str, dict[str, Any]]]) -> None:
    task = asyncio.get_running_loop().create_task(send_all(layer, messages))
    _pending.add(task)
    task.add_done_callback(_done)


def publish(messages: Sequence[tuple[str, dict[str, Any]]]) -> None:
    """Send these group messages: handed to the served event loop when called from one of
    its threads (not waited for), else sent at once (see the module)."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    loop = _served_loop()
    if loop is not None:
        try:
            loop.call_soon_threadsafe(_start, layer, list(messages))
            return
        except RuntimeError:  # the loop is closing: send as anywhere else
            pass
    async_to_sync(send_all)(layer, messages)
