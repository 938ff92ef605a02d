"""The served move path's plumbing (issue 36, fourth pass): the sockets' one-query log-in
check is exactly as strict as the two-query one, the in-process channel layer still delivers
each member its own copy and still expires, and wake-ups sent from a served thread reach the
group without the thread waiting."""

from __future__ import annotations

import asyncio
import threading
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.models import Session
from django.db import connections
from django.test import Client

from marcomage.web.accounts.models import User
from marcomage.web.core import memory_layer, publish
from marcomage.web.core.sockets import session_holds, session_user_id
from marcomage.web.core.sqlite import base as sqlite_base
from marcomage.web.settings import database

PASSWORD = "a-long-enough-password"


@pytest.fixture
def logged_in(db: None) -> tuple[User, str]:
    """A player and the key of his log-in through the site's form."""
    user = User.objects.create_user("alice", PASSWORD)
    client = Client()
    assert client.login(username="alice", password=PASSWORD)
    return user, client.session.session_key or ""


def test_issue36_socket_check_holds_for_the_session_player_only(logged_in: tuple[User, str]
                                                                 ) -> None:
    user, key = logged_in
    other = User.objects.create_user("bob", PASSWORD)
    assert session_holds(key, user.pk) and session_user_id(key) == user.pk
    assert not session_holds(key, other.pk)
    assert not session_holds("no-such-session", user.pk)
    assert not session_holds(None, user.pk)


def test_issue36_socket_check_fails_after_log_out_password_change_or_deactivation(
        logged_in: tuple[User, str]) -> None:
    user, key = logged_in
    user.set_password("another-long-password")
    user.save()
    assert not session_holds(key, user.pk) and session_user_id(key) is None
    user2 = User.objects.create_user("carol", PASSWORD)
    client = Client()
    assert client.login(username="carol", password=PASSWORD)
    key2 = client.session.session_key or ""
    assert session_holds(key2, user2.pk)
    User.objects.filter(pk=user2.pk).update(is_active=False)
    assert not session_holds(key2, user2.pk)
    User.objects.filter(pk=user2.pk).update(is_active=True)
    assert session_holds(key2, user2.pk)
    Session.objects.filter(session_key=key2).delete()  # a log-out deletes the row
    assert not session_holds(key2, user2.pk)


def test_issue36_socket_check_refuses_forged_session_data(logged_in: tuple[User, str]) -> None:
    user, key = logged_in
    row = Session.objects.get(session_key=key)
    decoded = row.get_decoded()
    assert decoded[SESSION_KEY] == str(user.pk) and decoded[HASH_SESSION_KEY]
    Session.objects.filter(session_key=key).update(session_data=row.session_data[:-3] + "xyz")
    assert not session_holds(key, user.pk)


@pytest.mark.django_db
def test_issue36_sqlite_connections_are_parked_and_reused(tmp_path: Any) -> None:
    """A connection closed outside a transaction is taken by the next opening (no new file
    open, functions or PRAGMAs); one closed inside a transaction is really closed."""
    settings_dict = {**connections["default"].settings_dict, **database(None, tmp_path)}
    first = sqlite_base.DatabaseWrapper(settings_dict, alias="parked-1")
    first.ensure_connection()
    raw = first.connection
    first.close()
    second = sqlite_base.DatabaseWrapper(settings_dict, alias="parked-2")
    second.ensure_connection()
    assert second.connection is raw
    assert second.connection.execute("PRAGMA foreign_keys").fetchone() == (1,)
    second.connection.execute("BEGIN")
    second.close()  # inside a transaction: closed, not parked
    third = sqlite_base.DatabaseWrapper(settings_dict, alias="parked-3")
    third.ensure_connection()
    assert third.connection is not raw and not third.connection.in_transaction
    third.close()


def test_issue36_memory_layer_fans_out_copies_and_expires() -> None:
    async def scenario() -> None:
        layer = memory_layer.QuickMemoryLayer(expiry=60)
        first, second = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("game.1", first)
        await layer.group_add("game.1", second)
        message: dict[str, Any] = {"type": "game.wake", "version": 3}
        await layer.group_send("game.1", message)
        got = [await layer.receive(first), await layer.receive(second)]
        assert got == [message, message] and got[0] is not got[1]
        await layer.group_discard("game.1", second)
        await layer.group_send("game.1", {"type": "game.wake", "version": 4})
        assert (await layer.receive(first))["version"] == 4
        assert second not in layer.channels
        # An unread message expires and takes its channel out of its groups (as channels'
        # own layer does), at the next walk.
        await layer.send(first, {"type": "game.wake", "version": 5})
        with mock.patch.object(memory_layer.time, "time", return_value=10**12):
            layer._cleaned = -1e9  # the last walk long ago
            layer._clean_expired()
        assert first not in layer.channels
        assert first not in layer.groups.get("game.1", {})

    asyncio.run(scenario())


def test_issue36_wake_ups_from_a_served_thread_are_not_waited_for() -> None:
    async def scenario() -> None:
        layer = memory_layer.QuickMemoryLayer()
        channel = await layer.new_channel()
        await layer.group_add("game.7", channel)
        loop_thread = threading.get_ident()
        sent_in: list[int] = []
        real = layer.group_send

        async def recording(group: str, message: dict[str, Any]) -> None:
            sent_in.append(threading.get_ident())
            await real(group, message)

        layer.group_send = recording  # type: ignore[method-assign]
        with mock.patch.object(publish, "get_channel_layer", return_value=layer):
            # From a served thread (sync_to_async): handed to the loop, the thread goes on.
            await sync_to_async(publish.publish)([("game.7", {"type": "game.wake"})])
            got = await asyncio.wait_for(layer.receive(channel), 5)
        assert got == {"type": "game.wake"} and sent_in == [loop_thread]

    asyncio.run(scenario())


def test_issue36_wake_ups_from_elsewhere_are_sent_at_once() -> None:
    sent: list[tuple[str, dict[str, Any]]] = []

    class Layer:
        async def group_send(self, group: str, message: dict[str, Any]) -> None:
            sent.append((group, message))

    with mock.patch.object(publish, "get_channel_layer", return_value=Layer()):
        publish.publish([("game.8", {"type": "game.wake"})])  # no loop: sent before return
    assert sent == [("game.8", {"type": "game.wake"})]


def _steady_layer(timeout: float) -> Any:
    """The Redis layer with a bound of `timeout` seconds (no Redis needed: only `_bounded`
    runs)."""
    from marcomage.web.core.channel_layer import SteadyChannelLayer

    return SteadyChannelLayer(hosts=["redis://127.0.0.1:1"], timeout=timeout)


def test_issue36_a_stalled_event_loop_does_not_make_redis_look_unreachable() -> None:
    """Redis answers in 0.1 s, but the loop is busy for 0.5 s meanwhile (as under load):
    the answer is taken, not a TimeoutError (which degraded the layer at 500 games)."""
    import time

    async def scenario() -> str:
        layer = _steady_layer(0.2)
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[str] = loop.create_future()
        loop.call_later(0.05, time.sleep, 0.5)  # other work holds the loop
        loop.call_later(0.1, answer.set_result, "answered")
        return str(await layer._bounded(answer))

    assert asyncio.run(scenario()) == "answered"


def test_issue36_a_silent_redis_still_times_out_on_a_running_loop() -> None:
    """No answer and a loop free to read one: TimeoutError after the bound, as before."""
    import time

    async def scenario() -> float:
        layer = _steady_layer(0.2)
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            await layer._bounded(asyncio.get_running_loop().create_future())
        return time.monotonic() - started

    assert 0.15 < asyncio.run(scenario()) < 1.0


def test_issue36_a_push_checks_the_log_in_in_the_same_hand_off(
        logged_in: tuple[User, str]) -> None:
    """The game socket's push checks the session and builds its message in one thread
    hand-off: a session that no longer holds gives ENDED, and nothing of the game."""
    from marcomage.web.games import consumers

    user, key = logged_in
    Session.objects.filter(session_key=key).delete()  # logged out elsewhere
    assert consumers.checked_message(key, 1, int(user.pk), None, True) == consumers.ENDED
    assert consumers.checked_act(key, 1, int(user.pk), {"version": 0}) == consumers.ENDED


def test_issue36_the_start_up_heap_is_frozen_and_young_objects_collected_less_often(
        ) -> None:
    import gc

    from marcomage.web.core import warm_up

    before = gc.get_threshold()
    try:
        warm_up.settle_heap()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == warm_up.YOUNG
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_issue36_a_bound_past_its_deadline_is_not_moved() -> None:
    """The loop held past both the check and the deadline: the call times out cleanly (the
    check never moves an expiring bound, which raised RuntimeError in the loop)."""
    import time

    async def scenario() -> list[Any]:
        layer = _steady_layer(0.2)
        loop = asyncio.get_running_loop()
        problems: list[Any] = []
        loop.set_exception_handler(lambda _, context: problems.append(context))
        loop.call_later(0.01, time.sleep, 0.05)
        with pytest.raises(TimeoutError):
            await layer._bounded(loop.create_future())
        await asyncio.sleep(0.3)
        return problems

    assert asyncio.run(scenario()) == []


def _served(path: str) -> tuple[list[int], list[str], int]:
    """GET `path` through the served ASGI handler: the threads `request_started`, the view's
    chain and `request_finished` ran in, the hand-offs to a thread, and the status."""
    from asgiref.sync import SyncToAsync
    from django.core import signals

    from marcomage.web.core import asgi_handler

    threads: list[str] = []
    handoffs: list[int] = []
    real = SyncToAsync.__call__

    async def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        handoffs.append(1)  # every hand-off to a thread, Django's own included
        return await real(self, *args, **kwargs)

    def started(**_: Any) -> None:
        threads.append(f"started {threading.get_ident()}")

    def finished(**_: Any) -> None:
        threads.append(f"finished {threading.get_ident()}")

    async def scenario() -> int:
        handler = asgi_handler.LeanASGIHandler()
        sent: list[dict[str, Any]] = []
        requested = [{"type": "http.request", "body": b"", "more_body": False}]

        async def receive() -> dict[str, Any]:
            if requested:
                return requested.pop()
            await asyncio.sleep(10)
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        scope = {"type": "http", "method": "GET", "path": path, "query_string": b"",
                 "headers": [(b"host", b"testserver")], "server": ("testserver", 80),
                 "client": ("127.0.0.1", 5000), "scheme": "http", "root_path": ""}
        await handler(scope, receive, send)
        return int(sent[0]["status"])

    signals.request_started.connect(started, dispatch_uid="test.started")
    signals.request_finished.connect(finished, dispatch_uid="test.finished")
    try:
        with mock.patch.object(SyncToAsync, "__call__", counted):
            status = asyncio.run(scenario())
    finally:
        signals.request_started.disconnect(dispatch_uid="test.started")
        signals.request_finished.disconnect(dispatch_uid="test.finished")
    return handoffs, threads, status


def test_issue36_a_request_is_served_in_one_hand_off() -> None:
    """`request_started`, the middleware and view, and a whole response's `close()`
    (`request_finished`) run in the request's thread in one hand-off (Django's handler made
    three), and each signal is sent once."""
    handoffs, threads, status = _served("/no-such-page-of-the-site/")
    assert status == 404
    assert handoffs == [1]
    assert [entry.split()[0] for entry in threads] == ["started", "finished"]
    assert len({entry.split()[1] for entry in threads}) == 1
    assert threading.get_ident() not in {int(entry.split()[1]) for entry in threads}
