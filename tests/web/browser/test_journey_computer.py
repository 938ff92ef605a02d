"""Journey: alice plays the computer (issue 11, "On the site").

She starts an easy game from the games section with one of her decks; the computer
answers each of her moves on its own, and its answers appear on her screen over the
game's WebSocket without a reload; the games list names her opponent "Computer (easy)";
she surrenders and sees the computer's victory.
"""

from __future__ import annotations

import re
import time
from typing import Any
from unittest import mock

from playwright.sync_api import expect

from marcomage.web.games import computer, lobby

from .helpers import log_in, player
from .test_journey_games import board, version, wait_live

SEED = 2  # alice (seat 1) moves first
MOVES = 3
THINK = 0.5
REAL_CHOOSE = computer.choose


def your_turn(page: Any) -> bool:
    return "your-turn" in (board(page).get_attribute("class") or "")


def slow_choose(game: Any, *seat: int) -> Any:
    """The computer's real choice, half a second later: its answer must then reach the
    page by the wake-up alone, long after the page's own request was answered."""
    time.sleep(THINK)
    return REAL_CHOOSE(game, *seat)


def test_play_an_easy_game_against_the_computer_and_surrender(page: Any) -> None:
    with mock.patch.object(computer, "choose", slow_choose):
        play_and_surrender(page)


def play_and_surrender(page: Any) -> None:
    player("alice")
    log_in(page, "alice")
    page.goto("/games/")
    page.select_option("#computer-level", "easy")
    with mock.patch.object(lobby, "new_seed", return_value=SEED):
        page.click("#computer-form button[type=submit]")
        expect(board(page)).to_be_visible()
    expect(page.locator(".side-them .side-name")).to_contain_text("Computer (easy)")
    wait_live(page)
    page.evaluate("window.marcomageReloaded = false")  # gone if the page reloads

    for _ in range(MOVES):
        expect(board(page)).to_have_class(re.compile(r"\byour-turn\b"))
        before = version(page)
        page.locator("#game-board .btn-discard").first.click()  # a discard ends the turn
        # The computer's answer arrives by itself: the version passes our own move, and
        # the turn comes back to alice.
        expect(board(page)).not_to_have_attribute("data-version", str(before))
        expect(board(page)).not_to_have_attribute("data-version", str(before + 1))
        expect(page.locator(".turn-mine")).to_be_visible()
        assert your_turn(page)
        assert page.evaluate("window.marcomageReloaded") is False
    computer.wait()

    listing = page.context.new_page()
    listing.goto("/games/")
    expect(listing.locator(".games-list .player-name.computer")).to_have_text(
        "Computer (easy)")
    listing.close()

    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#surrender-button")
    expect(page.locator(".outcome")).to_have_text("You surrendered")
