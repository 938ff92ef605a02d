"""Journey: change settings and see them applied (skin, time zone, profile, layout options),
also on a phone-width screen."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from playwright.sync_api import expect

from marcomage.web.accounts.models import User

from .helpers import log_in, player


def test_it_applies_skin_time_zone_and_profile(page: Any) -> None:
    player("alice")
    bob = player("bob")
    User.objects.filter(pk=bob.pk).update(last_activity=datetime(2030, 1, 1, 12, 0, tzinfo=UTC))
    log_in(page, "alice")

    page.goto("/settings/")
    expect(page.locator("html")).to_have_attribute("data-skin", "light")
    page.select_option("#id_skin", "dark")
    page.select_option("#id_timezone", "Asia/Tokyo")
    page.uncheck("#id_show_nationality")
    page.select_option("#id_players_filter", "all")
    page.click("#options-form button[type=submit]")

    expect(page.locator(".messages")).to_contain_text("Settings saved.")
    expect(page.locator("html")).to_have_attribute("data-skin", "dark")
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(21, 23, 28)"
    expect(page.locator("#id_skin")).to_have_value("dark")

    page.select_option("#id_country", "SK")
    page.select_option("#id_status", "quick")
    page.fill("#id_hobby", "Tower <b>building</b>")
    page.click("#profile-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Profile saved.")

    page.goto("/players/")  # the players list filter setting is now "all"
    expect(page.locator("#id_activity")).to_have_value("all")
    bob_row = page.locator("tr[data-player=bob]")
    expect(bob_row.locator("time")).to_have_text("2030-01-01 21:00")  # Tokyo, not UTC
    alice_row = page.locator("tr[data-player=alice]")
    flag = alice_row.locator("img.flag")
    expect(flag).to_have_attribute("alt", "Slovakia")
    assert flag.evaluate("img => img.complete && img.naturalWidth > 0"), "the flag image loads"
    expect(alice_row.locator(".nationality")).to_have_count(0)  # the option is off
    expect(alice_row.locator(".status")).to_have_text("Looking for quick game")

    page.click("tr[data-player=alice] a.player-name")
    expect(page.locator(".hobby")).to_have_text("Tower <b>building</b>")  # shown, not run


def test_it_fits_a_phone_screen(new_page: Any) -> None:
    player("alice")
    page = new_page(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    log_in(page, "alice")
    for path in ("/", "/players/", "/settings/", "/players/alice/"):
        page.goto(path)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, (path, overflow)
        # the sections fold into the "Menu" disclosure at phone width (issue 31)
        expect(page.locator(".site-menu > summary")).to_be_visible()
