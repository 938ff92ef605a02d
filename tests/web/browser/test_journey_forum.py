"""Journey: a player starts a thread, another replies quoting it with a card embed, the first
sees the book icon appear live and the new-post marks, and a moderator makes the thread
sticky (manual: "Forum")."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from marcomage.web.forum import services

from .helpers import assert_accessible, log_in, player


def test_thread_reply_quote_card_live_book_marks_and_sticky(new_page: Any) -> None:
    player("alice")
    player("bob")
    moderator = player("moddy")
    moderator.is_staff = True
    moderator.save()
    services.ensure_sections()

    alice = new_page()
    log_in(alice, "alice")
    alice.goto("/forum/section/general/")
    alice.click("#new-thread")
    assert_accessible(alice, "a new thread's form")  # issue 31: axe-core on the journey's pages
    alice.fill("#id_title", "Best opening cards")
    alice.fill("#id_text", "Which [b]common[/b] card do you play first?")
    alice.click("#thread-form button[type=submit]")
    expect(alice.locator("h1 .thread-title")).to_have_text("Best opening cards")
    thread_url = alice.url
    alice.goto("/players/")
    expect(alice.locator(".nav-icons-socket")).to_have_attribute("data-live", "open")
    expect(alice.locator(".nav-icon-forum")).to_have_count(0)

    bob = new_page()
    log_in(bob, "bob")
    expect(bob.locator(".nav-icon-forum")).to_be_visible()  # alice's thread is new to bob
    bob.goto("/forum/")
    row = bob.locator(".thread-row", has_text="Best opening cards")
    expect(row.locator(".quick.unread")).to_be_visible()
    row.locator(".thread-title a").click()
    expect(bob.locator(".post-date.new")).to_have_count(1)
    bob.click(".quote-link")
    expect(bob.locator("#id_text")).to_have_value(
        "[quote=alice]Which [b]common[/b] card do you play first?[/quote]\n")
    bob.locator("#id_text").press("End")
    bob.locator("#id_text").type("This one: [card=1]")
    bob.click("#reply-form button[type=submit]")
    expect(bob.locator(".post")).to_have_count(2)
    expect(bob.locator(".post").nth(1).locator(".bb-quote .bb-cite")).to_have_text("alice wrote:")
    expect(bob.locator('.post').nth(1).locator('article.card[data-card="1"]')).to_be_visible()
    assert_accessible(bob, "a thread with a quote and a card")
    expect(bob.locator(".nav-icon-forum")).to_have_count(0)

    # alice never reloaded: the book appeared over the WebSocket
    book = alice.locator(".nav-icon-forum")
    expect(book).to_be_visible()
    expect(book).to_have_attribute("title", "New forum posts")
    alice.goto("/forum/section/general/")
    expect(alice.locator(".thread-row .quick.unread")).to_have_count(1)
    alice.click(".thread-row .quick.unread")
    expect(alice.locator(".post")).to_have_count(2)
    expect(alice.locator(".post").nth(0).locator(".post-date")).not_to_have_class("post-date new")
    expect(alice.locator(".post").nth(1).locator(".post-date.new")).to_be_visible()
    expect(alice.locator(".post").nth(1).locator('article.card[data-card="1"]')).to_be_visible()
    expect(alice.locator(".nav-icon-forum")).to_have_count(0)
    alice.goto("/forum/section/general/")
    expect(alice.locator(".thread-row .quick.unread")).to_have_count(0)
    alice.goto(thread_url)
    expect(alice.locator(".post-date.new")).to_have_count(0)  # exact: nothing new any more

    mod = new_page()
    log_in(mod, "moddy")
    mod.goto("/forum/section/general/new/")
    mod.fill("#id_title", "Newer thread")
    mod.fill("#id_text", "Something else")
    mod.click("#thread-form button[type=submit]")
    mod.goto(thread_url)
    mod.select_option("#id_priority", "sticky")
    mod.click("#priority-form button[type=submit]")
    expect(mod.locator("h1.thread-heading")).to_have_attribute("data-priority", "sticky")
    alice.goto("/forum/section/general/")
    first = alice.locator(".thread-row").first
    expect(first).to_have_class("thread-row priority-sticky")
    expect(first.locator(".thread-title a")).to_have_text("Best opening cards")
    expect(first.locator(".thread-title a")).to_have_css("color", "rgb(209, 0, 0)")
