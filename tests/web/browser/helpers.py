"""What a person does again and again in the journeys."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from marcomage.web.accounts.models import User

PASSWORD = "secret words"


def player(name: str, password: str = PASSWORD) -> User:
    """A registered player (made directly in the database)."""
    user: User = User.objects.create_user(name, password)
    return user


def log_in(page: Any, name: str, password: str = PASSWORD) -> None:
    """Log in through the form."""
    page.goto("/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", password)
    page.click("#login-form button[type=submit]")
    expect(page.locator(".whoami")).to_have_text(name)
