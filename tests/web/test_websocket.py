"""The per-player WebSocket (ARCHITECTURE.md "Real time"): icons on connect, fresh icons
after each wake-up, read from the database; visitors are turned away."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from marcomage.web.asgi import application
from marcomage.web.messaging.models import Message
from marcomage.web.notifications.services import group_name, wake

from .base import BaseTransactionTestCase
from .ws import WebsocketClient

PATH = "/ws/notifications/"


def communicator(session_key: str | None, origin: bytes = b"http://localhost") -> Any:
    headers = [(b"origin", origin), (b"host", b"localhost")]
    if session_key:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session_key}".encode()))
    return WebsocketClient(application, PATH, headers)


class WebsocketTestCase(BaseTransactionTestCase):
    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()

    def session_of(self, user: Any) -> str:
        client = self.client_class()
        client.force_login(user)
        return str(client.session.session_key)

    def test_it_sends_the_icons_on_connect(self) -> None:
        Message.objects.create(author=self.bob, recipient=self.alice, text="hi")
        key = self.session_of(self.alice)

        async def scenario() -> str:
            socket = communicator(key)
            connected, _ = await socket.connect()
            assert connected
            html = await socket.receive_from()
            await socket.disconnect()
            return str(html)

        html = async_to_sync(scenario)()
        self.assertIn('id="nav-icons"', html)
        self.assertIn('hx-swap-oob="true"', html)
        self.assertIn('data-kind="messages"', html)

    def test_a_wake_up_makes_it_read_the_database_again(self) -> None:
        key = self.session_of(self.alice)

        async def scenario() -> tuple[str, str, bool]:
            socket = communicator(key)
            await socket.connect()
            first = await socket.receive_from()
            await database_sync_to_async(Message.objects.create)(
                author=self.bob, recipient=self.alice, text="hi")
            await get_channel_layer().group_send(group_name(self.alice.pk), {"type": "notify.wake"})
            second = await socket.receive_from()
            quiet = await socket.receive_nothing(timeout=0.2)
            await socket.disconnect()
            return str(first), str(second), quiet

        first, second, quiet = async_to_sync(scenario)()
        self.assertNotIn("data-kind", first)
        self.assertIn('data-kind="messages"', second)
        self.assertTrue(quiet)

    def test_wake_reaches_only_the_players_named(self) -> None:
        alice, bob = self.session_of(self.alice), self.session_of(self.bob)

        async def scenario() -> tuple[bool, str]:
            to_alice, to_bob = communicator(alice), communicator(bob)
            await to_alice.connect()
            await to_bob.connect()
            await to_alice.receive_from()
            await to_bob.receive_from()

            def send_letter() -> None:
                Message.objects.create(author=self.alice, recipient=self.bob, text="hi")
                wake([self.bob.pk])  # autocommit: the wake-up leaves at once

            await database_sync_to_async(send_letter)()
            bob_html = await to_bob.receive_from()
            alice_quiet = await to_alice.receive_nothing(timeout=0.2)
            await to_alice.disconnect()
            await to_bob.disconnect()
            return alice_quiet, str(bob_html)

        alice_quiet, bob_html = async_to_sync(scenario)()
        self.assertTrue(alice_quiet)
        self.assertIn('data-kind="messages"', bob_html)

    def test_it_turns_away_visitors(self) -> None:
        async def scenario() -> tuple[bool, Any]:
            socket = communicator(None)
            connected, code = await socket.connect()
            return connected, code

        connected, code = async_to_sync(scenario)()
        self.assertFalse(connected)
        self.assertEqual(code, 4401)

    def test_it_turns_away_other_origins(self) -> None:
        key = self.session_of(self.alice)

        async def scenario() -> bool:
            socket = communicator(key, origin=b"https://evil.example")
            connected, _ = await socket.connect()
            return bool(connected)

        self.assertFalse(async_to_sync(scenario)())
