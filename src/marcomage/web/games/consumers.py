"""The per-game WebSocket of one open game screen.

States: connecting → (not one of the game's players: closed | player: subscribed, full view
sent) → closed. On connect (so a reconnecting page is whole again) and after every wake-up,
the consumer reads the game from the database and sends that player's own board and chat
log as htmx out-of-band fragments, built by `payload.render_board`. The wake-up carries
only the version; nothing the client sends changes the game (moves go over HTTP). The one
message a page may send is {"type": "resync"} (send the whole view again), rate-limited;
the socket closes when its log-in ends (core/sockets.py).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model

from marcomage.web.core.held import TOO_MANY
from marcomage.web.core.sockets import SessionBoundSocket

from .payload import render_board
from .queries import STARTED, find_game
from .realtime import group_name

UNAUTHORISED = 4401
FORBIDDEN = 4403


def _render_for(game_id: int, user_id: int) -> str | None:
    """The player's board and chat, or None when he may no longer see the game."""
    game = find_game(game_id)
    if game is None or game.status not in STARTED:
        return None
    user = get_user_model().objects.get(pk=user_id)
    seat = game.seat_of(user)
    if seat is None or seat.left:
        return None
    return render_board(game, user, oob=True)


render_for = database_sync_to_async(_render_for, thread_sensitive=False)
"""`_render_for` from async code, in the event loop's thread pool: each page's render runs
beside the others (issue 23: channels' default ran every socket's render of the process one
after another in a single thread, so wake-ups queued behind each other under load)."""


class GameConsumer(SessionBoundSocket):
    """One open game screen of one of the game's players."""

    messages = frozenset({"resync"})
    game_id: int = 0
    group: str = ""

    async def connect(self) -> None:
        """Accept only the game's players; send them their whole view at once."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=UNAUTHORISED)
            return
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        html = await render_for(self.game_id, int(user.pk))
        if html is None:
            await self.close(code=FORBIDDEN)
            return
        if not await self.bind_session(int(user.pk)):
            await self.close(code=TOO_MANY)
            return
        self.group = group_name(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=html)

    async def disconnect(self, code: int) -> None:
        """Leave the game's and the account's groups."""
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.unbind_session()

    async def on_message(self, kind: str) -> None:
        """A resync: send the whole view again."""
        await self.push()

    async def game_wake(self, event: dict[str, Any]) -> None:
        """A wake-up from the channel layer: read the truth again and send it."""
        await self.push()

    async def push(self) -> None:
        """Send the board and chat log, or close when the game is gone for this player."""
        if not await self.may_push() or self.user_id is None:
            return
        html = await render_for(self.game_id, self.user_id)
        if html is None:
            await self.end(FORBIDDEN)
            return
        await self.send(text_data=html)
