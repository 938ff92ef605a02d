"""The bot WebSocket in process (issue 24): a token without the play scope is closed with
4403; a bot's moves over the socket are answered and its game goes on; over its rate a
message is answered 429; a turn and an end come as events with the game's version."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.test import override_settings

from marcomage.web.api import limits
from marcomage.web.asgi import application
from marcomage.web.games import services

from ..base import BaseTransactionTestCase
from ..games.helpers import start
from ..ws import WebsocketClient
from .helpers import token_for

PATH = "/api/v1/bot/ws"


async def next_answer(client: Any) -> dict[str, Any]:
    """The next "answer" message (events the change brought may come before it)."""
    while True:
        message = json.loads(await client.receive_from())
        if message["type"] == "answer":
            return dict(message)


def socket(token: str | None) -> Any:
    headers = [(b"host", b"localhost")]
    if token:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    return WebsocketClient(application, PATH, headers)


class BotSocketTests(BaseTransactionTestCase):
    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()
        limits.forget()

    def test_no_token_or_no_play_scope_is_closed(self) -> None:
        reader = token_for(self.alice, ("read",))

        async def scenario() -> list[Any]:
            found = []
            for token in (None, "mcg_wrong", reader):  # accepted, then closed (issue 38)
                client = socket(token)
                accepted, _ = await client.connect()
                closed = await client.receive_output(2)
                found.append((accepted, closed["type"], closed.get("code")))
            return found

        self.assertEqual(async_to_sync(scenario)(),
                         [(True, "websocket.close", 4401), (True, "websocket.close", 4401),
                          (True, "websocket.close", 4403)])

    def test_a_turn_a_move_an_answer_and_the_end(self) -> None:
        game = start(self.alice, self.bob, seed=5)
        found = services.find_game(game.pk)
        assert found is not None
        mover = next(s.user for s in found.seat_list() if s.to_act)
        token = token_for(mover)

        async def scenario() -> list[dict[str, Any]]:
            client = socket(token)
            connected, _ = await client.connect()
            assert connected
            seen = [json.loads(await client.receive_from()) for _ in range(2)]
            turn = seen[1]
            await client.send_input({"type": "websocket.receive", "text": json.dumps({
                "type": "move", "game_id": turn["game_id"], "version": turn["version"],
                "action": turn["legal_actions"][0]})})
            seen.append(await next_answer(client))
            await client.send_input({"type": "websocket.receive", "text": json.dumps({
                "type": "move", "game_id": turn["game_id"], "version": turn["version"],
                "action": turn["legal_actions"][0]})})
            seen.append(await next_answer(client))
            await client.disconnect()
            return seen

        start_event, turn, done, again = async_to_sync(scenario)()
        self.assertEqual((start_event["type"], start_event["version"]), ("gameStart", 1))
        self.assertEqual((turn["type"], turn["id"]), ("yourTurn", f"turn:{game.pk}:1"))
        self.assertEqual((done["ok"], done["status"]), (True, 200))
        self.assertEqual((again["ok"], again["status"]), (False, 409))
        self.assertEqual(again["version"], 2)
        services.surrender(mover, game.pk)

        async def after() -> dict[str, Any]:
            client = socket(token)
            await client.connect()
            events = [json.loads(await client.receive_from()) for _ in range(2)]
            await client.disconnect()
            return events[1]

        end = async_to_sync(after)()
        self.assertEqual((end["type"], end["won"], end["outcome"]["end_type"]),
                         ("gameEnd", False, "surrender"))

    @override_settings(MARCOMAGE_API_RATE=2, MARCOMAGE_API_PERIOD=3600)
    def test_messages_over_the_rate_are_answered_429(self) -> None:
        token = token_for(self.alice)
        limits.forget()

        async def scenario() -> list[dict[str, Any]]:
            client = socket(token)
            connected, _ = await client.connect()  # the first request of two
            assert connected
            answers = []
            for _ in range(2):
                await client.send_input({"type": "websocket.receive",
                                         "text": json.dumps({"type": "leave", "game_id": 1})})
                answers.append(await next_answer(client))
            await client.disconnect()
            return answers

        first, second = async_to_sync(scenario)()
        self.assertEqual(first["status"], 404)
        self.assertEqual(second["status"], 429)
        self.assertGreaterEqual(second["retry_after"], 1)
