"""The in-process channel layer (one server process, no Redis), with a fan-out that costs
the same however many sockets are open (issue 36, the served path).

Channels' `InMemoryChannelLayer` walks every channel and every group membership of the
process to expire old ones on every `receive` and every `group_send`, builds a new queue
object on every send and receive, and sends to a group through one task per member. A move
does a few of each, and every open game page is a channel with two memberships: with 200
games (400 sockets) that walk was most of the layer's cost, and it grows with the square of
the number of games. Here expiry runs at most once every CLEAN_EVERY seconds (messages
still expire after `expiry` seconds, a minute, and memberships after `group_expiry`, a
day, as before; a few seconds late is harmless), a queue is made only for a channel that
has none, and a group's members get the message by direct puts. What a consumer receives
is unchanged: its own copy of each message, in order; a full channel drops the message for
that member only.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_EVERY = 10.0
"""Seconds between two expiry walks at least (a walk of 1,000 open pages took a few ms)."""


class QuickMemoryLayer(InMemoryChannelLayer):
    """`CHANNEL_LAYERS`' backend without REDIS_URL (settings.py)."""

    _cleaned = 0.0

    def _queue(self, channel: str) -> asyncio.Queue[Any]:
        found: asyncio.Queue[Any] | None = self.channels.get(channel)
        if found is None:
            found = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        return found

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned >= CLEAN_EVERY:
            self._cleaned = now
            super()._clean_expired()

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """Put a copy of the message on the channel's queue (ChannelFull when full)."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        try:
            self._queue(channel).put_nowait((time.time() + self.expiry, deepcopy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def receive(self, channel: str) -> Any:
        """The channel's next message, waiting for one."""
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self._queue(channel)
        try:
            _, message = await queue.get()
        finally:
            if queue.empty():
                self.channels.pop(channel, None)
        return message

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Send the message to each member of the group (a full member misses it)."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with contextlib.suppress(ChannelFull):
                await self.send(channel, message)
