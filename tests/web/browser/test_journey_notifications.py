"""Journey: a notification icon appears live, over the WebSocket, and goes away again."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .helpers import log_in, player


def test_a_new_message_icon_appears_without_reloading(new_page: Any) -> None:
    player("alice")
    player("bob")
    alice = new_page()
    log_in(alice, "alice")
    alice.goto("/players/")
    expect(alice.locator(".nav-icons-socket")).to_have_attribute("data-live", "open")
    expect(alice.locator(".nav-icon")).to_have_count(0)
    alice.evaluate("window.stayedOnPage = true")

    bob = new_page()
    log_in(bob, "bob")
    bob.goto("/messages/new/?to=alice")
    bob.fill("#id_text", "Fancy a game?")
    bob.click("#write-form button[type=submit]")

    icon = alice.locator(".nav-icon-messages")
    expect(icon).to_be_visible()
    expect(icon).to_have_attribute("title", "New messages")

    reader = alice.context.new_page()  # alice reads her mail in another tab
    reader.goto("/messages/")
    reader.click(".mail-row.mail-new .mail-subject a")
    expect(reader.locator(".mail-text")).to_have_text("Fancy a game?")
    expect(icon).to_have_count(0)
    assert alice.evaluate("window.stayedOnPage") is True
