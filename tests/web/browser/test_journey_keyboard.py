"""Journey: each of the five boards played with the keyboard alone (issue 31, "every board
usable with the keyboard alone, visible focus").

alice plays a small seeded game against the computer ("easy"); every move of hers is made
with Tab to reach a control and Enter or Space to use it, never a click: the test reads
which element has the focus, as a sighted keyboard user reads the focus ring, and checks
that ring is drawn (a real outline in the computed style, which forced-colours modes keep).
The computer's answers replace the board over the WebSocket meanwhile, which must not leave
the keyboard user stranded. The Far Wilds move aims a card at a space of the map.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from playwright.sync_api import expect

from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import computer, lobby

from .helpers import log_in, player

SHOTS = Path(__file__).resolve().parents[3] / "test-output" / "screenshots"
MOVES = 3
SEEDS = {"marcomage": 2, "arcana": 7, "elder_tale": 11, "mage_wars": 4, "far_wilds": 1}
OPTIONS: dict[str, dict[str, Any]] = {"far_wilds": {"format": "limited"}}
CONTROLS = {
    # a move that is always legal when it is alice's turn (a discard ends a MArcomage turn)
    "marcomage": "#game-board .btn-play:not([aria-disabled]), #game-board .btn-discard",
    "arcana": "#game-board .arcana-prompt button",
    "elder_tale": "#game-board .et-hand .btn-action:enabled, #game-board .btn-finish:enabled",
    "mage_wars": "#game-board form.act-form button:enabled",
    "far_wilds": "#game-board .fw-keep, #game-board .fw-pick, #game-board .fw-pass",
}
FOCUSED = "(selector) => !!document.activeElement && document.activeElement.matches(selector)"
RING = """() => { const e = document.activeElement; const s = getComputedStyle(e);
    return {tag: e.tagName, cls: String(e.className && e.className.baseVal !== undefined
                                        ? e.className.baseVal : e.className),
            visible: e.matches(':focus-visible'), style: s.outlineStyle,
            width: parseFloat(s.outlineWidth)}; }"""


def board(page: Any) -> Any:
    return page.locator("#game-board")


def version(page: Any) -> int:
    return int(board(page).get_attribute("data-version") or 0)


def tab_to(page: Any, selector: str, limit: int = 250) -> None:
    """Press Tab until the focus is on an element matching `selector` (unless it is there
    already), and check the focus ring is drawn there."""
    for press in range(limit):
        if press or not page.evaluate(FOCUSED, selector):
            page.keyboard.press("Tab")
        if page.evaluate(FOCUSED, selector):
            ring = page.evaluate(RING)
            assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 2, ring
            return
    raise AssertionError(f"{limit} presses of Tab never reached {selector}")


def wait_for_my_turn(page: Any, after: int) -> None:
    """The computer has answered: a board newer than `after` where alice acts (or the end)."""
    page.wait_for_function(
        "(after) => { const b = document.getElementById('game-board');"
        " return b && parseInt(b.dataset.version, 10) > after &&"
        " (b.dataset.finished === 'yes' || b.classList.contains('your-turn')); }",
        arg=after)


def move(page: Any, system: str, key: str) -> str:
    """One move of alice's, with the keyboard only; what was used."""
    tab_to(page, CONTROLS[system])
    used = str(page.evaluate("() => document.activeElement.className"))
    if system == "far_wilds" and page.evaluate(FOCUSED, ".fw-pick"):
        page.keyboard.press(key)  # the card's legal targets light up on the map
        targets = page.evaluate(
            "() => JSON.parse(document.querySelector('.fw-card.picked').dataset.targets)")
        # a card with two targets takes the creature first, then where it goes
        steps = 2 if any(t.get("to") is not None for t in targets) else 1
        for _ in range(steps):
            tab_to(page, "#game-board .fw-space.target")
            page.locator(".fw-map").screenshot(path=str(SHOTS / "far_wilds-map-keyboard.png"))
            page.keyboard.press("Enter")
        return "map"
    page.keyboard.press(key)
    return used


@pytest.mark.parametrize("system", list(CONTROLS))
def test_a_board_is_played_with_the_keyboard_alone(
        system: str, new_page: Any, browser_test: Any) -> None:
    browser_test.detach()
    try:
        alice = player("alice")
        give_starter_decks(alice, system)
        deck = Deck.objects.filter(owner=alice, game=system).order_by("pk")[0].pk
        with mock.patch.object(lobby, "new_seed", return_value=SEEDS[system]):
            game = computer.start(alice, deck, "easy", ruleset=system, **OPTIONS.get(system, {}))
        computer.wait()
    finally:
        browser_test.attach()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(viewport={"width": 1366, "height": 900})
    log_in(page, "alice")
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
    page.wait_for_function("() => (window.marcomageSwaps || 0) >= 1")
    first = version(page)
    used: list[str] = []
    for number in range(MOVES):
        if board(page).get_attribute("data-finished") == "yes":
            break
        expect(board(page)).to_have_class(re.compile(r"\byour-turn\b"))
        before = version(page)
        used.append(move(page, system, "Enter" if number % 2 == 0 else " "))
        wait_for_my_turn(page, before)
    assert len(used) == MOVES, f"{system}: the game ended after {used}"
    assert version(page) >= first + MOVES, (first, version(page))
    if system == "far_wilds":
        assert "map" in used, used  # a card was aimed at a space of the map
    if system == "marcomage":
        assert any("btn-play" in u for u in used), used  # a card was played, not only discarded
