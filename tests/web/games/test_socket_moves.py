"""Issue 36: a move over the game's WebSocket, checked exactly as a POST is (session,
same-origin handshake, seat, turn, version, action), and one rendering per (game, seat,
version) shared by the HTTP answer and the seat's sockets, which receive only what changed."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from marcomage.web.accounts.models import User
from marcomage.web.asgi import application
from marcomage.web.games import services
from marcomage.web.games.models import Game, Step
from marcomage.web.games.renders import renderings

from ..base import BaseTransactionTestCase
from ..ws import WebsocketClient
from .helpers import start, to_move

DISCARD = {"type": "discard", "pos": 1}


def socket_for(session_key: str | None, game_id: int, origin: bytes = b"http://localhost"
               ) -> Any:
    headers = [(b"origin", origin), (b"host", b"localhost")]
    if session_key:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session_key}".encode()))
    return WebsocketClient(application, f"/ws/games/{game_id}/", headers)


class SocketGameCase(BaseTransactionTestCase):
    """A fresh game of alice and bob (seed 3), an empty channel layer and no kept boards;
    `session_of` logs a player in and gives the session key a socket presents."""

    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()
        renderings.clear()
        self.game = start(self.alice, self.bob, seed=3)

    def session_of(self, user: Any) -> str:
        client = self.client_class()
        client.force_login(user)
        return str(client.session.session_key)


class SocketMoveTests(SocketGameCase):

    def play_over_socket(self, user: Any, frames: list[dict[str, Any]], replies: int = 1
                         ) -> list[str]:
        """Connect as `user`, send each frame, and collect what comes back: the whole view
        first, then `replies` messages per frame (a refusal: the error, then the board)."""
        key = self.session_of(user)

        async def scenario() -> list[str]:
            socket = socket_for(key, self.game.pk)
            connected, _ = await socket.connect(timeout=15)
            assert connected
            got = [await socket.receive_from(timeout=15)]
            for frame in frames:
                await socket.send_to(text_data=json.dumps(frame))
                got.extend([await socket.receive_from(timeout=15) for _ in range(replies)])
            await socket.disconnect()
            return got

        return async_to_sync(scenario)()

    def test_issue_36_a_move_over_the_socket_is_stored_and_pushed_back(self) -> None:
        mover, _waiter = to_move(self.game)
        got = self.play_over_socket(mover, [{"type": "act", "version": 1, "action": DISCARD}])
        game = Game.objects.get(pk=self.game.pk)
        self.assertEqual(game.version, 2)
        self.assertEqual(Step.objects.filter(game=game).count(), 1)
        self.assertIn('data-version="2"', got[-1])  # the mover's page gets its new board
        self.assertNotIn("error", got[-1][:20])

    def test_issue_36_a_stale_version_or_a_forged_action_is_refused_and_changes_nothing(
            self) -> None:
        mover, _waiter = to_move(self.game)
        got = self.play_over_socket(mover, [
            {"type": "act", "version": 0, "action": DISCARD},
            {"type": "act", "version": 1, "action": {"type": "play", "pos": 99}},
            {"type": "act", "version": 1, "action": "discard"},
        ], replies=2)
        for error, board in zip(got[1::2], got[2::2], strict=True):
            self.assertIn("error", json.loads(error))
            self.assertIn('data-version="1"', board)  # the board as it is, to start again
        self.assertIn("changed since your page showed it", got[1])
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)
        self.assertFalse(Step.objects.filter(game=self.game).exists())

    def test_issue_36_the_player_not_to_act_and_a_non_player_cannot_move(self) -> None:
        _mover, waiter = to_move(self.game)
        got = self.play_over_socket(waiter, [{"type": "act", "version": 1,
                                              "action": DISCARD}], replies=2)
        self.assertIn("not your turn", json.loads(got[1])["error"])
        carol = User.objects.create_user("carol", "pw")
        key = self.session_of(carol)

        async def outsider() -> Any:
            return (await socket_for(key, self.game.pk).connect(timeout=15))[1]

        self.assertEqual(async_to_sync(outsider)(), 4403)  # turned away before any frame
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)

    def test_issue_36_a_cross_site_socket_is_refused_at_the_handshake(self) -> None:
        mover, _waiter = to_move(self.game)
        key = self.session_of(mover)

        async def scenario() -> bool:
            connected, _ = await socket_for(key, self.game.pk, b"http://evil.example").connect(timeout=15)
            return bool(connected)

        self.assertFalse(async_to_sync(scenario)())
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)

    def test_issue_36_one_render_per_seat_and_version_and_the_opponent_gets_only_the_board(
            self) -> None:
        mover, waiter = to_move(self.game)
        keys = [self.session_of(waiter), self.session_of(waiter)]  # two tabs

        async def scenario() -> tuple[list[str], int]:
            sockets = [socket_for(key, self.game.pk) for key in keys]
            for socket in sockets:
                assert (await socket.connect(timeout=15))[0]
                await socket.receive_from(timeout=15)
            before = renderings.renders

            def move() -> None:
                services.act(mover, self.game.pk, 1, DISCARD)

            await database_sync_to_async(move)()
            got = [await socket.receive_from(timeout=15) for socket in sockets]
            spent = renderings.renders - before
            for socket in sockets:
                await socket.disconnect()
            return got, spent

        got, renders = async_to_sync(scenario)()
        self.assertEqual(got[0], got[1])
        self.assertIn('data-version="2"', got[0])
        self.assertNotIn('id="chat-log"', got[0])  # the chat did not change: not sent
        self.assertEqual(renders, 1)  # both tabs of the seat share one rendering
        answer = self.client_for(mover).get(f"/games/{self.game.pk}/board/")
        self.assertIn('data-version="2"', answer.content.decode())
        self.assertNotIn('hx-swap-oob', answer.content.decode().split(">", 1)[0])

    def client_for(self, user: Any) -> Any:
        client = self.client_class()
        client.force_login(user)
        return client

    def test_issue_36_the_load_benchmarks_socket_move_is_the_pages_and_wakes_the_opponent(
            self) -> None:
        """`benchmarks/load/run.py --via socket`: the scripted player's act frame (its card
        choice on the board the socket sent, as JSON) means what the board's own form
        means, is stored, and the opponent's socket gets the new version."""
        from marcomage.web.core.widgets import board_of

        from .test_board_patches import load_players

        players = load_players()
        mover, waiter = to_move(self.game)
        keys = self.session_of(mover), self.session_of(waiter)

        async def scenario() -> tuple[dict[str, str], dict[str, Any], str]:
            sockets = [socket_for(key, self.game.pk) for key in keys]
            views = []
            for socket in sockets:
                assert (await socket.connect(timeout=15))[0]
                views.append(await socket.receive_from(timeout=15))
            form = {**players.choice(views[0], "marcomage"), "version": "1"}
            action = players.socket_action(form)
            await sockets[0].send_to(text_data=json.dumps(
                {"type": "act", "version": 1, "action": action}))
            woken = await sockets[1].receive_from(timeout=15)
            for socket in sockets:
                await socket.disconnect()
            return form, action, woken

        form, action, woken = async_to_sync(scenario)()
        self.assertEqual(action, board_of("marcomage").action_from_form(form))
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 2)
        self.assertIn('data-to="2"', woken)  # the opponent's patch to the new version
