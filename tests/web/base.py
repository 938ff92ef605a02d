"""The shared base test case: players alice and bob, and clients that enforce CSRF."""

from __future__ import annotations

from typing import Any

from django.test import Client, TestCase, TransactionTestCase

from marcomage.web.accounts.models import User

PASSWORD = "password"


class Players:
    """alice and bob exist; `self.client` enforces CSRF like a browser's requests would."""

    alice: User
    bob: User
    client: Client

    def csrf_token(self, client: Client | None = None, page: str = "/") -> str:
        """Load a page as a browser would and return the CSRF token it was given."""
        client = client or self.client
        client.get(page)
        return str(client.cookies["csrftoken"].value)

    def post(
        self, url: str, data: dict[str, Any] | None = None, *, client: Client | None = None,
        **extra: Any,
    ) -> Any:
        """POST a form with a valid CSRF token, the way the site's own forms do."""
        client = client or self.client
        token = self.csrf_token(client)
        return client.post(url, {**(data or {}), "csrfmiddlewaretoken": token}, **extra)

    def log_in(self, user: User, client: Client | None = None) -> Client:
        """Log a player in without going through the form."""
        client = client or self.client
        client.force_login(user)
        return client


class BaseTestCase(Players, TestCase):
    """The usual case: each test runs in a transaction that is rolled back."""

    @classmethod
    def setUpTestData(cls) -> None:
        cls.alice = User.objects.create_user("alice", PASSWORD)
        cls.bob = User.objects.create_user("bob", PASSWORD)

    def setUp(self) -> None:
        self.client = Client(enforce_csrf_checks=True)


class BaseTransactionTestCase(Players, TransactionTestCase):
    """For code that commits or runs on other threads (WebSockets): data is really stored."""

    def setUp(self) -> None:
        self.alice = User.objects.create_user("alice", PASSWORD)
        self.bob = User.objects.create_user("bob", PASSWORD)
        self.client = Client(enforce_csrf_checks=True)
