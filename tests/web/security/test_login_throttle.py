"""The log-in throttle under a parallel burst, against the live server (issue 23): the try is
counted before the password is checked, so a burst of 50 wrong passwords on one name checks
at most FREE_FAILURES of them, and the right password at the end of the burst is refused
while the name is locked. The moderators' log-in at /admin/ is throttled the same way."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.utils import timezone

from marcomage.web.accounts import throttle
from marcomage.web.accounts.models import User

from .site_client import Answer, SiteClient

BURST = 50


@pytest.fixture
def frozen_clock() -> Iterator[None]:
    """The throttle's clock stands still, so the burst's length on a busy machine cannot let
    a try through by waiting out the 2 s lock: only the race is tested."""
    now = timezone.now()
    with mock.patch.object(throttle, "timezone", SimpleNamespace(now=lambda: now)):
        yield


@pytest.fixture
def password_checks(frozen_clock: None) -> Iterator[list[str]]:
    """Every password the server checks, in any of its threads."""
    checked: list[str] = []
    lock = threading.Lock()
    real = MD5PasswordHasher.verify

    def counting(self: MD5PasswordHasher, password: str, encoded: str) -> bool:
        with lock:
            checked.append(password)
        return bool(real(self, password, encoded))

    with mock.patch.object(MD5PasswordHasher, "verify", counting):
        yield checked


def burst(clients: list[SiteClient], send: Callable[[SiteClient], Answer]) -> list[Answer]:
    """Send one request per client, all released at the same moment."""
    gate = threading.Barrier(len(clients))

    def one(client: SiteClient) -> Answer:
        gate.wait()
        return send(client)

    with ThreadPoolExecutor(len(clients)) as pool:
        return list(pool.map(one, clients))


def prepared(live_site: Any, page: str) -> list[SiteClient]:
    clients = [SiteClient(live_site.url) for _ in range(BURST)]
    for client in clients:
        client.get(page)
    return clients


def test_a_parallel_burst_checks_the_password_at_most_the_free_tries(
        transactional_db: None, live_site: Any, password_checks: list[str]) -> None:
    User.objects.create_user("alice", "right-password")
    clients = prepared(live_site, "/accounts/login/")
    answers = burst(clients, lambda c: c.log_in("alice", "wrong-password"))
    assert all(answer.status in (400, 429) for answer in answers), {a.status for a in answers}
    assert 1 <= len(password_checks) <= throttle.FREE_FAILURES, len(password_checks)
    assert sum(answer.status == 429 for answer in answers) >= BURST - throttle.FREE_FAILURES

    late = SiteClient(live_site.url)
    answer = late.log_in("alice", "right-password")
    assert answer.status == 429
    assert "Too many failed log-ins" in answer.body
    assert not late.cookie("sessionid")


def test_the_admin_login_is_throttled_too(
        transactional_db: None, live_site: Any, password_checks: list[str]) -> None:
    User.objects.create_superuser("moderator", "right-password")
    clients = prepared(live_site, "/admin/login/")

    def wrong(client: SiteClient) -> Answer:
        return client.post("/admin/login/", {"username": "moderator",
                                             "password": "wrong-password"}, page="/admin/login/")

    answers = burst(clients, wrong)
    assert all(answer.status == 200 for answer in answers)
    assert 1 <= len(password_checks) <= throttle.FREE_FAILURES, len(password_checks)
    assert any("Too many failed log-ins" in answer.body for answer in answers)

    late = SiteClient(live_site.url)
    late.get("/admin/login/")
    answer = late.post("/admin/login/", {"username": "moderator", "password": "right-password"},
                       page="/admin/login/")
    assert answer.status == 200, answer.status  # the form again, not a redirect into the admin
    assert "Too many failed log-ins" in answer.body
    assert not late.cookie("sessionid")


def test_a_right_password_gives_the_address_its_try_back(transactional_db: None) -> None:
    """Counting before the check must not lock out an address whose log-ins succeed."""
    counters = throttle.keys("alice", "10.0.0.9")
    for _ in range(throttle.FREE_FAILURES_PER_ADDRESS + 5):
        assert throttle.attempt(counters) == 0
        throttle.succeeded(counters)
    assert throttle.wait(counters) == 0


def test_issue_38_a_burst_longer_than_the_lock_checks_at_most_five_passwords(
        transactional_db: None, live_site: Any) -> None:
    """The probe's burst checked 5 to 9 passwords: it lasted past the 2 s lock after the
    fifth failure. A try refused during the lock restarts the wait, so a burst that goes on
    (here three waves of parallel tries, 1.5 s apart on the throttle's clock) checks at most
    FREE_FAILURES passwords until it stops for the whole wait."""
    clock = SimpleNamespace(at=timezone.now())
    checked: list[str] = []
    lock = threading.Lock()
    real = MD5PasswordHasher.verify

    def counting(self: MD5PasswordHasher, password: str, encoded: str) -> bool:
        with lock:
            checked.append(password)
        return bool(real(self, password, encoded))

    User.objects.create_user("alice", "right-password")
    with (mock.patch.object(throttle, "timezone", SimpleNamespace(now=lambda: clock.at)),
          mock.patch.object(MD5PasswordHasher, "verify", counting)):
        for wave in range(3):
            clients = [SiteClient(live_site.url) for _ in range(20)]
            for client in clients:
                client.get("/accounts/login/")
            answers = burst(clients, lambda c: c.log_in("alice", "wrong-password"))
            assert all(answer.status in (400, 429) for answer in answers)
            assert len(checked) <= throttle.FREE_FAILURES, (wave, len(checked))
            clock.at += timedelta(seconds=1.5)
        assert len(checked) == throttle.FREE_FAILURES
        clock.at += timedelta(seconds=2.1)  # a quiet spell as long as the wait: one more try
        assert SiteClient(live_site.url).log_in("alice", "wrong-password").status == 400
        assert len(checked) == throttle.FREE_FAILURES + 1
