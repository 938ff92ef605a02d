"""The bot event stream: a WebSocket (`/api/v1/bot/ws`) and its streamed HTTP twin
(`GET /api/v1/bot/stream`, one JSON object a line: NDJSON).

Both authenticate with a bearer token that has the `play` scope, join the player's wake-up
group (the same wake-ups that refresh the site's pages) and, on connecting, on every
wake-up and at least every `POLL_SECONDS`, send the events of `events.situation` that this
connection has not sent yet. Over the WebSocket the bot also answers: `move`, `accept`,
`reject` and `leave` messages, each answered with an `answer` message; over HTTP it uses
the REST endpoints. Every message counts against the token's rate (429 answers).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.db import close_old_connections

from marcomage.web.games import services
from marcomage.web.notifications.services import group_name

from . import limits
from .events import situation
from .models import ApiToken
from .tokens import authenticate

POLL_SECONDS = 15.0
UNAUTHORISED, FORBIDDEN, TOO_MANY = 4401, 4403, 4429


def _events(user_id: int, sent: set[str]) -> list[dict[str, Any]]:
    close_old_connections()
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.get(pk=user_id)
    found = situation(user, sent)
    sent.update(event["id"] for event in found)
    return found


def answer(user_id: int, message: Any) -> dict[str, Any]:
    """Carry out one message of the bot (move, accept, reject, leave) through the games
    services; the answer says whether it was done, and why not."""
    from django.contrib.auth import get_user_model

    close_old_connections()
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return {"type": "answer", "ok": False, "status": 400,
                "detail": "A message is a JSON object with a type."}
    kind = message["type"]
    reply: dict[str, Any] = {"type": "answer", "request": kind,
                             "game_id": message.get("game_id")}
    user = get_user_model().objects.get(pk=user_id)
    try:
        if kind == "move":
            services.act(user, message.get("game_id"), message.get("version"),
                         message.get("action"))
        elif kind == "accept":
            services.accept(user, message.get("game_id"), message.get("deck", "random"))
        elif kind == "reject":
            services.reject(user, message.get("game_id"))
        elif kind == "leave":
            services.leave(user, message.get("game_id"))
        else:
            return {**reply, "ok": False, "status": 400,
                    "detail": "Known messages: move, accept, reject, leave."}
    except services.StaleVersion as stale:
        game = services.find_game(message.get("game_id"))
        return {**reply, "ok": False, "status": 409, "detail": str(stale),
                "version": game.version if game else None}
    except services.NotFound as missing:
        return {**reply, "ok": False, "status": 404, "detail": str(missing)}
    except services.GameError as refused:
        return {**reply, "ok": False, "status": 400, "detail": str(refused)}
    return {**reply, "ok": True, "status": 200, "detail": "Done."}


def _token_from(headers: list[tuple[bytes, bytes]]) -> ApiToken | None:
    close_old_connections()
    for name, value in headers:
        if name.lower() == b"authorization":
            scheme, _, secret = value.decode("latin1").partition(" ")
            if scheme.lower() == "bearer":
                return authenticate(secret.strip())
    return None


class BotConsumer(AsyncWebsocketConsumer):
    """One bot's WebSocket: events out, moves and answers to challenges in."""

    user_id: int | None = None
    token_id: int = 0
    group: str = ""
    sent: set[str]
    poller: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        """Accept a token with the play scope; send the bot's whole situation at once."""
        token = await sync_to_async(_token_from)(self.scope.get("headers", []))
        if token is None:
            await self.close(code=UNAUTHORISED)
            return
        if "play" not in token.scopes:
            await self.close(code=FORBIDDEN)
            return
        if await sync_to_async(limits.take)(int(token.pk)):
            await self.close(code=TOO_MANY)
            return
        self.user_id, self.token_id, self.sent = int(token.user_id), int(token.pk), set()
        self.group = group_name(self.user_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.push()
        self.poller = asyncio.ensure_future(self._poll())

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            await self.push()

    async def disconnect(self, code: int) -> None:
        """Leave the player's group, stop polling."""
        if self.poller is not None:
            self.poller.cancel()
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None
                      ) -> None:
        """One message of the bot: carry it out, answer, then send what changed."""
        if self.user_id is None:
            return
        wait = await sync_to_async(limits.take)(self.token_id)
        if wait:
            await self.send(text_data=json.dumps({
                "type": "answer", "ok": False, "status": 429, "retry_after": wait,
                "detail": f"Too many requests for this token; retry in {int(wait)} s."}))
            return
        try:
            message = json.loads(text_data or "")
        except ValueError:
            message = None
        reply = await sync_to_async(answer)(self.user_id, message)
        await self.send(text_data=json.dumps(reply))
        await self.push()

    async def notify_wake(self, event: dict[str, Any]) -> None:
        """A wake-up for this player: something may have changed."""
        await self.push()

    async def push(self) -> None:
        """Send the events this connection has not sent yet."""
        if self.user_id is None:
            return
        for event in await sync_to_async(_events)(self.user_id, self.sent):
            await self.send(text_data=json.dumps(event))


async def ndjson(user_id: int, seconds: float) -> AsyncIterator[str]:
    """The NDJSON stream: events as lines, a blank line every POLL_SECONDS to keep the
    connection open, for at most `seconds`."""
    layer = get_channel_layer()
    channel = await layer.new_channel() if layer is not None else ""
    group = group_name(user_id)
    if layer is not None:
        await layer.group_add(group, channel)
    sent: set[str] = set()
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    try:
        while True:
            events = await sync_to_async(_events)(user_id, sent)
            for event in events:
                yield json.dumps(event) + "\n"
            if not events:
                yield "\n"
            left = end - loop.time()
            if left <= 0:
                return
            try:
                if layer is None:
                    await asyncio.sleep(min(POLL_SECONDS, left))
                else:
                    await asyncio.wait_for(layer.receive(channel), min(POLL_SECONDS, left))
            except TimeoutError:
                pass
    finally:
        if layer is not None:
            await layer.group_discard(group, channel)
