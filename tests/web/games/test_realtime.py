"""The per-game WebSocket (ARCHITECTURE.md "Real time"): the full view on connect, the
opponent's move pushed as this player's own view, outsiders turned away; and many
simultaneous submissions of one move apply it exactly once."""

from __future__ import annotations

import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection

from marcomage.web.accounts.models import User
from marcomage.web.asgi import application
from marcomage.web.games import services
from marcomage.web.games.models import Game
from marcomage.web.games.services import GameError, StaleVersion

from ..base import BaseTransactionTestCase
from ..ws import WebsocketClient
from .helpers import start, to_move


def socket_for(session_key: str | None, game_id: int) -> Any:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if session_key:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session_key}".encode()))
    return WebsocketClient(application, f"/ws/games/{game_id}/", headers)


class GameSocketTests(BaseTransactionTestCase):
    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()
        self.game = start(self.alice, self.bob, seed=3)

    def session_of(self, user: Any) -> str:
        client = self.client_class()
        client.force_login(user)
        return str(client.session.session_key)

    def test_a_player_gets_the_full_view_then_the_opponents_move(self) -> None:
        mover, waiter = to_move(self.game)
        key = self.session_of(waiter)

        async def scenario() -> tuple[str, str]:
            socket = socket_for(key, self.game.pk)
            connected, _ = await socket.connect()
            assert connected
            first = await socket.receive_from()

            def move() -> None:
                services.act(mover, self.game.pk, 1, {"type": "discard", "pos": 1})

            from channels.db import database_sync_to_async
            await database_sync_to_async(move)()
            second = await socket.receive_from()
            await socket.disconnect()
            return first, second

        first, second = async_to_sync(scenario)()
        self.assertIn('id="game-board"', first)
        self.assertIn('hx-swap-oob="true"', first)
        self.assertIn('id="chat-log"', first)
        self.assertIn('data-version="1"', first)
        self.assertIn('data-version="2"', second)
        self.assertIn("It is your turn", second)

    def test_outsiders_and_visitors_are_turned_away(self) -> None:
        carol = User.objects.create_user("carol", "pw")
        key = self.session_of(carol)

        async def scenario() -> tuple[Any, Any]:
            _, outsider = await socket_for(key, self.game.pk).connect()
            _, visitor = await socket_for(None, self.game.pk).connect()
            return outsider, visitor

        self.assertEqual(async_to_sync(scenario)(), (4403, 4401))


class ConcurrencyTests(BaseTransactionTestCase):
    """ARCHITECTURE.md: a double click, two tabs or two devices never play twice."""

    def test_many_simultaneous_submissions_of_one_move_apply_it_once(self) -> None:
        game = start(self.alice, self.bob, seed=4)
        mover, _ = to_move(game)
        attempts = 8
        barrier = threading.Barrier(attempts)
        results: list[str] = []
        lock = threading.Lock()

        def submit() -> None:
            try:
                barrier.wait()
                services.act(mover, game.pk, 1, {"type": "discard", "pos": 1})
                outcome = "applied"
            except StaleVersion:
                outcome = "stale"
            except GameError as problem:
                outcome = f"other: {problem}"
            finally:
                connection.close()
            with lock:
                results.append(outcome)

        threads = [threading.Thread(target=submit) for _ in range(attempts)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        self.assertEqual(sorted(results), ["applied"] + ["stale"] * (attempts - 1))
        game = Game.objects.get(pk=game.pk)
        self.assertEqual(game.version, 2)
        step = game.steps.get()
        self.assertEqual((step.index, step.action), (1, {"type": "discard", "pos": 1}))
