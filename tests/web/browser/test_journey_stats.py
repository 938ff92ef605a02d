"""Journey: after alice and bob finish a MArcomage game through the games services, alice
opens Statistics from the menubar: the system lists the game, the cards page has the cards of
both decks with the ones played counted, the win-rate chart (drawn once enough games exist) has
its table a click away, and her record shows bob as an opponent (issue 22, item 4)."""

from __future__ import annotations

from collections import Counter
from datetime import date
from typing import Any

from playwright.sync_api import expect

from marcomage.web.stats.counting import add_facts
from marcomage.web.stats.facts import GameFacts, SeatFacts
from marcomage.web.stats.models import CardUse
from tests.web.replays.games import finished_game

from .helpers import log_in, player


def test_statistics_of_finished_games_in_charts_and_tables(new_page: Any,
                                                           browser_test: Any) -> None:
    alice, bob = player("alice"), player("bob")
    browser_test.detach()  # the games services wake players up with synchronous Django code
    try:
        game = finished_game(alice, bob, seed=4)
    finally:
        browser_test.attach()
    played = CardUse.objects.filter(verb="play").order_by("-count", "card").first()
    assert played is not None
    page = new_page()
    log_in(page, "alice")
    page.click("nav.sections a:text('Statistics')")
    expect(page.locator("h1")).to_have_text("Statistics")
    expect(page.locator("table.stats tr", has_text="MArcomage").locator("td").first
           ).to_have_text("1")
    page.click("table.stats tr:has-text('MArcomage') a:text('Cards')")
    expect(page.locator("h1")).to_have_text("MArcomage: cards")
    row = page.locator(f'#cards-table tr[data-card="{played.card}"]')
    expect(row).to_contain_text(str(played.count))
    expect(page.locator("figure.chart")).to_have_count(0)  # one game: no win rate yet

    for n in range(25):  # enough games for a win rate of the Goblin decks
        add_facts(GameFacts("marcomage", date(2026, 11, 1), "destruction", 30,
                            (SeatFacts(alice.pk, "win" if n < 20 else "loss", frozenset({"13"})),
                             SeatFacts(bob.pk, "loss" if n < 20 else "win", frozenset({"7"}))),
                            Counter(), True))
    page.reload()
    chart = page.locator("figure.chart svg")
    expect(chart).to_be_visible()
    expect(chart.locator("text.label", has_text="Goblin")).to_have_count(1)
    expect(page.locator("#best-table")).not_to_be_visible()
    page.click("summary:text('The chart as a table')")
    expect(page.locator("#best-table tr", has_text="Goblin")).to_contain_text("80%")

    page.click(".stats-nav a:text('My record')")
    expect(page.locator("#versus-table tr", has_text="bob").locator("td").last).to_have_text(
        str(25 + 1))
    assert game.pk
