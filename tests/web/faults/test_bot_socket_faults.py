"""The bot socket and stream under revocation and odd frames (issue 37; issue 38's close
codes and boolean versions; issue 30's illegal-action code).

A token revoked, or stripped of its `play` scope, while its socket or stream is open stops
at once: the next message or tick closes the socket (4401 revoked, 4403 no scope) and ends
the stream, and nothing is played. Refusals at the handshake are WebSocket closes with the
documented codes, never an HTTP 403. Frames that are not plain JSON (Infinity, 1e400, deep
nesting, lone surrogates, NUL) and `"version": true` get a clear 400 answer; the socket
stays open and nothing is logged with a traceback. Unknown paths under /api/v1/bot/ are
refused without an error."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from marcomage.web.api import limits
from marcomage.web.api.botstream import ndjson
from marcomage.web.api.models import ApiToken
from marcomage.web.api.tokens import revoke
from marcomage.web.asgi import application
from marcomage.web.games import services
from marcomage.web.games.models import Game
from marcomage.web.notifications.services import WAKE, group_name

from ..api.helpers import token_for
from ..base import BaseTransactionTestCase
from ..games.helpers import start
from ..security.server_log import server_errors
from ..ws import WebsocketClient

PATH = "/api/v1/bot/ws"


def socket(token: str | None, path: str = PATH) -> Any:
    headers = [(b"host", b"localhost")]
    if token:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    return WebsocketClient(application, path, headers)


async def until(client: Any, kind: str) -> dict[str, Any]:
    """The next output of the application of this ASGI type (sends are read as JSON)."""
    while True:
        out = await client.receive_output(3)
        if out["type"] == kind:
            return dict(out)
        assert out["type"] == "websocket.send", out


async def next_answer(client: Any) -> dict[str, Any]:
    while True:
        message = json.loads(await client.receive_from())
        if message["type"] == "answer":
            return dict(message)


async def send(client: Any, text: str) -> None:
    await client.send_input({"type": "websocket.receive", "text": text})


class BotSocketFaults(BaseTransactionTestCase):
    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()
        limits.forget()
        self.game = start(self.alice, self.bob, seed=5)
        found = services.find_game(self.game.pk)
        assert found is not None
        self.mover = next(s.user for s in found.seat_list() if s.to_act)
        self.token = token_for(self.mover)
        self.row = ApiToken.objects.get(user=self.mover)

    def move(self, version: Any = 1) -> str:
        game = services.find_game(self.game.pk)
        assert game is not None
        seat = next(s for s in game.seat_list() if s.to_act)
        from marcomage.web.api.gameviews import seat_view

        _view, legal = seat_view(game, seat.number)
        return json.dumps({"type": "move", "game_id": self.game.pk, "version": version,
                           "action": legal[0]})

    def test_a_token_revoked_while_connected_plays_no_more_move(self) -> None:
        """Issue 37: the next message after revocation closes with 4401, nothing played."""
        move = self.move()

        async def scenario() -> dict[str, Any]:
            client = socket(self.token)
            assert (await client.connect())[0]
            await sync(revoke)(self.mover, self.row.pk)
            await send(client, move)
            return await until(client, "websocket.close")

        closed = async_to_sync(scenario)()
        self.assertEqual(closed["code"], 4401)
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)

    def test_a_token_that_lost_the_play_scope_plays_no_more_move(self) -> None:
        """Issue 37, "scope too": closed with 4403, nothing played."""
        move = self.move()

        async def scenario() -> dict[str, Any]:
            client = socket(self.token)
            assert (await client.connect())[0]
            await sync(lambda: ApiToken.objects.filter(pk=self.row.pk)
                       .update(scopes=["read"]))()
            await send(client, move)
            return await until(client, "websocket.close")

        self.assertEqual(async_to_sync(scenario)()["code"], 4403)
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)

    def test_a_wake_up_after_revocation_closes_the_socket(self) -> None:
        """Issue 37: every stream tick checks the token too."""

        async def scenario() -> dict[str, Any]:
            client = socket(self.token)
            assert (await client.connect())[0]
            await sync(revoke)(self.mover, self.row.pk)
            await get_channel_layer().group_send(group_name(self.mover.pk), dict(WAKE))
            return await until(client, "websocket.close")

        self.assertEqual(async_to_sync(scenario)()["code"], 4401)

    def test_the_ndjson_stream_ends_at_revocation(self) -> None:
        """Issue 37: the NDJSON stream sends nothing after the token is revoked."""

        async def scenario() -> list[str]:
            lines = ndjson(int(self.row.pk), int(self.mover.pk), 60.0)
            first = [await lines.__anext__(), await lines.__anext__()]
            await sync(revoke)(self.mover, self.row.pk)
            await get_channel_layer().group_send(group_name(self.mover.pk), dict(WAKE))
            rest = [line async for line in lines]
            return first + rest

        lines = async_to_sync(scenario)()
        self.assertEqual([json.loads(x)["type"] for x in lines[:2]], ["gameStart", "yourTurn"])
        self.assertEqual(lines[2:], [])

    def test_handshake_refusals_are_close_codes_not_http_403(self) -> None:
        """Issue 38: the documented 4401 (no valid token) and 4403 (no play scope) reach the
        bot as close codes: the socket is accepted, then closed."""
        reader = token_for(self.alice, ("read",))

        async def scenario() -> list[tuple[str, int | None]]:
            found = []
            for token in (None, "mcg_wrong", reader):
                client = socket(token)
                await client.send_input({"type": "websocket.connect"})
                first = await client.receive_output(2)
                closed = await client.receive_output(2)
                found.append((first["type"], closed.get("code")))
            return found

        self.assertEqual(async_to_sync(scenario)(), [("websocket.accept", 4401),
                                                     ("websocket.accept", 4401),
                                                     ("websocket.accept", 4403)])

    def test_unknown_paths_under_the_bot_prefix_are_refused_quietly(self) -> None:
        """Issue 37: no "No route found" error (a 500) for /api/v1/bot/anything."""

        async def scenario() -> Any:
            client = socket(self.token, "/api/v1/bot/nothing-here")
            return await client.connect()

        with server_errors() as errors:
            connected, _code = async_to_sync(scenario)()
        self.assertFalse(connected)
        self.assertEqual(errors.problems(), [])

    def test_odd_frames_are_answered_400_and_the_socket_stays(self) -> None:
        """Issue 37: Infinity, 1e400, deep nesting, a lone surrogate, NUL; issue 38: a
        boolean version. Each answered 400 with a reason; nothing played, no traceback."""
        frames = [
            '{"type": "move", "game_id": 1, "version": Infinity, "action": {}}',
            '{"type": "move", "game_id": 1e400, "version": 1, "action": {}}',
            '{"type": "move", "game_id": 1, "version": -Infinity, "action": {}}',
            '{"type": "move", "game_id": 1, "version": NaN, "action": {}}',
            '{"type": "move", "action": ' + "[" * 5000 + "]" * 5000 + "}",
            '{"type": "move", "game_id": 1, "version": 1, "action": {"type": "\\ud800"}}',
            '{"type": "move\\u0000", "game_id": 1}',
            self.move(version=True),
            "[" * 100_000,
        ]

        async def scenario() -> list[dict[str, Any]]:
            client = socket(self.token)
            assert (await client.connect())[0]
            answers = []
            for frame in frames:
                await send(client, frame)
                answers.append(await next_answer(client))
            await client.disconnect()
            return answers

        with server_errors() as errors:
            answers = async_to_sync(scenario)()
        self.assertEqual([a["status"] for a in answers], [400] * len(frames), answers)
        self.assertTrue(all(a["detail"] for a in answers))
        self.assertEqual(errors.problems(), [])
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)

    def test_an_illegal_action_answer_carries_the_rulesets_code(self) -> None:
        """Issue 30: IllegalAction.code reaches the bot."""
        frame = json.dumps({"type": "move", "game_id": self.game.pk, "version": 1,
                            "action": {"type": "no-such-action"}})

        async def scenario() -> dict[str, Any]:
            client = socket(self.token)
            assert (await client.connect())[0]
            await send(client, frame)
            answer = await next_answer(client)
            await client.disconnect()
            return answer

        answer = async_to_sync(scenario)()
        self.assertEqual((answer["ok"], answer["status"]), (False, 400))
        self.assertEqual(answer["code"], "invalid-action")  # MArcomage's own code


def sync(function: Any) -> Any:
    from asgiref.sync import sync_to_async

    return sync_to_async(function)
