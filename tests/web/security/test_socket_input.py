"""What a WebSocket client may send (issue 23): the Origin must be the site's own (scheme,
host and port), a handshake on an unknown path or with a game id that is not a number is
refused cleanly, and garbage or too many frames get error frames and then a close, never a
board render each and never "Exception in ASGI application"."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from marcomage.web.accounts.models import User
from marcomage.web.asgi import application
from marcomage.web.core import sockets
from tests.web.games.helpers import start
from tests.web.ws import WebsocketClient

from .server_log import server_errors
from .site_client import SiteClient

PASSWORD = "a-long-enough-password"


def session_of(user: User) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return str(client.session.session_key)


def socket(path: str, key: str, origin: bytes = b"http://localhost:8000",
           host: bytes = b"localhost:8000", scheme: str = "ws") -> WebsocketClient:
    headers = [(b"origin", origin), (b"host", host),
               (b"cookie", f"{settings.SESSION_COOKIE_NAME}={key}".encode())]
    found = WebsocketClient(application, path, headers)
    found.scope["scheme"] = scheme
    return found


@pytest.fixture
def alice(transactional_db: None) -> User:
    async_to_sync(get_channel_layer().flush)()
    return User.objects.create_user("alice", PASSWORD)


@pytest.mark.parametrize(("origin", "host", "scheme", "accepted"), [
    (b"http://localhost:8000", b"localhost:8000", "ws", True),
    (b"https://localhost", b"localhost", "wss", True),
    (b"http://localhost:9999", b"localhost:8000", "ws", False),   # another port
    (b"https://localhost:8000", b"localhost:8000", "ws", False),  # another scheme
    (b"http://localhost", b"localhost", "wss", False),            # http page, wss socket
    (b"http://evil.example:8000", b"localhost:8000", "ws", False),
    (b"http://localhost:8000", b"evil.example:8000", "ws", False),  # host not allowed
    (b"null", b"localhost:8000", "ws", False),
    (b"http://localhost:8000/path", b"localhost:8000", "ws", False),
])
def test_the_origin_must_be_the_sites_own(alice: User, origin: bytes, host: bytes, scheme: str,
                                          accepted: bool) -> None:
    key = session_of(alice)

    async def scenario() -> bool:
        client = socket("/ws/notifications/", key, origin, host, scheme)
        connected, _ = await client.connect()
        if connected:
            await client.disconnect()
        return bool(connected)

    assert async_to_sync(scenario)() is accepted


def test_garbage_frames_get_error_frames_then_a_close_and_no_board(alice: User) -> None:
    bob = User.objects.create_user("bob", PASSWORD)
    game = start(alice, bob)
    key = session_of(alice)

    async def scenario() -> tuple[list[str], Any]:
        client = socket(f"/ws/games/{game.pk}/", key)
        assert (await client.connect(timeout=20))[0]  # a process's first board render
        await client.receive_from(timeout=20)  # the board on connect     (2 s on a busy host)
        answers = []
        frames: list[dict[str, Any]] = [
            {"text": "x"}, {"bytes": b"\x00\xff"}, {"text": "[1]"},
            {"text": json.dumps({"type": "play"})}, {"text": "y" * 100_000},
        ]
        for frame in frames:
            await client.send_input({"type": "websocket.receive", **frame})
            answers.append(await client.receive_from())
        await client.send_input({"type": "websocket.receive", "text": "z"})
        closing = await client.receive_output(2)
        return answers, closing

    answers, closing = async_to_sync(scenario)()
    assert len(answers) == sockets.STRIKES
    for answer in answers:
        assert set(json.loads(answer)) == {"error"}, answer  # an error frame, not the board
    assert closing == {"type": "websocket.close", "code": sockets.POLICY_VIOLATION}


def test_resyncs_are_rate_limited(alice: User) -> None:
    bob = User.objects.create_user("bob", PASSWORD)
    game = start(alice, bob)
    key = session_of(alice)

    async def scenario() -> list[Any]:
        client = socket(f"/ws/games/{game.pk}/", key)
        assert (await client.connect())[0]
        await client.receive_from()
        for _ in range(30):
            await client.send_input({"type": "websocket.receive",
                                     "text": json.dumps({"type": "resync"})})
        out = []
        while True:
            try:
                out.append(await client.receive_output(1))
            except TimeoutError:  # nothing more came
                return out
            if out[-1]["type"] == "websocket.close":
                return out

    out = async_to_sync(scenario)()
    boards = [o for o in out if o["type"] == "websocket.send" and "error" not in o["text"][:12]]
    errors = [o for o in out if o["type"] == "websocket.send" and o not in boards]
    assert len(boards) <= sockets.BURST + 1
    assert errors and "Too many messages" in errors[0]["text"]
    assert out[-1] == {"type": "websocket.close", "code": sockets.POLICY_VIOLATION}


@pytest.mark.parametrize("path", [
    "/ws/nope/", "/ws/games/abc/", "/ws/games/-1/", "/ws/games/1.5/", "/ws/games/%00/",
    "/ws/games/" + "9" * 40 + "/", "/ws/games/99999999999999999/", "/ws/notifications/x/",
    "/ws/games/%2e%2e/", "/",
])
def test_a_handshake_on_a_path_the_site_does_not_serve_is_refused_cleanly(
        live_site: Any, alice: User, path: str) -> None:
    visitor = SiteClient(live_site.url)
    visitor.log_in("alice", PASSWORD)
    url = live_site.url.replace("http://", "ws://") + path
    headers = {"Cookie": visitor.cookie_header(), "Origin": live_site.url}
    with (server_errors() as log, pytest.raises(InvalidStatus) as refused,
          connect(url, additional_headers=headers, open_timeout=10)):
        pass
    assert refused.value.response.status_code == 403
    assert log.problems() == []


def test_frames_over_the_real_server_leave_no_traceback(live_site: Any, alice: User) -> None:
    bob = User.objects.create_user("bob", PASSWORD)
    game = start(alice, bob)
    visitor = SiteClient(live_site.url)
    visitor.log_in("alice", PASSWORD)
    url = live_site.url.replace("http://", "ws://") + f"/ws/games/{game.pk}/"
    with server_errors() as log, ExitStack() as stack:
        ws = stack.enter_context(connect(url, additional_headers={
            "Cookie": visitor.cookie_header(), "Origin": live_site.url}, open_timeout=10))
        ws.recv(timeout=10)
        ws.send(b"\x00")
        assert "error" in json.loads(ws.recv(timeout=10))
        ws.send("{" * 200)
        assert "error" in json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed):
            ws.send("x" * 300_000)  # over the server's frame limit or refused
            for _ in range(10):
                ws.send("x")
                ws.recv(timeout=10)
    assert log.problems() == []
