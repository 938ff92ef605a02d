"""No frame reaches a page's socket once its log-in ended (issue 37): a wake-up that comes
before the log-out's `session.end` (another group, another Redis channel: no order between
them) no longer sends the logged-out page a board or the icons; the socket closes with 4401.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.sessions.models import Session

from marcomage.web.asgi import application
from marcomage.web.games.realtime import group_name as game_group
from marcomage.web.notifications.services import WAKE
from marcomage.web.notifications.services import group_name as player_group

from ..base import BaseTransactionTestCase
from ..games.helpers import start
from ..ws import WebsocketClient


def page(path: str, session_key: str) -> Any:
    return WebsocketClient(application, path, [
        (b"origin", b"http://localhost"), (b"host", b"localhost"),
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session_key}".encode())])


class FrameAfterLogOut(BaseTransactionTestCase):
    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()
        self.game = start(self.alice, self.bob, seed=5)
        client = self.client_class()
        client.force_login(self.alice)
        self.key = str(client.session.session_key)

    def first_output_after_the_session_ends(self, path: str, group: str,
                                            event: dict[str, Any]) -> dict[str, Any]:
        async def scenario() -> dict[str, Any]:
            socket = page(path, self.key)
            assert (await socket.connect(timeout=20))[0]  # a first render may be slow
            await socket.receive_from(timeout=20)  # the page as it is
            await database_sync_to_async(Session.objects.filter(session_key=self.key).delete)()
            await get_channel_layer().group_send(group, event)
            out = dict(await socket.receive_output(10))
            await socket.wait(3)
            return out

        return async_to_sync(scenario)()

    def test_a_game_page_gets_no_board_after_log_out(self) -> None:
        out = self.first_output_after_the_session_ends(
            f"/ws/games/{self.game.pk}/", game_group(self.game.pk),
            {"type": "game.wake", "version": 2})
        self.assertEqual((out["type"], out.get("code")), ("websocket.close", 4401))

    def test_a_page_gets_no_icons_after_log_out(self) -> None:
        out = self.first_output_after_the_session_ends(
            "/ws/notifications/", player_group(self.alice.pk), dict(WAKE))
        self.assertEqual((out["type"], out.get("code")), ("websocket.close", 4401))
