"""Journey: three players host, join and play a game of the test-only toy (a three-seat
game with simultaneous sealed bids) through the real lobby, on the generic board.

alice hosts a one-trick toy game from the games page after choosing the game system, bob and
carol join it from the free games; the last join starts it. The three bids are submitted
from the three browser contexts in the order carol, alice, bob (not seat order); each bid
reaches the other two screens live, a bid stays sealed until the last one arrives
(PL-PROTO-3), then the trick's taker alone keeps it and all three see the end.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

from playwright.sync_api import expect

from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import lobby

from .helpers import log_in, player

SEED = 5
NAMES = ("alice", "bob", "carol")


def board(page: Any) -> Any:
    return page.locator("#game-board")


def all_at(pages: dict[str, Any], version: int) -> None:
    for page in pages.values():
        expect(board(page)).to_have_attribute("data-version", str(version))


def test_three_players_host_join_and_play_a_toy_game_live(new_page: Any) -> None:
    for name in NAMES:
        give_starter_decks(player(name), "toy")
    pages = {name: new_page() for name in NAMES}
    for name, page in pages.items():
        log_in(page, name)
    alice, bob, carol = (pages[name] for name in NAMES)

    alice.goto("/games/")
    alice.select_option("#system-select", "toy")
    alice.click("#system-choice button[type=submit]")
    alice.fill("#host-form input[name=tricks]", "1")
    alice.click("#host-form button[type=submit]")
    expect(alice.locator(".hosted.mine")).to_contain_text("1 of 3 players")

    bob.goto("/games/")
    expect(bob.locator(".hosted.free")).to_contain_text("Toy (test only)")
    bob.locator(".hosted.free button.join").click()
    expect(bob.locator(".hosted.mine")).to_contain_text("2 of 3 players")
    with mock.patch.object(lobby, "new_seed", return_value=SEED):
        carol.goto("/games/")
        carol.locator(".hosted.free button.join").click()
        expect(board(carol)).to_be_visible()
    for page in (alice, bob):
        page.goto(carol.url)
    for page in pages.values():
        expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
        expect(board(page)).to_have_class("game-board generic-board your-turn")
        expect(page.locator(".btn-action")).to_have_count(3)  # a bid for each card in hand
    all_at(pages, 1)

    version = 1
    order = ("carol", "alice", "bob")  # not seat order
    for turn, name in enumerate(order):
        page = pages[name]
        expect(page.locator(".turn-mine")).to_have_text("It is your turn")
        page.locator(".btn-action").first.click()
        version += 1
        all_at(pages, version)
        if name != "bob":  # sealed until the last bid: the bidder sees it, nobody else
            expect(page.locator(".view-my_bid")).not_to_have_text("")
            expect(page.locator(".btn-action")).to_have_count(0)
            waiting = sorted(order[turn + 1:], key=NAMES.index)
            expect(page.locator(".turn-theirs")).to_have_text(
                f"Waiting for {', '.join(waiting)}")
            for other in waiting:
                expect(pages[other].locator(".view-my_bid")).to_have_text("")
    for page in pages.values():
        expect(page.locator(".view-phase")).to_have_text("claim")

    takers = [name for name, page in pages.items()
              if "your-turn" in (board(page).get_attribute("class") or "")]
    assert len(takers) == 1, takers
    taker = pages[takers[0]]
    expect(taker.locator(".btn-action")).to_have_count(2)
    taker.get_by_role("button", name="keep").click()
    all_at(pages, version + 1)
    verdicts = []
    for page in pages.values():
        expect(board(page)).to_have_attribute("data-finished", "yes")
        verdicts.append(page.locator(".outcome").inner_text())
    assert any(v.startswith("You won") for v in verdicts), verdicts
    assert any(v.startswith("You lost") for v in verdicts), verdicts
    assert pages[takers[0]].locator(".outcome").inner_text().startswith("You won")
