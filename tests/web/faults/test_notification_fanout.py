"""Notification fan-out coalesced per player (issue 37): one wake-up for everybody (a forum
post) reaching many open pages of one player renders his icon area once in the process,
not once per socket; every socket still gets it."""

from __future__ import annotations

from typing import Any
from unittest import mock

from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from marcomage.web.asgi import application
from marcomage.web.notifications import consumers
from marcomage.web.notifications.services import wake_everyone

from ..base import BaseTransactionTestCase
from ..ws import WebsocketClient

SOCKETS = 8


class FanOut(BaseTransactionTestCase):
    def test_one_render_for_all_the_sockets_of_a_player(self) -> None:
        async_to_sync(get_channel_layer().flush)()
        client = self.client_class()
        client.force_login(self.alice)
        key = str(client.session.session_key)
        renders: list[int] = []
        real = consumers.render_icons_for_id

        def counted(user_id: int) -> str:  # the real render, counted
            renders.append(user_id)
            return real(user_id)

        async def scenario() -> list[str]:
            pages = [WebsocketClient(application, "/ws/notifications/", [
                (b"origin", b"http://localhost"), (b"host", b"localhost"),
                (b"cookie", f"{settings.SESSION_COOKIE_NAME}={key}".encode())])
                for _ in range(SOCKETS)]
            for page in pages:
                assert (await page.connect(timeout=10))[0]
                await page.receive_from(timeout=10)
            renders.clear()
            await sync_to_async(wake_everyone)()
            got = [await page.receive_from(timeout=10) for page in pages]
            for page in pages:
                await page.disconnect()
            return got

        with mock.patch.object(consumers, "render_icons_for_id", counted):
            got: list[Any] = async_to_sync(scenario)()
        self.assertEqual(len(got), SOCKETS)
        self.assertTrue(all('id="nav-icons"' in html for html in got))
        self.assertEqual(renders, [self.alice.pk])
