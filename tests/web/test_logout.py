"""Log out: POST only, with the CSRF token."""

from __future__ import annotations

from .base import BaseTestCase

URL = "/accounts/logout/"


class LogoutTestCase(BaseTestCase):
    def test_it_logs_out(self) -> None:
        self.log_in(self.alice)
        self.assertRedirects(self.post(URL), "/")
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_it_refuses_get(self) -> None:
        self.log_in(self.alice)
        self.assertEqual(self.client.get(URL).status_code, 405)
        self.assertIn("_auth_user_id", self.client.session)

    def test_it_requires_the_csrf_token(self) -> None:
        self.log_in(self.alice)
        self.assertEqual(self.client.post(URL).status_code, 403)
        self.assertIn("_auth_user_id", self.client.session)

    def test_every_page_offers_log_out_with_alt_q(self) -> None:
        self.log_in(self.alice)
        response = self.client.get("/")
        self.assertContains(response, 'id="logout-form"')
        self.assertContains(response, 'aria-keyshortcuts="Alt+Q"')
