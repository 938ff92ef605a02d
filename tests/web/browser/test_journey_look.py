"""Journey: every board and the pages a player visits, as a newcomer sees them (issue 31).
Each of the five boards at 1366 and 390 px wide, with its screenshots written to
test-output/screenshots/board-<system>-<width>.png, no page wider than a phone, axe-core
finding no serious or critical violation (WCAG 2.1 AA contrast included) on the light and
the dark skin, and the site's sections passing axe-core too; on the game screen the chat is
the second press of Tab. No game is played: the boards are fresh, so this stays short."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import services
from marcomage.web.preferences.models import Preferences

from .helpers import axe_violations, log_in, player

SHOTS = Path(__file__).resolve().parents[3] / "test-output" / "screenshots"
SYSTEMS = ("marcomage", "arcana", "elder_tale", "mage_wars", "far_wilds")
SECTIONS = ("/", "/games/", "/players/", "/decks/", "/messages/", "/forum/", "/concepts/",
            "/replays/", "/stats/", "/stats/marcomage/cards/", "/stats/marcomage/games/",
            "/ladder/", "/settings/", "/help/", "/help/far_wilds/")


def first_deck(user: Any, game: str) -> int:
    give_starter_decks(user, game)
    return int(Deck.objects.filter(owner=user, game=game).order_by("pk")[0].pk)


def open_board(page: Any, game: int) -> None:
    page.goto(f"/games/{game}/")
    expect(page.locator(".game-live")).to_have_attribute("data-live", "open")


def test_every_board_and_section_reads_at_a_glance_and_passes_axe(
        new_page: Any, browser_test: Any) -> None:
    found: list[str] = []

    def assert_accessible(page: Any, where: str) -> None:
        """Collect what axe-core finds, to report every page's violations at once."""
        found.extend(f"{where}: {v}" for v in axe_violations(page))

    browser_test.detach()
    try:
        alice = player("alice")
        games = {}
        for system, name in zip(SYSTEMS, ("bob", "carol", "dave", "erin", "frank"), strict=True):
            rival = player(name)  # one game initiated per opponent (C-GAME-4)
            challenge = services.challenge(alice, rival, first_deck(alice, system),
                                           ruleset=system)
            games[system] = services.accept(rival, challenge.pk, first_deck(rival, system)).pk
    finally:
        browser_test.attach()
    SHOTS.mkdir(parents=True, exist_ok=True)
    wide = new_page(viewport={"width": 1366, "height": 900})
    log_in(wide, "alice")
    phone = new_page(viewport={"width": 390, "height": 844})
    log_in(phone, "alice")
    for system, game in games.items():
        open_board(wide, game)
        wide.screenshot(path=str(SHOTS / f"board-{system}-1366.png"), full_page=True)
        assert_accessible(wide, f"{system} board at 1366 px")
        open_board(phone, game)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, system
        phone.screenshot(path=str(SHOTS / f"board-{system}-390.png"), full_page=True)
        assert_accessible(phone, f"{system} board at 390 px")
        assert (SHOTS / f"board-{system}-390.png").stat().st_size > 5_000

    # The chat is the second press of Tab on the game screen (it was the 18th).
    open_board(wide, games["marcomage"])
    wide.keyboard.press("Tab")
    wide.keyboard.press("Tab")
    expect(wide.locator(".skip-links a:focus")).to_have_text("Skip to the chat")
    wide.keyboard.press("Enter")
    expect(wide.locator("#chat-text")).to_be_focused()

    for path in SECTIONS:
        wide.goto(path)
        assert_accessible(wide, path)

    browser_test.detach()
    try:
        Preferences.objects.update_or_create(user=alice, defaults={"skin": "dark"})
    finally:
        browser_test.attach()
    for system, game in games.items():
        open_board(wide, game)
        assert_accessible(wide, f"{system} board, dark skin")
    wide.screenshot(path=str(SHOTS / "board-far_wilds-1366-dark.png"), full_page=True)
    for path in SECTIONS[:4]:
        wide.goto(path)
        assert_accessible(wide, f"{path}, dark skin")
    assert found == [], "\n".join(found)
