"""The per-player WebSocket: sends the icon area on connect and after every wake-up.

States: connecting → (anonymous: closed | player: subscribed, icons sent) → closed.
The client sends nothing: a frame gets an error frame, and too many close the socket; the
socket closes when its log-in ends (core/sockets.py).
"""

from __future__ import annotations

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
        await self.push()

    async def push(self) -> None:
        """Send the icon area as an htmx out-of-band fragment (while the log-in holds)."""
        if not await self.may_push() or self.user_id is None:
            return
        html = await database_sync_to_async(render_icons_for_id)(self.user_id)
        await self.send(text_data=html)
