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

from ..games.helpers import seeded
from .helpers import axe_violations, log_in, player

SHOTS = Path(__file__).resolve().parents[3] / "test-output" / "screenshots"
SYSTEMS = ("marcomage", "arcana", "elder_tale", "mage_wars", "far_wilds")
SECTIONS = ("/", "/games/", "/players/", "/decks/", "/messages/", "/forum/", "/concepts/",
            "/replays/", "/stats/", "/stats/marcomage/cards/", "/stats/marcomage/games/",
            "/ladder/", "/settings/", "/help/", "/help/far_wilds/", "/players/bob/",
            "/games/challenge/bob/", "/forum/section/general/")


TOPS = """(selectors) => selectors.map(
    s => Math.round(document.querySelector(s).getBoundingClientRect().top + window.scrollY))"""
SEED = 7
"""Every board starts from this deal, so a run checks the same positions as the last one (a
random deal once hid a contrast fault for several runs)."""
FONT_SIZES = """(selectors) => selectors.map(
    s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize))"""


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
            with seeded(SEED):
                challenge = services.challenge(alice, rival, first_deck(alice, system),
                                               ruleset=system)
                games[system] = services.accept(rival, challenge.pk,
                                                first_deck(rival, system)).pk
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
        if system == "marcomage":
            # On a phone the player's own castle and stocks come first, then her hand (both
            # on the first screen), then the opponent, then the last rounds; the numbers
            # that decide the game are larger than the text around them.
            tops = phone.evaluate(TOPS, [".side-me", "#my-hand", ".side-them", ".middle"])
            assert tops == sorted(tops) and tops[1] < 844, tops
            sizes = phone.evaluate(FONT_SIZES, [".side-me .stat-tower .value", ".side-me dt"])
            assert sizes[0] >= 1.4 * sizes[1], sizes

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
    # The MArcomage board's phone layout and a site page with its menu open, dark skin too.
    open_board(phone, games["marcomage"])
    phone.screenshot(path=str(SHOTS / "board-marcomage-390-dark.png"), full_page=True)
    assert_accessible(phone, "marcomage board at 390 px, dark skin")
    phone.goto("/games/")
    phone.locator(".site-menu > summary").focus()
    phone.keyboard.press("Enter")
    expect(phone.locator("nav.sections a", has_text="Help")).to_be_visible()
    assert_accessible(phone, "/games/ at 390 px with the menu open, dark skin")
    assert found == [], "\n".join(found)


RIGHT_EDGE = """(selector) => Math.max(0, ...[...document.querySelectorAll(selector)]
    .map(e => Math.ceil(e.getBoundingClientRect().right)))"""
PHONE_PAGES = ("/", "/games/", "/decks/", "/players/", "/messages/", "/forum/", "/settings/",
               "/stats/", "/help/", "/replays/", "/concepts/", "/ladder/")


def test_the_site_chrome_and_every_section_fit_a_phone(new_page: Any, browser_test: Any) -> None:
    """At 390 px no site page is wider than the screen: the menubar folds into a "Menu"
    disclosure (issue 31), and the menu, opened with the keyboard, lists every section."""
    browser_test.detach()
    try:
        player("alice")
    finally:
        browser_test.attach()
    phone = new_page(viewport={"width": 390, "height": 844})
    log_in(phone, "alice")
    wide: list[str] = []
    for path in PHONE_PAGES:
        phone.goto(path)
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wide.append(f"{path}: {width} px")
        # ... nor does any part of the menubar run off the screen's right edge
        right = phone.evaluate(RIGHT_EDGE, ".topbar *, .footer")
        if right > 390:
            wide.append(f"{path}: the menubar reaches {right} px")
    assert wide == [], wide
    # Closed on a phone, the menu opens from the keyboard and shows every section in the width.
    menu = phone.locator(".site-menu")
    expect(phone.locator("nav.sections a").first).to_be_hidden()
    phone.locator(".site-menu > summary").focus()
    phone.keyboard.press("Enter")
    expect(menu).to_have_attribute("open", "")
    expect(phone.locator("nav.sections a", has_text="Settings")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.evaluate(RIGHT_EDGE, ".topbar *") <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "site-menu-390.png"))
    # On a wide screen the sections show without opening anything.
    wide_page = new_page(viewport={"width": 1366, "height": 900})
    log_in(wide_page, "alice")
    expect(wide_page.locator("nav.sections a", has_text="Settings")).to_be_visible()
    expect(wide_page.locator(".site-menu > summary")).to_be_hidden()
