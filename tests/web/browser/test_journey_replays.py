"""Journey: after alice and bob finish a MArcomage game (hidden cards, through the games
services), bob opens its replay from /replays/ and steps through it with the buttons and the
arrow keys; the move list follows, the URL names the step, and both hands are shown
(PL-SHARED-3, PL-VIEW-4)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.web.replays.games import finished_game

from .helpers import assert_accessible, log_in, player

SHOWS_CURRENT = """list => {
  const box = list.getBoundingClientRect();
  const move = list.querySelector(".replay-move.current").getBoundingClientRect();
  return list.scrollTop > 0 && move.top >= box.top && move.bottom <= box.bottom;
}"""


def at(page: Any, step: int) -> None:
    """The replay shows `step`: the position, the highlighted move and the URL agree."""
    expect(page.locator("#replay-position")).to_have_attribute("data-step", str(step))
    expect(page.locator(".replay-move.current")).to_have_count(1)
    expect(page.locator(".replay-move.current")).to_have_attribute("data-step", str(step))
    expect(page).to_have_url(re.compile(rf"\?step={step}$"))


def hands(page: Any) -> tuple[list[str], list[str]]:
    return tuple(  # type: ignore[return-value]
        page.locator(f".hand-seat{n} [data-card]").evaluate_all(
            "cards => cards.map(c => c.dataset.card)") for n in (0, 1))


def test_step_through_a_finished_games_replay_with_buttons_and_keys(
        new_page: Any, browser_test: Any) -> None:
    alice, bob = player("alice"), player("bob")
    browser_test.detach()  # the games services wake players up with synchronous Django code
    try:
        game = finished_game(alice, bob, seed=2, hidden=True)
    finally:
        browser_test.attach()
    total = game.steps.count()
    page = new_page()
    log_in(page, "bob")
    page.click("nav.sections a:text('Replays')")
    row = page.locator(f'tr.replay-row[data-game="{game.pk}"]')
    expect(row.locator(".players")).to_have_text("alice vs bob")
    expect(row.locator(".winner")).to_have_text("alice")
    row.locator("a.watch").click()

    expect(page.locator("h1")).to_have_text("Replay: MArcomage, alice vs bob")
    expect(page.locator("#replay-position")).to_have_attribute("data-step", "0")
    expect(page.locator(".replay-move.current")).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-back")).to_have_attribute("aria-disabled", "true")
    start = hands(page)
    assert len(start[0]) == len(start[1]) == 8  # both hands, though the game hid them

    page.click("#replay-forward")
    at(page, 1)
    first_move = page.locator(".replay-move.current").inner_text()
    assert re.search(r"^alice (plays|discards) \S", first_move), first_move
    page.keyboard.press("ArrowRight")
    at(page, 2)
    page.keyboard.press("ArrowRight")
    at(page, 3)
    assert hands(page) != start
    page.keyboard.press("ArrowLeft")
    at(page, 2)
    page.click("#replay-back")
    at(page, 1)
    page.click("#replay-last")
    at(page, total)
    # The list scrolls to the current move once htmx has settled the swap.
    page.wait_for_function(f"() => ({SHOWS_CURRENT})(document.querySelector('.replay-moves'))")
    expect(page.locator("#replay-forward")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#replay-board .outcome")).to_contain_text("alice wins")
    page.keyboard.press("ArrowRight")  # nothing past the end
    at(page, total)
    page.locator('.replay-move[data-step="5"] a').click()
    at(page, 5)
    page.click("#replay-first")
    at(page, 0)
    assert hands(page) == start

    page.go_back()  # each position is its own history entry
    at(page, 5)
    page.goto(f"/replays/{game.pk}/?step=4")  # a shared link opens at its step
    at(page, 4)
    assert_accessible(page, "replay viewer")  # issue 31: axe-core on every journey's pages

    # On a phone the wide list scrolls inside its box; the page itself does not scroll
    # sideways (the table's hidden "Replay" heading once widened it).
    phone = new_page(viewport={"width": 390, "height": 800})
    phone.goto("/replays/")
    expect(phone.locator(f'tr.replay-row[data-game="{game.pk}"]')).to_be_visible()
    widths = phone.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
