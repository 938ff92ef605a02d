"""A page socket's user (core/socket_login.py, issue 36, thirteenth pass): looked up from its
session as channels' AuthMiddleware looks it up, but in a pool thread that copies nothing
back into the socket's task (channels' hop left about twenty new storage objects there for
the socket's life, which the cyclic collector walked)."""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import pytest
from channels.auth import AuthMiddleware
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.core.socket_login import SocketLogin


def _context_values() -> list[object]:
    return list(contextvars.copy_context().values())


def _run(middleware: Any, session: SessionStore) -> tuple[Any, list[object], list[object]]:
    """Pass a socket's scope through `middleware(inner)`: the user it resolved, and the
    task's context values before and as the inner app sees them."""
    seen: dict[str, Any] = {}

    async def inner(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen["user"] = scope["user"]._wrapped
        seen["after"] = _context_values()

    async def main() -> list[object]:
        timezone.activate("Europe/Prague")  # a Django local holding a value, as served
        before = _context_values()
        await middleware(inner)({"type": "websocket", "session": session}, None, None)
        return before

    before = asyncio.run(main())
    return seen["user"], before, seen["after"]


@pytest.mark.django_db(transaction=True)
def test_issue36_a_sockets_user_comes_from_its_session() -> None:
    player = User.objects.create_user("socketeer", "pw-long-enough-1")
    session = SessionStore()
    session.update({SESSION_KEY: str(player.pk),
                    BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
                    HASH_SESSION_KEY: player.get_session_auth_hash()})
    session.save()
    user, _, _ = _run(SocketLogin, SessionStore(session.session_key))
    assert user.pk == player.pk
    anonymous, _, _ = _run(SocketLogin, SessionStore())
    assert not anonymous.is_authenticated


@pytest.mark.django_db(transaction=True)
def test_issue36_the_lookup_leaves_the_sockets_context_as_it_was() -> None:
    """The socket's task keeps the very same context objects across the lookup; channels'
    own middleware replaces them (what the socket then kept for its life)."""
    _, before, after = _run(SocketLogin, SessionStore())
    assert len(after) == len(before)
    assert all(a is b for a, b in zip(before, after, strict=True))
    _, before, after = _run(AuthMiddleware, SessionStore())
    assert not all(a is b for a, b in zip(before, after, strict=True))
