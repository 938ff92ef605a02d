"""Journey: register, log out with Alt+Q, log back in; wrong passwords and taken names."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from marcomage.web.accounts.models import User

from .helpers import PASSWORD, log_in, player


def test_it_registers_logs_out_with_alt_q_and_logs_back_in(page: Any) -> None:
    page.goto("/")
    page.click("text=Register")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.fill("#id_password_again", PASSWORD)
    page.click("#register-form button[type=submit]")

    expect(page).to_have_url(re.compile(r"/settings/$"))
    expect(page.locator(".messages")).to_contain_text("Welcome to MArcomage, alice!")
    expect(page.locator(".whoami")).to_have_text("alice")
    assert User.objects.get(username="alice").check_password(PASSWORD)

    page.keyboard.press("Alt+q")
    expect(page.locator("nav.sections")).to_contain_text("Log in")
    expect(page.locator(".whoami")).to_have_count(0)

    page.fill("#id_username", "ALICE")  # the home page's own log-in form, any letter case
    page.fill("#id_password", PASSWORD)
    page.click("main form button[type=submit]")
    expect(page.locator(".whoami")).to_have_text("alice")


def test_it_refuses_a_wrong_password_and_a_taken_name(page: Any) -> None:
    player("bob")
    page.goto("/accounts/login/")
    page.fill("#id_username", "bob")
    page.fill("#id_password", "not it")
    page.click("#login-form button[type=submit]")
    expect(page.locator(".errorlist")).to_contain_text("Wrong name or password.")

    page.goto("/accounts/register/")
    page.fill("#id_username", "Bob")
    page.fill("#id_password", PASSWORD)
    page.fill("#id_password_again", PASSWORD)
    page.click("#register-form button[type=submit]")
    expect(page.locator(".errorlist")).to_contain_text("That name is already taken.")
    log_in(page, "bob")
