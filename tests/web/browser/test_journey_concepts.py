"""Journey: a player creates a card concept with an effect, sees it in words, another player
gets the bulb, and a moderator marks it Interesting with feedback (manual: "Concepts")."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .helpers import log_in, player


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
    player("alice")
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
