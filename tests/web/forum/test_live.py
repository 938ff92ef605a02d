"""The book icon lights live: a new post wakes every open page over the notification
WebSocket (docs/site.md, "Real time")."""

from __future__ import annotations

from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.asgi import application
from marcomage.web.forum import services
from marcomage.web.forum.models import Section

from ..base import BaseTransactionTestCase
from ..ws import WebsocketClient


class LiveBookTestCase(BaseTransactionTestCase):
    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()
        User.objects.update(date_joined=timezone.now() - timedelta(days=1))
        services.ensure_sections()

    def test_a_new_thread_lights_the_book_on_other_players_open_pages(self) -> None:
        client = self.client_class()
        client.force_login(self.bob)
        cookie = f"{settings.SESSION_COOKIE_NAME}={client.session.session_key}".encode()
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie)]
        alice = User.objects.get(pk=self.alice.pk)
        general = Section.objects.get(slug="general")

        async def scenario() -> tuple[str, str]:
            socket = WebsocketClient(application, "/ws/notifications/", headers)
            connected, _ = await socket.connect()
            assert connected
            first = await socket.receive_from()
            await database_sync_to_async(services.start_thread)(alice, general, "Live", "hi")
            second = await socket.receive_from()
            await socket.disconnect()
            return first, second

        first, second = async_to_sync(scenario)()
        self.assertNotIn('data-kind="forum"', first)
        self.assertIn('data-kind="forum"', second)
