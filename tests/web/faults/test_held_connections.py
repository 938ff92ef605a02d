"""Held connections cannot hold the site (issue 37): over real HTTP (uvicorn in a thread,
HTTP_CONCURRENCY 8 places), 10 clients sending their bodies slowly and 10 open NDJSON bot
streams leave `GET /` answering at once; the slow bodies are answered 408 after
BODY_TIMEOUT; past BOT_HELD_PER_PLAYER a player's next stream is refused 429 and past
HELD_PER_PLAYER a player's next page socket is closed with 4429."""

from __future__ import annotations

import socket
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from django.test import override_settings
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from marcomage.web.accounts.models import User
from marcomage.web.api.tokens import create_token

from ..base import PASSWORD
from ..scale.site import Player, uvicorn_in_thread

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def site() -> Iterator[str]:
    with override_settings(BODY_TIMEOUT=3.0, HTTP_CONCURRENCY=8), uvicorn_in_thread() as url:
        yield url


def raw(url: str, head: str, body: bytes = b"") -> socket.socket:
    """A connection that sent `head` (and `body`) and then keeps quiet."""
    parts = urllib.parse.urlsplit(url)
    conn = socket.create_connection((parts.hostname, parts.port), timeout=20)
    conn.sendall(head.encode() + b"\r\n" + body)
    return conn


def status_of(conn: socket.socket) -> int:
    line = conn.recv(200).split(b"\r\n", 1)[0]
    return int(line.split()[1])


def test_slow_bodies_and_open_streams_do_not_hold_the_site(site: str) -> None:
    bots = [User.objects.create_user(f"bot{n}", PASSWORD) for n in range(10)]
    tokens = [create_token(bot, "t", ["play"])[1] for bot in bots]
    host = urllib.parse.urlsplit(site).netloc
    with ExitStack() as stack:
        streams = [stack.enter_context(raw(site, (
            f"GET /api/v1/bot/stream?seconds=60 HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bearer {token}\r\n"))) for token in tokens]
        slow = [stack.enter_context(raw(site, (
            f"POST /accounts/login/ HTTP/1.1\r\nHost: {host}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n"),
            b"username=")) for _ in range(10)]
        assert [status_of(s) for s in streams] == [200] * 10
        began = time.monotonic()
        home = Player(site).get("/", timeout=20)
        took = time.monotonic() - began
        assert home.status == 200 and took < 2.5, took
        began = time.monotonic()
        assert [status_of(s) for s in slow] == [408] * 10
        print(f"held: GET / in {took:.3f} s with 10 streams and 10 slow bodies open; "
              f"408s {time.monotonic() - began:.1f} s later")
        assert time.monotonic() - began < 6


@override_settings(BOT_HELD_PER_PLAYER=2, HELD_PER_PLAYER=3)
def test_a_players_held_connections_are_bounded(site: str) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    token = create_token(alice, "t", ["play"])[1]
    host = urllib.parse.urlsplit(site).netloc
    player = Player.logged_in(site, alice)
    ws = site.replace("http://", "ws://") + "/ws/notifications/"
    with ExitStack() as stack:
        streams = [stack.enter_context(raw(site, (
            f"GET /api/v1/bot/stream?seconds=60 HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bearer {token}\r\n"))) for _ in range(3)]
        assert sorted(status_of(s) for s in streams) == [200, 200, 429]
        pages = []
        for _ in range(3):
            page = stack.enter_context(connect(ws, additional_headers={
                "Cookie": player.cookie_header(), "Origin": site}, open_timeout=10))
            page.recv(timeout=10)
            pages.append(page)
        with pytest.raises(InvalidStatus):  # closed before accepting: HTTP 403 + 4429 logged
            connect(ws, additional_headers={"Cookie": player.cookie_header(),
                                            "Origin": site}, open_timeout=10)
