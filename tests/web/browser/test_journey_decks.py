"""Journey: build a full deck with the pool filters (without page reloads), refuse a card
into a full section, choose tokens with Auto, export the deck, import it into another slot
(refused first for its name, C-DECK-13) and see it highlighted as ready in the list."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from marcomage.games.marcomage.cards import CARDS
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.rulesets.marcomage.slots import slots

from .helpers import assert_accessible, log_in, player

SHOTS = Path(__file__).resolve().parents[3] / "test-output" / "screenshots"


def take_first(page: Any, count: int) -> None:
    """Press Take on the first card of the pool not yet in the deck."""
    page.locator("#pool .pool-card form button.take").first.click()
    expect(page.locator("#deck-count")).to_contain_text(f"{count}/45 cards")


def lime_filters(page: Any) -> list[str]:
    """The names of the filters whose border is lime."""
    return list(page.evaluate(
        "[...document.querySelectorAll('label.filter')]"
        ".filter(l => getComputedStyle(l).borderTopColor === 'rgb(50, 205, 50)')"
        ".map(l => l.querySelector('select, input').name)"
    ))


def choose_class(page: Any, value: str) -> None:
    page.select_option("#id_cls", value)
    expect(page.locator("#pool .card").first).to_have_class(re.compile(f"card-{value}"))


def test_it_builds_exports_and_imports_a_ready_deck(page: Any, tmp_path: Path) -> None:
    alice = player("alice")
    log_in(page, "alice")
    page.goto("/decks/")
    expect(page.locator("a.deck-name.ready")).to_have_count(3)  # the starter decks
    page.click("text=deck 4")
    expect(page.locator("h1")).to_contain_text("deck 4")
    page.evaluate("window.stillTheSamePage = true")

    # Keyword filter and name search combined: the pool narrows, the filters turn lime.
    holy = next(c for c in CARDS if c.rarity == 0 and "Holy" in c.keywords)
    page.select_option("#id_keyword", "Holy")
    page.fill("#id_card_name", holy.name[:6])
    expect(page.locator(f"#pool-card-{holy.id}")).to_be_visible()
    assert lime_filters(page) == ["cls", "keyword", "name"]
    # The name search answers after a 300 ms pause; take the card only once it has,
    # so that the late pool answer cannot overwrite the card's "In deck" mark.
    expect(page).to_have_url(re.compile(r"name=" + re.escape(holy.name[:6])))
    page.locator(f"#pool-card-{holy.id} button.take").click()
    expect(page.locator("#deck-count")).to_contain_text("1/45 cards")
    expect(page.locator(f"#pool-card-{holy.id} .in-deck")).to_have_text("In deck")
    # The format's validator says why the deck cannot be played yet (PL-SHARED-2).
    expect(page.locator("#deck-violations")).to_contain_text(
        "The Common section holds 1 cards, not 15.")

    # Clear keyword and name; fill each section from the class-filtered pool.
    page.select_option("#id_keyword", "")
    page.fill("#id_card_name", "")
    commons = sum(1 for c in CARDS if c.rarity == 0)
    expect(page.locator("#pool h2 .count")).to_have_text(f"({commons} cards)")
    assert lime_filters(page) == ["cls"]
    count = 1
    for rarity in ("common", "uncommon", "rare"):
        choose_class(page, rarity)
        for _ in range(14 if rarity == "common" else 15):
            count += 1
            take_first(page, count)
    expect(page.locator("#deck-count")).to_contain_text("45/45 cards · ready to play")
    expect(page.locator("#deck-violations")).to_have_count(0)

    # A full section refuses one more card, with the reason in view where the player clicked
    # (the first card of the pool, on a phone's screen), and nothing changes.
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 700})
    page.locator("#pool .pool-card form button.take").first.click()
    expect(page.locator("#deck-notice")).to_have_text("The Rare section is full (15 cards).")
    expect(page.locator("#deck-notice")).to_be_in_viewport()
    page.set_viewport_size(size)
    expect(page.locator("#deck-count")).to_contain_text("45/45")

    # Return one card and take it back.
    page.locator("[data-section=rare] .slot button.return").first.click()
    expect(page.locator("#deck-count")).to_contain_text("44/45")
    take_first(page, 45)

    # Auto chooses the token counters from the deck's keywords.
    page.click("#auto-tokens")
    expect(page.locator("#deck-notice")).to_contain_text("Token counters: ")
    deck = Deck.objects.get(owner=alice, name="deck 4")
    tokens = slots(deck).tokens
    assert deck.ready and tokens[0] != "none"
    expect(page.locator("#id_token1")).to_have_value(tokens[0])
    expect(page.locator(".avg-bricks")).not_to_have_text("0.00")
    assert page.evaluate("window.stillTheSamePage") is True  # no reload so far

    # Export, then import into an empty slot: refused for the name, accepted after a rename.
    with page.expect_download() as download:
        page.click("#export-link")
    assert download.value.suggested_filename == "deck_4.csv"
    exported = tmp_path / "deck_4.csv"
    download.value.save_as(exported)
    lines = exported.read_text().split("\n")
    assert lines[0] == "deck 4" and len(lines) == 6 and lines[4] == ",".join(tokens)

    page.goto("/decks/")
    page.click("text=deck 5")
    page.set_input_files("#id_deck_file", str(exported))
    page.click("#import-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text(
        "Import refused: You already have a deck named 'deck 4'.")
    expect(page.locator("#deck-count")).to_contain_text("0/45")

    page.goto("/decks/")
    page.click("text=deck 4")
    page.fill("#id_deck_name", "original")
    page.click("#rename-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Deck renamed to original.")

    page.goto("/decks/")
    page.click("text=deck 5")
    page.set_input_files("#id_deck_file", str(exported))
    page.click("#import-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Imported the deck deck 4.")
    expect(page.locator("#deck-count")).to_contain_text("45/45 cards · ready to play")
    expect(page.locator("#id_token1")).to_have_value(tokens[0])

    page.goto("/decks/")
    imported = page.locator("a.deck-name", has_text="deck 4")
    expect(imported).to_have_class(re.compile(r"\bready\b"))
    assert imported.evaluate("e => getComputedStyle(e).color") == "rgb(11, 115, 11)"  # green, AA
    expect(page.locator("a.deck-name.ready")).to_have_count(5)
    copy = Deck.objects.get(owner=alice, name="deck 4")
    original = Deck.objects.get(owner=alice, name="original")
    assert copy.pk != original.pk and slots(copy).sections == slots(original).sections


def test_it_randomizes_and_finishes_after_confirmation(page: Any) -> None:
    alice = player("alice")
    log_in(page, "alice")
    deck = Deck.objects.get(owner=alice, name="deck 6")
    page.goto(f"/decks/{deck.pk}/")
    page.locator("#pool .pool-card form button.take").first.click()
    expect(page.locator("#deck-count")).to_contain_text("1/45")
    page.click("#finish-form button")
    expect(page.locator(".messages")).to_contain_text("Finished: 44 random cards added.")
    expect(page.locator("#deck-count")).to_contain_text("45/45")

    page.click("#reset-link")
    expect(page.locator("h1")).to_contain_text("Reset the deck deck 6?")
    page.click("text=No, keep the deck")
    expect(page.locator("#deck-count")).to_contain_text("45/45")
    page.click("#reset-link")
    page.click("#confirm-form button[type=submit]")
    expect(page.locator("#deck-count")).to_contain_text("0/45")

    page.click("#randomize-link")
    page.click("#confirm-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("45 random cards")
    expect(page.locator("#deck-count")).to_contain_text("45/45 cards · ready to play")


def test_the_card_database_filters_and_shows_keywords(page: Any) -> None:
    player("alice")
    log_in(page, "alice")
    page.goto("/cards/")
    page.select_option("#id_cls", "rare")
    page.select_option("#id_keyword", "Dragon")
    first = page.locator("#pool .card").first
    expect(first).to_have_class(re.compile("card-rare"))
    expect(first.locator(".card-keywords")).to_contain_text("Dragon")
    first.locator("a.card-name").click()
    expect(page.locator("#dragon")).to_be_visible()
    page.click("#dragon a")
    expect(page.locator("h1")).to_have_text("Keywords")


SYSTEMS = ("marcomage", "arcana", "elder_tale", "mage_wars", "far_wilds")


def test_every_deck_editor_fits_a_phone_and_passes_axe(new_page: Any, browser_test: Any) -> None:
    """Issue 31: at 390 px no deck editor is wider than the screen (Arcana's, Far Wilds' and
    Mage Wars' tables were 558-735 px) and MArcomage's is not 8,539 px tall; at 1366 px its
    pool is no inner scroll box; every editor and the deck list pass axe-core."""
    browser_test.detach()
    try:
        alice = player("alice")
        for game in SYSTEMS:
            give_starter_decks(alice, game)  # those registration did not give already
        decks = {game: Deck.objects.filter(owner=alice, game=game).order_by("pk")[0].pk
                 for game in SYSTEMS}
    finally:
        browser_test.attach()
    wide = new_page(viewport={"width": 1366, "height": 900})
    log_in(wide, "alice")
    wide.goto(f"/decks/{decks['marcomage']}/")
    grid = wide.locator("#pool .card-grid")
    assert grid.evaluate("g => g.scrollHeight <= g.clientHeight + 1")  # no scroll box
    assert_accessible(wide, "MArcomage deck editor at 1366 px")
    wide.goto("/decks/")
    assert_accessible(wide, "deck list")
    phone = new_page(viewport={"width": 390, "height": 844})
    log_in(phone, "alice")
    for game, pk in decks.items():
        phone.goto(f"/decks/{pk}/")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (game, width)
        if game == "marcomage":
            height = phone.evaluate("document.documentElement.scrollHeight")
            assert height < 3000, height
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(SHOTS / f"deck-editor-{game}-390.png"), full_page=True)
        assert_accessible(phone, f"{game} deck editor at 390 px")
