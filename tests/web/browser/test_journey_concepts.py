"""Journey: a player creates a card concept with an effect, sees it in words, tries it in a
friendly game against the computer, another player gets the bulb, and a moderator marks it
Interesting with feedback (manual: "Concepts")."""

from __future__ import annotations

from typing import Any
from unittest import mock

from playwright.sync_api import expect

from marcomage.games import find_ruleset
from marcomage.web.concepts.models import Concept
from marcomage.web.decks.services import deck_document, ready_decks
from marcomage.web.games import computer, lobby
from marcomage.web.games.models import Game as GameRow
from marcomage.web.rulesets.marcomage.concept_cards import with_guest

from .helpers import log_in, player

RULESET = find_ruleset("marcomage")


def seed_with_the_concept_in_hand(user: Any, concept: Concept) -> tuple[int, int]:
    """A game seed where the author moves first with the concept in his starting hand, and
    the card it stands in for."""
    mine = with_guest(deck_document(ready_decks(user)[0]), concept)
    carrier = int(mine["extra"]["guests"][0]["id"])
    options = RULESET.options_from_json({"friendly": True})
    for seed in range(1, 2000):
        state = RULESET.new_game(options, [mine, computer.computer_deck("marcomage", seed)],
                                 seed)
        if state.current == 0 and carrier in state.players[0].hand:
            return seed, carrier
    raise AssertionError("no seed deals the concept")


def create_concept(page: Any) -> None:
    """Fill the card template's form as a player would."""
    page.goto("/concepts/")
    page.click("#new-concept")
    page.fill("#id_name", "Siege tower")
    page.select_option("#id_rarity", "uncommon")
    page.fill("#id_bricks", "6")
    page.check("input[name=keyword][value=Charge]")
    page.fill("input[name=param_Charge]", "3")
    page.fill("#id_effect", "Attack 4. If enemy wall is 0, enemy tower -3.")
    page.fill("#id_code", "attack 4\nif enemy.wall == 0: enemy.tower -= 3")
    page.click("#concept-form button[type=submit]")


def test_concept_with_an_effect_bulb_and_moderator_state(new_page: Any) -> None:
    alice_user = player("alice")
    player("bob")
    moderator = player("moddy")
    moderator.is_staff = True
    moderator.save()

    bob = new_page()
    log_in(bob, "bob")
    bob.goto("/players/")
    expect(bob.locator(".nav-icons-socket")).to_have_attribute("data-live", "open")

    alice = new_page()
    log_in(alice, "alice")
    alice.goto("/concepts/new/")
    alice.fill("#id_name", "Broken")
    alice.fill("#id_effect", "Nothing")
    alice.fill("#id_code", "me.round += 1\nnext turn attack 2")
    alice.click("#concept-form button[type=submit]")
    problems = alice.locator("#concept-problems li")
    expect(problems).to_have_count(2)
    expect(problems.nth(1)).to_contain_text("Continuous effects")

    create_concept(alice)
    expect(alice.locator("h1.concept-title")).to_have_text("Siege tower")
    expect(alice.locator("#concept-state")).to_have_text("Waiting")
    words = alice.locator("#effect-words li")
    expect(words.nth(0)).to_have_text("Attack for 4 (wall first, then tower).")
    expect(words.nth(1)).to_have_text("If the enemy's wall equals 0: the enemy's tower −3.")
    expect(alice.locator(".concept-card .card-keywords")).to_have_text("Charge (3).")
    alice.click("#concept-thread")
    expect(alice.locator(".thread-concept a")).to_have_text("Siege tower")

    # alice tries her concept against the computer
    concept = Concept.objects.get()
    seed, carrier = seed_with_the_concept_in_hand(alice_user, concept)
    alice.goto(f"/concepts/{concept.pk}/")
    alice.select_option("#id_level", "easy")
    with mock.patch.object(lobby, "new_seed", return_value=seed):
        alice.click("#try-concept")
        expect(alice.locator("#game-board")).to_be_visible()
    expect(alice.locator(".side-them .side-name")).to_contain_text("Computer (easy)")
    guest = alice.locator(".hand-mine .slot", has=alice.locator(".guest-card"))
    expect(guest.locator(".card-name")).to_have_text("Siege tower")
    before_version = alice.locator("#game-board").get_attribute("data-version")
    guest.locator(".btn-play").click()
    board = alice.locator("#game-board")
    expect(board).not_to_have_attribute("data-version", str(before_version))
    expect(board).not_to_have_attribute("data-version", str(int(before_version or 0) + 1))
    expect(alice.locator(".turn-mine")).to_be_visible()  # the computer has answered
    computer.wait()
    game = GameRow.objects.get()
    first = game.steps.order_by("id")[0]
    assert first.seat == 0 and first.action["type"] == "play"
    decks = [seat.deck_doc for seat in game.seats.order_by("number")]
    state = RULESET.new_game(RULESET.options_from_json(game.options), decks, game.seed)
    before = state.clone()
    after, _ = RULESET.apply(state, 0, first.action)
    assert before.players[0].hand[int(first.action["pos"]) - 1] == carrier
    assert after.players[1].wall == before.players[1].wall - 4  # attack 4, wall first

    bulb = bob.locator(".nav-icon-concepts")  # live, without a reload
    expect(bulb).to_be_visible()
    expect(bulb).to_have_attribute("href", "/concepts/")
    bob.goto("/concepts/")  # the bulb is animated: follow its link
    expect(bob.locator(".concept-row .concept-new")).to_have_count(1)
    expect(bob.locator(".nav-icon-concepts")).to_have_count(0)
    bob.click(".concept-name")
    expect(bob.locator("#edit-concept")).to_have_count(0)
    expect(bob.locator("#state-form")).to_have_count(0)

    mod = new_page()
    log_in(mod, "moddy")
    mod.goto("/concepts/?state=waiting&keyword=Charge")
    mod.click(".concept-name")
    mod.select_option("#id_state", "interesting")
    mod.fill("#id_feedback", "Good siege card; needs testing.")
    mod.click("#state-form button[type=submit]")
    expect(mod.locator("#concept-state")).to_have_text("Interesting")

    alice.goto("/concepts/?state=interesting")
    alice.click(".concept-name")
    expect(alice.locator("#concept-state")).to_have_text("Interesting")
    expect(alice.locator("#concept-feedback")).to_contain_text("Good siege card; needs testing.")
