"""Change password (manual: "Settings", account part)."""

from __future__ import annotations

from typing import Any

from .base import PASSWORD, BaseTestCase

URL = "/accounts/password/"


class PasswordTestCase(BaseTestCase):
    def change(self, old: str, new: str, again: str | None = None) -> Any:
        data = {"old_password": old, "new_password1": new, "new_password2": again or new}
        return self.post(URL, data)

    def test_it_changes_the_password_and_keeps_the_session(self) -> None:
        self.log_in(self.alice)
        self.assertRedirects(self.change(PASSWORD, "n3w p4ss"), "/settings/")
        self.alice.refresh_from_db()
        self.assertTrue(self.alice.check_password("n3w p4ss"))
        self.assertEqual(self.client.get("/settings/").status_code, 200)

    def test_it_refuses_a_wrong_old_password(self) -> None:
        self.log_in(self.alice)
        response = self.change("wrong", "n3w p4ss")
        self.assertEqual(response.status_code, 400)
        self.alice.refresh_from_db()
        self.assertTrue(self.alice.check_password(PASSWORD))

    def test_it_refuses_new_passwords_that_differ(self) -> None:
        self.log_in(self.alice)
        self.assertEqual(self.change(PASSWORD, "one", "two").status_code, 400)

    def test_it_needs_a_logged_in_player(self) -> None:
        response = self.client.get(URL)
        self.assertRedirects(response, f"/accounts/login/?next={URL}")

    def test_it_requires_the_csrf_token(self) -> None:
        self.log_in(self.alice)
        data = {"old_password": PASSWORD, "new_password1": "x", "new_password2": "x"}
        self.assertEqual(self.client.post(URL, data).status_code, 403)
