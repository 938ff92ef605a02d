"""The bot event stream: a WebSocket (`/api/v1/bot/ws`) and its streamed HTTP twin
(`GET /api/v1/bot/stream`, one JSON object a line: NDJSON).

Both authenticate with a bearer token that has the `play` scope, join the player's wake-up
group (the same wake-ups that refresh the site's pages) and, on connecting, on every
wake-up and at least every `POLL_SECONDS`, send the events of `events.situation` that this
connection has not sent yet. Over the WebSocket the bot also answers: `move`, `accept`,
`reject` and `leave` messages, each answered with an `answer` message; over HTTP it uses
the REST endpoints. Every message counts against the token's rate (429 answers).

The token is checked again before every message and every push (a wake-up or a poll): a
token revoked, or no longer holding `play`, while the connection is open closes the socket
(4401, 4403) and ends the stream, so nothing more is played or sent (issue 37). Refusals at
the handshake accept the socket and close it at once with those codes, because a refusal
before accepting reaches the bot as a bare HTTP 403 (issue 38). Frames are read as strict
JSON (core/strict_json.py): anything else is answered 400 and the socket stays open.
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

from marcomage.web.core.held import HELD
from marcomage.web.core.strict_json import MalformedJson, loads
from marcomage.web.games import services
from marcomage.web.notifications.services import group_name

from . import limits
from .events import situation
from .models import ApiToken
from .tokens import authenticate

POLL_SECONDS = 15.0
UNAUTHORISED, FORBIDDEN, TOO_MANY = 4401, 4403, 4429
MAX_FRAME = 64 * 1024
"""Longest message a bot may send (an action is a few hundred bytes)."""


def token_refusal(token_id: int) -> int | None:
    """None while the token still may play; else the close code: 4401 revoked (or its
    account closed or gone), 4403 it no longer holds the play scope."""
    close_old_connections()
    found = (ApiToken.objects.filter(pk=token_id, revoked=None, user__is_active=True)
             .values_list("scopes", flat=True).first())
    if found is None:
        return UNAUTHORISED
    return None if "play" in found else FORBIDDEN


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
        return {**reply, "ok": False, "status": 400, "detail": str(refused),
                "code": refused.code}
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
    held_by: int | None = None
    token_id: int = 0
    group: str = ""
    sent: set[str]
    poller: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        """Accept a token with the play scope; send the bot's whole situation at once."""
        token = await sync_to_async(_token_from)(self.scope.get("headers", []))
        limited = token is not None and "play" in token.scopes and bool(
            await sync_to_async(limits.take)(int(token.pk)))
        refusal = (UNAUTHORISED if token is None else FORBIDDEN if "play" not in token.scopes
                   else TOO_MANY if limited or not HELD.take("bot", int(token.user_id))
                   else None)
        if token is None or refusal is not None:
            await self.accept()  # so that the bot sees the code, not an HTTP 403
            await self.close(code=refusal)
            return
        self.held_by = int(token.user_id)
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
        """Leave the player's group, stop polling; the connection no longer counts."""
        if self.held_by is not None:
            HELD.give_back("bot", self.held_by)
            self.held_by = None
        if self.poller is not None:
            self.poller.cancel()
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def still_allowed(self) -> bool:
        """Whether the token may still play; if not, close the socket with the reason."""
        if self.user_id is None:
            return False
        refusal = await sync_to_async(token_refusal)(self.token_id)
        if refusal is None:
            return True
        self.user_id = None
        await self.close(code=refusal)
        return False

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None
                      ) -> None:
        """One message of the bot: carry it out, answer, then send what changed."""
        if not await self.still_allowed():
            return
        wait = await sync_to_async(limits.take)(self.token_id)
        if wait:
            await self.send(text_data=json.dumps({
                "type": "answer", "ok": False, "status": 429, "retry_after": wait,
                "detail": f"Too many requests for this token; retry in {int(wait)} s."}))
            return
        try:
            if text_data is None or len(text_data) > MAX_FRAME:
                raise MalformedJson(f"A message is a JSON text frame of at most {MAX_FRAME} "
                                    "characters.")
            message = loads(text_data)
        except MalformedJson as problem:
            await self.send(text_data=json.dumps({
                "type": "answer", "ok": False, "status": 400, "code": "malformed",
                "detail": str(problem)}))
            return
        user_id = self.user_id
        if user_id is None:
            return
        reply = await sync_to_async(answer)(user_id, message)
        await self.send(text_data=json.dumps(reply))
        await self.push()

    async def notify_wake(self, event: dict[str, Any]) -> None:
        """A wake-up for this player: something may have changed."""
        await self.push()

    async def push(self) -> None:
        """Send the events this connection has not sent yet (if the token still may)."""
        if not await self.still_allowed():
            return
        assert self.user_id is not None
        for event in await sync_to_async(_events)(self.user_id, self.sent):
            await self.send(text_data=json.dumps(event))


async def ndjson(token_id: int | None, user_id: int, seconds: float) -> AsyncIterator[str]:
    """The NDJSON stream: events as lines, a blank line every POLL_SECONDS to keep the
    connection open, for at most `seconds`, and only while the token may play. The caller
    counted it as one of the player's held bot connections (core/held.py); it gives that
    back when it ends."""
    try:
        async for line in _stream(token_id, user_id, seconds):
            yield line
    finally:
        HELD.give_back("bot", user_id)


async def _stream(token_id: int | None, user_id: int, seconds: float) -> AsyncIterator[str]:
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
            if token_id is not None and await sync_to_async(token_refusal)(token_id):
                return
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
