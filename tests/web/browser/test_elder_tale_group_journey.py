"""Issue 35 in real Chromium: alice hosts a 2-versus-2 Elder Tale duel from the lobby with the
computer in seats 1 and 3 (the enemy team), bob joins seat 2 as her ally, and the two play it
to its end in two browser contexts while the computer moves for both its seats: each person
aims attacks at one of the enemies and plays a help card on the ally, both see their team's
outcome naming the team that won, and bob opens the replay."""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

from playwright.sync_api import expect

from marcomage.web.games import lobby
from marcomage.web.games.models import Game, Status
from marcomage.web.rulesets.elder_tale import collection

from .helpers import log_in, player

SEED = 3
MAX_LOOKS = 3000


def board(page: Any) -> Any:
    return page.locator("#game-board")


def my_turn(page: Any) -> bool:
    return "your-turn" in (board(page).get_attribute("class") or "")


def move(page: Any, ally: str, done: set[str]) -> None:
    """One choice of the person to act: a help card on the ally the first time one may be
    played, else an attack aimed at an enemy, else an attack card, else confirm or end the
    turn (an all-out attack keeps the duel short; the journey checks the seats, not
    tactics). One locator, resolved when the click happens: a live update may replace the
    board between looking and clicking."""
    before = board(page).get_attribute("data-version")
    helping = page.locator(f'#game-board [aria-label="Help {ally}"] .et-aim-help:enabled')
    if "help" not in done and helping.count():
        helping.first.click()
        done.add("help")
        expect(board(page)).not_to_have_attribute("data-version", str(before))
        return
    choice = page.locator(
        "#game-board .et-enemies .et-aim-target:enabled, "
        "#game-board .et-hand-attack .btn-action:enabled, #game-board .btn-finish:enabled")
    try:
        expect(choice.first).to_be_visible(timeout=3000)
    except AssertionError:  # a live update left the board stale: refresh as a person would
        page.reload()
        expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
        return
    if "et-aim-target" in (choice.first.get_attribute("class") or ""):
        done.add("target")
    choice.first.click()
    expect(board(page)).not_to_have_attribute("data-version", str(before))


def test_two_people_and_the_computer_play_a_two_versus_two_duel(new_page: Any) -> None:
    for name in ("alice", "bob"):
        collection.welcome(player(name))
    alice, bob = new_page(), new_page()
    for page in (alice, bob):  # a defense that leaves no EN asks first
        page.on("dialog", lambda dialog: dialog.accept())
    log_in(alice, "alice")
    log_in(bob, "bob")

    alice.goto("/games/?game=elder_tale")
    form = alice.locator("#host-form")
    form.locator("select[name=deck]").select_option(label="deck 1")
    form.locator("select[name=teams]").select_option("ABAB")
    alice.select_option("#host-seats", "4")
    for number in ("1", "3"):
        form.locator(f'input[name=computer_seats][value="{number}"]').check()
    alice.select_option("#host-level", "easy")
    form.locator("button[type=submit]").click()
    expect(alice.locator(".messages")).to_contain_text("Game hosted with the computer")
    game = Game.objects.get(status=Status.HOSTED)
    assert game.computer_seats() == [1, 3]

    bob.goto("/games/?game=elder_tale")
    free = bob.locator(f'.hosted.free[data-game="{game.pk}"]')
    expect(free).to_contain_text("3 of 4 players")
    free.locator("select[name=deck]").select_option(label="deck 1")
    with mock.patch.object(lobby, "new_seed", return_value=SEED):
        free.locator("button.join").click()
        expect(board(bob)).to_be_visible()
    alice.goto(bob.url)
    for page in (alice, bob):
        expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
        expect(page.locator(".et-allies .et-side")).to_have_count(2)
        expect(page.locator(".et-enemies .et-side")).to_have_count(2)
    expect(alice.locator(".et-enemies")).to_contain_text("Computer (seat 3)")
    expect(alice.locator(".et-allies")).to_contain_text("bob")

    done: dict[str, set[str]] = {"alice": set(), "bob": set()}
    for _ in range(MAX_LOOKS):
        if board(alice).get_attribute("data-finished") == "yes":
            break
        for name, page, ally in (("alice", alice, "bob"), ("bob", bob, "alice")):
            if my_turn(page):
                move(page, ally, done[name])
                break
        else:
            alice.wait_for_timeout(40)  # the computer answers over the WebSocket
    else:
        raise AssertionError("the duel did not end")
    expect(board(bob)).to_have_attribute("data-finished", "yes")
    game = Game.objects.get(pk=game.pk)
    won = 0 in game.outcome["winners"]
    assert won == (2 in game.outcome["winners"])  # one outcome for the team
    verdict = ("Your team (alice, bob) won" if won  # ET-GROUP-8: the board names the team
               else "The enemy team (Computer (seat 1), Computer (seat 3)) won")
    for page in (alice, bob):
        expect(page.locator(".outcome")).to_contain_text(verdict)
    assert "target" in done["alice"] | done["bob"]
    assert "help" in done["alice"] | done["bob"]

    bob.click("#replay-link")
    expect(bob).to_have_url(re.compile(r"/replays/\d+/$"))
    bob.click("#replay-last")
    expect(bob.locator("#replay-board .et-side")).to_have_count(4)
    expect(bob.locator("#replay-board .et-log")).to_contain_text("The duel is over")
