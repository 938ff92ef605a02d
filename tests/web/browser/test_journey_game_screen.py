"""Journey: the MArcomage game screen as a player sees it (issue 22, item 1), at 1366 and at
390 px wide, with screenshots in test-output/screenshots/: cards she cannot afford are dimmed
and their Play button says why; every card has its rarity border; a "select a card" card
names the hand positions and outlines the chosen card; the towers are drawn to scale; the
skip links, an h1 and the in-game list of games; and the card settings hold on live
updates too. (The outcome's words are checked where games end: test_journey_games.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from marcomage.games.marcomage import to_json
from marcomage.web.games import services
from marcomage.web.games.models import Game
from marcomage.web.preferences.models import Preferences
from tests.web.games.helpers import start, to_act

from .helpers import log_in, player

SHOTS = Path(__file__).resolve().parents[3] / "test-output" / "screenshots"
RANGER, VAMPIRE, GOBLIN = 394, 28, 13  # Ranger: Common, select a card; Vampire: 17 gems


def arranged_game(alice: Any, bob: Any) -> Game:
    """A fresh game where alice is to move holding Ranger, Vampire (too dear) and Goblins."""
    game = start(alice, bob, seed=3)
    state = services.game_state(game)
    mover = to_act(game)
    if mover != 0:  # alice is seat 0: give her the move
        state.current = 0
    me = state.players[0]
    me.hand = [RANGER, VAMPIRE, GOBLIN, GOBLIN, GOBLIN, GOBLIN, GOBLIN, GOBLIN]
    me.gems, me.tower, me.wall = 5, 40, 60
    state.players[1].tower = 20
    Game.objects.filter(pk=game.pk).update(state=to_json(state))
    game.seats.update(to_act=False)
    game.seats.filter(number=0).update(to_act=True)
    game.refresh_from_db()
    return game


def steady(page: Any) -> None:
    """The live socket is open and has sent its first whole board (which replaces the one
    the page came with when it is newer), so elements found now stay attached."""
    expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
    page.wait_for_function("() => (window.marcomageSwaps || 0) >= 1")


def test_the_game_screen_reads_at_a_glance(new_page: Any, browser_test: Any) -> None:
    alice, bob = player("alice"), player("bob")
    browser_test.detach()
    try:
        game = arranged_game(alice, bob)
    finally:
        browser_test.attach()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(viewport={"width": 1366, "height": 900})
    log_in(page, "alice")
    page.goto(f"/games/{game.pk}/")
    steady(page)

    expect(page.locator("h1")).to_have_text("MArcomage: alice against bob")
    expect(page.locator(".my-games li.current")).to_have_count(1)
    vampire = page.locator('.hand-mine .slot[data-pos="2"]')
    expect(vampire).to_have_class("slot unaffordable")
    opacity = vampire.locator(".card-art").evaluate("e => getComputedStyle(e).opacity")
    assert float(opacity) < 0.6  # dimmed art; the words keep their contrast (issue 31)
    assert vampire.locator(".card").evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    play = vampire.locator(".btn-play")
    expect(play).to_have_attribute("aria-disabled", "true")
    play.focus()
    expect(vampire.locator(".why")).to_be_visible()
    expect(vampire.locator(".why")).to_have_text("Needs 12 more gems")
    borders = page.locator(".hand-mine .card").evaluate_all(
        "cards => cards.map(c => getComputedStyle(c).borderTopColor)")
    assert len(set(borders)) == 2  # Common and Uncommon colours, not one grey
    for name in page.locator(".hand .card-name").all_inner_texts():
        assert "-" not in name

    select = page.locator('.hand-mine .slot[data-pos="1"] select')
    options = select.locator("option").all_inner_texts()
    assert options[0] == "Card 1: Ranger (this card)" and options[1] == "Card 2: Vampire"
    select.select_option("2")
    expect(page.locator('.hand-mine .slot[data-pos="2"]')).to_have_class(
        "slot unaffordable chosen")
    tower = page.locator(".side-me rect.tower")
    assert tower.get_attribute("height") == "40"
    assert page.locator(".side-them rect.tower").get_attribute("height") == "20"
    page.screenshot(path=str(SHOTS / "game-1366.png"), full_page=True)

    skip = page.locator(".skip-links a").first
    expect(skip).to_have_text("Skip to your hand")
    expect(skip).not_to_be_in_viewport()  # out of sight until focused
    skip.focus()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("#my-hand")).to_be_focused()

    phone = new_page(viewport={"width": 390, "height": 844})
    log_in(phone, "alice")
    phone.goto(f"/games/{game.pk}/")
    steady(phone)
    first = phone.locator('.hand-mine .slot[data-pos="1"]').bounding_box()
    fifth = phone.locator('.hand-mine .slot[data-pos="5"]').bounding_box()
    assert first is not None and fifth is not None and fifth["y"] > first["y"]  # two rows
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.locator(".hand-theirs-box > summary").click()
    expect(phone.locator(".hand-theirs")).not_to_be_visible()
    phone.screenshot(path=str(SHOTS / "game-390.png"), full_page=True)

    # Bob's card settings hold when alice's move reaches him over the live socket (which
    # renders the board with no request).
    Preferences.objects.update_or_create(user=bob, defaults={"show_card_text": False})
    watcher = new_page(viewport={"width": 1366, "height": 900})
    log_in(watcher, "bob")
    watcher.goto(f"/games/{game.pk}/")
    steady(watcher)
    expect(watcher.locator(".hand-mine .card-text")).to_have_count(0)
    version = int(watcher.locator("#game-board").get_attribute("data-version") or 0)
    page.locator('.hand-mine .slot[data-pos="3"] .btn-discard').click()
    expect(watcher.locator("#game-board")).to_have_attribute("data-version", str(version + 1))
    expect(watcher.locator(".hand-mine .card")).to_have_count(8)
    expect(watcher.locator(".hand-mine .card-text")).to_have_count(0)
    expect(page.locator(".hand-mine .card-text").first).to_be_visible()  # alice's own choice
    assert (SHOTS / "game-1366.png").stat().st_size > 10_000

    # The other card settings and the minimized view hold on the game screen too.
    Preferences.objects.update_or_create(user=alice, defaults={
        "show_card_images": False, "show_card_keywords": False, "old_card_appearance": True,
        "minimized_game_view": True})
    page.reload()
    steady(page)
    expect(page.locator("#game-board")).to_have_class(re.compile(r"\bminimized\b"))
    expect(page.locator(".hand-mine .card.card-old")).to_have_count(8)
    expect(page.locator(".hand-mine .card-art")).to_have_count(0)
    expect(page.locator(".hand-mine .card-keywords")).to_have_count(0)
    expect(page.locator(".hand-mine .card-text").first).to_be_visible()
    castle = page.locator(".side-me .castle-svg").bounding_box()
    assert castle is not None and castle["width"] <= 81  # 5rem: the drawing shrinks
    page.screenshot(path=str(SHOTS / "game-1366-minimized.png"), full_page=True)
