"""Log in: any letter case, wrong passwords refused, repeated failures slowed down."""

from __future__ import annotations

from typing import Any

from marcomage.web.accounts import throttle
from marcomage.web.accounts.models import LoginFailure

from .base import PASSWORD, BaseTestCase

URL = "/accounts/login/"


class LoginTestCase(BaseTestCase):
    def log_in_as(self, name: str, password: str = PASSWORD, **data: str) -> Any:
        return self.post(URL, {"username": name, "password": password, **data})

    def test_it_shows_the_form(self) -> None:
        self.assertContains(self.client.get(URL), 'name="username"')

    def test_it_logs_in_in_any_letter_case(self) -> None:
        response = self.log_in_as("ALICE")
        self.assertRedirects(response, "/")
        self.assertEqual(self.client.session["_auth_user_id"], str(self.alice.pk))

    def test_it_refuses_a_wrong_password(self) -> None:
        response = self.log_in_as("alice", "wrong")
        self.assertContains(response, "Wrong name or password.", status_code=400)
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_it_refuses_an_unknown_name_the_same_way(self) -> None:
        response = self.log_in_as("nobody", "wrong")
        self.assertContains(response, "Wrong name or password.", status_code=400)

    def test_it_slows_down_after_repeated_failures(self) -> None:
        for _ in range(throttle.FREE_FAILURES):
            self.assertEqual(self.log_in_as("alice", "wrong").status_code, 400)
        response = self.log_in_as("alice")  # the right password, but too soon
        self.assertContains(response, "Too many failed log-ins", status_code=429)
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_it_lets_the_player_in_once_the_wait_is_over(self) -> None:
        for _ in range(throttle.FREE_FAILURES):
            self.log_in_as("alice", "wrong")
        LoginFailure.objects.update(last_failure=throttle.timezone.now() - throttle.MAX_WAIT)
        self.assertRedirects(self.log_in_as("alice"), "/")
        self.assertFalse(LoginFailure.objects.filter(key="name:alice").exists())

    def test_it_does_not_slow_down_other_names(self) -> None:
        for _ in range(throttle.FREE_FAILURES):
            self.log_in_as("alice", "wrong")
        self.assertRedirects(self.log_in_as("bob"), "/")

    def test_it_follows_a_local_next_and_ignores_another_site(self) -> None:
        self.assertRedirects(
            self.log_in_as("alice", next="/players/"), "/players/", fetch_redirect_response=False
        )
        self.client.logout()
        response = self.log_in_as("alice", next="https://evil.example/")
        self.assertRedirects(response, "/")

    def test_it_requires_the_csrf_token(self) -> None:
        response = self.client.post(URL, {"username": "alice", "password": PASSWORD})
        self.assertEqual(response.status_code, 403)

    def test_it_starts_a_visit_marking_what_came_since_the_last_one_new(self) -> None:
        before = self.alice.last_activity
        self.log_in_as("alice")
        self.alice.refresh_from_db()
        self.assertEqual(self.alice.notification_mark, before)
        self.assertGreaterEqual(self.alice.last_activity, before)


class ThrottleTestCase(BaseTestCase):
    def test_it_waits_twice_as_long_after_each_extra_failure(self) -> None:
        free = throttle.FREE_FAILURES
        self.assertEqual(throttle.delay_after(free - 1, free).total_seconds(), 0)
        delays = [throttle.delay_after(free + n, free).total_seconds() for n in range(4)]
        self.assertEqual(delays, [2, 4, 8, 16])
        self.assertEqual(throttle.delay_after(free + 60, free), throttle.MAX_WAIT)

    def test_it_counts_failures_per_address_too(self) -> None:
        keys = throttle.keys("Alice", "10.0.0.1")
        self.assertEqual(keys, ["name:alice", "addr:10.0.0.1"])
        for _ in range(throttle.FREE_FAILURES_PER_ADDRESS):
            throttle.record_failure(["addr:10.0.0.1"])
        self.assertGreater(throttle.wait(["name:carol", "addr:10.0.0.1"]), 0)
        self.assertEqual(throttle.wait(["name:carol", "addr:10.0.0.2"]), 0)

    def test_it_forgets_failures_after_a_quiet_hour(self) -> None:
        for _ in range(throttle.FREE_FAILURES + 3):
            throttle.record_failure(["name:alice"])
        later = throttle.timezone.now() + throttle.FORGET + throttle.MAX_WAIT
        self.assertEqual(throttle.wait(["name:alice"], later), 0)
        throttle.record_failure(["name:alice"], later)
        self.assertEqual(LoginFailure.objects.get(key="name:alice").failures, 1)
