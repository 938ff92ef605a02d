"""Journey (issue 34): a new Arcana player earns coins in games, buys a booster with a double
click (bought once), sees its cards and the check of its seeded draw, finds them in the card
binder, buys a starter deck, builds a Collection deck from owned cards and plays it against
the computer to the end, then against a person (bob, in his own browser) to the end."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any
from unittest import mock

from playwright.sync_api import expect

from marcomage.games.arcana.cards import CARDS
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import lobby, services
from marcomage.web.games.models import Game, Seat
from marcomage.web.rulesets.arcana import shop
from marcomage.web.rulesets.arcana.models import Purchase

from .helpers import log_in, player
from .test_arcana_journeys import board, play_live, play_the_computer

WINS = 8
SEED = 11
"""The computer duel's seed: a short duel with the journey's choices."""
PERSON_SEED = 2319


def test_a_new_player_earns_coins_buys_a_booster_and_builds_a_collection_deck(
        new_page: Any) -> None:
    alice, bob = player("alice"), player("bob")
    page = new_page()
    for user in (alice, bob):
        give_starter_decks(user, "arcana")
    for _ in range(WINS):  # finished games through the services: bob surrenders
        mine = Deck.objects.filter(owner=alice, game="arcana").first()
        theirs = Deck.objects.filter(owner=bob, game="arcana").first()
        assert mine is not None and theirs is not None
        game = services.challenge(alice, bob, mine.pk, ruleset="arcana")
        services.accept(bob, game.pk, theirs.pk)
        services.surrender(bob, game.pk)
    Deck.objects.filter(owner=alice, game="arcana", name="deck 8").delete()  # a free slot
    coins = WINS * 50
    starter = shop.offers()[1]

    log_in(page, "alice")
    page.goto("/arcana/store/")
    expect(page.locator("#arcana-coins")).to_have_text(f"{coins} coins")
    expect(page.locator("#booster-odds")).to_contain_text("Mythic rare (golden text): 3.0%")
    page.locator('li[data-item="booster"] button').dblclick()
    expect(page.locator("#purchase-cards tbody tr").first).to_be_visible()
    expect(page.locator("#draw-check")).to_have_attribute("data-same", "yes")
    assert Purchase.objects.filter(buyer=alice).count() == 1
    booster = Purchase.objects.get(buyer=alice)
    coins -= shop.BOOSTER_PRICE
    expect(page.locator("#arcana-coins")).to_have_text(f"{coins} coins")
    for card in booster.cards:
        expect(page.locator("#purchase-cards")).to_contain_text(CARDS[card].name)

    page.click("#arcana-nav >> text=Card binder")
    expect(page.locator("#binder-cards tbody tr")).to_have_count(len(set(booster.cards)))
    for card, count in Counter(booster.cards).items():
        row = page.locator(f'#binder-cards tr[data-card="{card}"]')
        expect(row.locator(".count")).to_have_text(str(count))
        expect(row).to_contain_text(CARDS[card].text)

    page.goto("/arcana/store/")
    page.locator(f'li[data-item="{starter.item}"] button').click()
    expect(page.locator("#purchase-summary")).to_contain_text(f"{len(starter.cards)} cards")
    page.goto("/decks/?game=arcana")
    page.fill("#id_new_name", "My cards")
    page.select_option("#id_new_starter", starter.item.split(":", 1)[1])
    page.click("#new-deck button[type=submit]")
    page.select_option("#id_deck_format", "collection")
    page.click("#arcana-format button[type=submit]")
    expect(page.locator("#deck-count")).to_contain_text("format Collection")
    expect(page.locator("#deck-count")).to_contain_text("ready to play")
    deck = Deck.objects.get(owner=alice, name="My cards")
    assert deck.format == "collection" and deck.ready

    page.goto("/games/")   # issue 34: the Collection deck, played against the computer
    page.select_option("#system-select", "arcana")
    page.click("#system-choice button[type=submit]")
    page.select_option("#computer-deck", label="My cards")
    page.select_option("#computer-level", "normal")
    with mock.patch.object(lobby, "new_seed", return_value=SEED):
        page.click("#computer-form button[type=submit]")
        expect(board(page)).to_be_visible()
    play_the_computer(page)
    seat = Seat.objects.get(user=alice, game__ruleset="arcana", game__ai_level="normal")
    assert seat.deck_name == "My cards" and seat.deck_doc is not None
    assert seat.game.status == "finished"
    assert seat.deck_doc["entries"] == deck.document()["entries"]   # the owned cards

    # issue 34, "Done when": the same Collection deck against a person, live to the end
    them = new_page()
    log_in(them, "bob")
    page.goto("/games/?game=arcana")
    page.select_option("#host-deck", label="My cards")
    page.click("#host-form button[type=submit]")
    expect(page.locator(".hosted.mine")).to_contain_text("Arcana")
    with mock.patch.object(lobby, "new_seed", return_value=PERSON_SEED):
        them.goto("/games/?game=arcana")
        them.locator(".hosted.free button.join").click()
        expect(board(them)).to_be_visible()
    page.goto(them.url)
    for each in (page, them):
        expect(each.locator(".game-live")).to_have_attribute("data-live", "open")
    play_live(page, them)
    verdicts = sorted(each.locator(".outcome").inner_text()[:8] for each in (page, them))
    assert verdicts == ["You lost", "You won:"], verdicts
    found = re.search(r"/games/(\d+)/", them.url)
    assert found is not None
    duel = Game.objects.get(pk=int(found.group(1)))
    assert duel.status == "finished" and duel.seats.get(number=1).user == bob
    mine = duel.seats.get(user=alice)
    assert mine.deck_name == "My cards"
    assert mine.deck_doc["entries"] == deck.document()["entries"]   # the owned cards
