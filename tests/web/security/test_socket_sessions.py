"""WebSockets end with the log-in that opened them (issue 23), with real clients against the
live server: logging out closes that session's game and notification sockets at once; a
password change on another device closes every socket of the old sessions; and each incoming
message re-checks the session, so a socket whose session vanished closes on its next frame."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from marcomage.web.accounts.models import User
from tests.web.games.helpers import start

from .site_client import SiteClient

PASSWORD = "a-long-enough-password"


def open_socket(stack: ExitStack, live_site: Any, client: SiteClient, path: str
                ) -> ClientConnection:
    url = live_site.url.replace("http://", "ws://") + path
    socket = stack.enter_context(connect(url, additional_headers={
        "Cookie": client.cookie_header(), "Origin": live_site.url}, open_timeout=10))
    socket.recv(timeout=10)  # the first full view / icon area
    return socket


def closed_with(socket: ClientConnection, timeout: float = 10) -> int | None:
    """The close code once the server closes the socket (frames before it are skipped)."""
    try:
        while True:
            socket.recv(timeout=timeout)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None
    except TimeoutError:
        return None


@pytest.fixture
def players(transactional_db: None) -> tuple[User, User]:
    return User.objects.create_user("alice", PASSWORD), User.objects.create_user("bob", PASSWORD)


def test_logging_out_closes_that_sessions_sockets_only(live_site: Any,
                                                       players: tuple[User, User]) -> None:
    alice, bob = players
    game = start(alice, bob)
    laptop, phone = SiteClient(live_site.url), SiteClient(live_site.url)
    assert laptop.log_in("alice", PASSWORD).status == 302
    assert phone.log_in("alice", PASSWORD).status == 302
    with ExitStack() as stack:
        board = open_socket(stack, live_site, laptop, f"/ws/games/{game.pk}/")
        icons = open_socket(stack, live_site, laptop, "/ws/notifications/")
        other = open_socket(stack, live_site, phone, f"/ws/games/{game.pk}/")
        assert laptop.post("/accounts/logout/", {}).status == 302
        assert closed_with(board) == 4401
        assert closed_with(icons) == 4401
        other.send(json.dumps({"type": "resync"}))  # the phone's session still holds
        assert "game" in other.recv(timeout=10)


def test_a_password_change_elsewhere_closes_the_old_sessions_sockets(
        live_site: Any, players: tuple[User, User]) -> None:
    alice, bob = players
    game = start(alice, bob)
    laptop, phone = SiteClient(live_site.url), SiteClient(live_site.url)
    laptop.log_in("alice", PASSWORD)
    phone.log_in("alice", PASSWORD)
    with ExitStack() as stack:
        board = open_socket(stack, live_site, laptop, f"/ws/games/{game.pk}/")
        icons = open_socket(stack, live_site, laptop, "/ws/notifications/")
        mine = open_socket(stack, live_site, phone, f"/ws/games/{game.pk}/")
        answer = phone.post("/accounts/password/", {
            "old_password": PASSWORD, "new_password1": "another-long-password",
            "new_password2": "another-long-password"}, page="/accounts/password/")
        assert answer.status == 302, answer.body[:2000]
        assert closed_with(board) == 4401
        assert closed_with(icons) == 4401
        assert closed_with(mine) == 4401  # Django gave the phone a new session key...
        again = open_socket(stack, live_site, phone, f"/ws/games/{game.pk}/")
        again.send(json.dumps({"type": "resync"}))  # ...with which its page reconnects
        assert "game" in again.recv(timeout=10)
        with pytest.raises(InvalidStatus):  # the laptop's old session is over for good
            open_socket(stack, live_site, laptop, "/ws/notifications/")


def test_every_message_rechecks_the_session(live_site: Any,
                                            players: tuple[User, User]) -> None:
    alice, bob = players
    game = start(alice, bob)
    laptop = SiteClient(live_site.url)
    laptop.log_in("alice", PASSWORD)
    with ExitStack() as stack:
        board = open_socket(stack, live_site, laptop, f"/ws/games/{game.pk}/")
        Session.objects.filter(session_key=laptop.cookie("sessionid")).delete()  # no signal
        board.send(json.dumps({"type": "resync"}))
        assert closed_with(board) == 4401
