"""Journeys of the Messages section: alice writes to bob from the players list, bob's
envelope lights up live, bob reads and replies; and a finished game's battle report
(C-EXP-13) arrives in the inbox."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from marcomage.web.preferences.models import Preferences

from ..finished_games import destruction, finish
from .helpers import assert_accessible, log_in, player


def test_alice_writes_bob_sees_the_envelope_live_reads_and_replies(new_page: Any) -> None:
    player("alice")
    player("bob")
    bob = new_page()
    log_in(bob, "bob")
    bob.goto("/players/")
    expect(bob.locator(".nav-icons-socket")).to_have_attribute("data-live", "open")
    expect(bob.locator(".nav-icon-messages")).to_have_count(0)
    assert_accessible(bob, "reading a message")
    bob.evaluate("window.stayedOnPage = true")

    alice = new_page()
    log_in(alice, "alice")
    alice.goto("/players/")
    alice.click("tr[data-player=bob] a.write-message")  # the [m] button
    expect(alice.locator("#id_to")).to_have_value("bob")
    assert_accessible(alice, "writing a message")  # issue 31: axe-core on the journey's pages
    alice.fill("#id_subject", "A duel?")
    alice.fill("#id_text", "Tonight at eight?\n<b>bring your best deck</b>")
    alice.click("#write-form button[type=submit]")
    expect(alice.locator(".message.success")).to_have_text("Message sent to bob.")

    icon = bob.locator(".nav-icon-messages")
    expect(icon).to_be_visible()  # over the WebSocket, without reloading
    assert bob.evaluate("window.stayedOnPage") is True

    bob.goto("/messages/")  # (the envelope pulses forever: Playwright never sees it "stable")
    row = bob.locator("tr.mail-row").first
    expect(row).to_have_class(re.compile("mail-new"))
    expect(row.locator(".mail-who")).to_have_text("alice")
    row.locator(".mail-subject a").click()
    expect(bob.locator(".mail-text")).to_contain_text("<b>bring your best deck</b>")  # escaped
    expect(bob.locator(".mail-text br")).to_have_count(1)
    expect(bob.locator(".nav-icon-messages")).to_have_count(0)

    bob.click("#reply")
    expect(bob.locator("#id_to")).to_have_value("alice")
    expect(bob.locator("#id_subject")).to_have_value("Re: A duel?")
    bob.fill("#id_text", "Deal.")
    bob.click("#write-form button[type=submit]")
    expect(bob.locator("tr.mail-row .mail-subject a")).to_have_text("Re: A duel?")  # sent box

    expect(alice.locator(".nav-icon-messages")).to_be_visible()
    alice.goto("/messages/")
    reply = alice.locator("tr.mail-row").first
    expect(reply.locator(".mail-who")).to_have_text("bob")
    reply.locator(".mail-subject a").click()
    expect(alice.locator(".mail-text")).to_have_text("Deal.")


def test_a_finished_game_leaves_a_battle_report_in_the_inbox(
    new_page: Any, browser_test: Any,
) -> None:
    alice, bob = player("alice"), player("bob")
    Preferences.objects.update_or_create(user=bob, defaults={"battle_reports": True})
    page = new_page()
    log_in(page, "bob")
    page.goto("/messages/")
    expect(page.locator(".nav-icons-socket")).to_have_attribute("data-live", "open")
    expect(page.locator("tr.mail-row")).to_have_count(0)

    game, turn = destruction()
    browser_test.detach()  # the wake-up after the commit is synchronous Django code
    try:
        finish(game, (alice, bob), turn)  # as the games section does when alice wins
    finally:
        browser_test.attach()

    expect(page.locator(".nav-icon-messages")).to_be_visible()
    page.reload()
    row = page.locator("tr.mail-row")
    expect(row).to_have_count(1)
    expect(row.locator(".mail-who")).to_have_text("MArcomage")
    expect(row.locator(".mail-subject a")).to_have_text("Battle report")
    row.locator(".mail-subject a").click()
    text = page.locator(".mail-text")
    expect(text).to_contain_text("Opponent: alice")
    expect(text).to_contain_text("Phase 1, game rating (Loss - Tower destruction): 15% = 15 EXP")
    expect(text).to_contain_text("Total: you gained 19 EXP.")
    expect(page.locator("#reply")).to_have_count(0)
    assert_accessible(page, "a battle report")
    page.goto("/messages/")
    expect(page.locator("tr.mail-row")).to_have_class(re.compile("mail-report"))  # blue, read
    page.goto("/ladder/")
    expect(page.locator("tr[data-player=bob] .losses")).to_have_text("1")
    expect(page.locator("tr[data-player=alice] .wins")).to_have_text("1")
