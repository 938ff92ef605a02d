"""The per-player WebSocket: sends the icon area on connect and after every wake-up.

States: connecting → (anonymous: closed | player: subscribed, icons sent) → closed.
The client sends nothing: a frame gets an error frame, and too many close the socket; the
socket closes when its log-in ends (core/sockets.py).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from channels.db import database_sync_to_async

from marcomage.web.core.held import TOO_MANY
from marcomage.web.core.sockets import SessionBoundSocket

from .services import EVERYONE, group_name, render_icons_for_id

UNAUTHORISED = 4401


class NotificationConsumer(SessionBoundSocket):
    """One open page of one player."""

    group: str = ""

    async def connect(self) -> None:
        """Accept only logged-in players, subscribe them, and send the current icons."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=UNAUTHORISED)
            return
        if not await self.bind_session(int(user.pk)):
            await self.close(code=TOO_MANY)
            return
        self.group = group_name(int(user.pk))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(EVERYONE, self.channel_name)
        await self.accept()
        await self.push()

    async def disconnect(self, code: int) -> None:
        """Leave the player's group."""
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_discard(EVERYONE, self.channel_name)
        await self.unbind_session()

    async def notify_wake(self, event: dict[str, Any]) -> None:
        """A wake-up from the channel layer: read the truth again and send it."""
        sent = event.get("sent")
        await self.push(float(sent) if isinstance(sent, (int, float)) else None)

    async def push(self, since: float | None = None) -> None:
        """Send the icon area as an htmx out-of-band fragment (while the log-in holds)."""
        if not await self.may_push() or self.user_id is None:
            return
        await self.send(text_data=await shared_icons(self.user_id, since))


_renders: dict[int, tuple[float, asyncio.Future[str]]] = {}


async def shared_icons(user_id: int, since: float | None) -> str:
    """The player's icon area, rendered once for all his sockets in this process that a
    wake-up sent at `since` reaches (issue 37: a forum post woke 500 sockets of one player,
    each reading the database and rendering alone, 3.5 s of CPU). A render begun at or after
    `since` already saw what the wake-up announced (wake-ups are sent after the commit), so
    it is shared; without `since`, or for an older render, a new one is made."""
    loop = asyncio.get_running_loop()
    found = _renders.get(user_id)
    if (since is not None and found is not None and found[0] >= since
            and found[1].get_loop() is loop):
        return await asyncio.shield(found[1])
    began = time.time()
    task = asyncio.ensure_future(database_sync_to_async(render_icons_for_id)(user_id))
    _renders[user_id] = (began, task)

    def forget(_: asyncio.Future[str]) -> None:  # keep only what a wake-up may still share
        loop.call_later(5.0, lambda: _renders.pop(user_id, None)
                        if _renders.get(user_id, (0.0, None))[1] is task else None)

    task.add_done_callback(forget)
    return await asyncio.shield(task)
