"""Journey: filter the players list by status, name and activity without reloading the page."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.utils import timezone
from playwright.sync_api import expect

from marcomage.web.accounts.models import User
from marcomage.web.preferences.models import Profile

from .helpers import log_in, player


def test_it_filters_the_players_list(page: Any) -> None:
    player("alice")
    bob, carol, dave = player("bob"), player("carol"), player("dave")
    Profile.objects.filter(user=bob).update(status="quick")
    Profile.objects.filter(user=carol).update(status="looking")
    User.objects.filter(pk=dave.pk).update(last_activity=timezone.now() - timedelta(days=30))

    log_in(page, "alice")
    page.goto("/players/")
    rows = page.locator("tr.player-row")
    expect(rows).to_have_count(3)  # dave has been away for more than 21 days
    page.evaluate("window.stayedOnPage = true")

    page.select_option("#id_status", "quick")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-player", "bob")
    expect(page).to_have_url(re.compile(r"status=quick"))

    page.select_option("#id_status", "")
    page.fill("#id_name", "CAR")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-player", "carol")
    expect(rows.first.locator(".status")).to_have_text("Looking for game")

    page.fill("#id_name", "")
    page.select_option("#id_activity", "all")
    expect(rows).to_have_count(4)
    expect(page.locator("tr[data-player=dave] a.player-name")).to_have_class(
        re.compile("activity-dead")
    )
    expect(page.locator("tr[data-player=bob] a.player-name")).to_have_class(
        re.compile("activity-online")
    )
    assert page.evaluate("window.stayedOnPage") is True  # htmx swapped only the results
