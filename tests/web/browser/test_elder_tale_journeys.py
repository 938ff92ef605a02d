"""Journeys of Elder Tale (issue 18) in real Chromium.

1. alice designs a custom card: the DP and CoPo breakdowns and the findings change as she
   edits the form (htmx, no reload); she saves it, puts two copies into her first character
   deck (the violations follow the lines as she types), and challenges bob, who accepts with
   the other prebuilt character. They play the whole duel in two browser contexts, each move
   appearing live on the other side, then bob watches the replay.
2. alice duels the computer to the end.
3. Issue 35's "Done when": a card published, approved, learned, and won with in a 2-versus-2.
"""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

from playwright.sync_api import expect

from marcomage.web.games import lobby
from marcomage.web.games.models import Game
from marcomage.web.rulesets.elder_tale.models import CustomCard

from .helpers import assert_accessible, log_in, player

SEED = 11
LEARNED_SEED = 5
MAX_MOVES = 600


def board(page: Any) -> Any:
    return page.locator("#game-board")


def version(page: Any) -> int:
    return int(board(page).get_attribute("data-version"))


def wait_live(page: Any) -> None:
    expect(page.locator(".game-live")).to_have_attribute("data-live", "open")


def move(page: Any) -> bool:
    """Play the first Attack card that may be played, else confirm the defense or end the
    turn: an all-out attack without guards ends the duel in far fewer moves than playing
    every card (the journeys check the live board, the outcome and the replay, not tactics)."""
    # One locator for both, resolved when the click happens: a live update may replace the
    # board (and its buttons) between looking and clicking.
    choice = page.locator(
        "#game-board .et-hand-attack .btn-action:enabled, #game-board .btn-finish:enabled")
    if not unstuck(page, choice):
        return False
    choice.first.click()
    return True


def unstuck(page: Any, choice: Any) -> bool:
    """Wait for an enabled choice; a board whose buttons a live update left disabled (a known
    htmx race, see the lead's note) is refreshed the way a player would (Refresh, Alt+W)."""
    try:
        expect(choice.first).to_be_visible(timeout=3000)
        return True
    except AssertionError:
        page.reload()
        expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
        return False


def design_a_card(alice: Any) -> str:
    alice.goto("/elder-tale/")
    alice.click("#open-designer")
    expect(alice.locator("#dp-total")).to_have_text("9")
    expect(alice.locator("#dp-text")).to_contain_text(
        "Gain Defense(2) as +2 DP --> 8 DP --> +1 for First Defensive --> 9 DP")
    alice.evaluate("window.etReloaded = false")
    alice.fill("#id_value", "6")
    expect(alice.locator("#dp-total")).to_have_text("15")
    expect(alice.locator('#design-errors li[data-code="DP_OVER_BUDGET"]')).to_be_visible()
    alice.fill("#id_grants", "Physical, Melee, Slashing, Firex2")
    expect(alice.locator("#copo-total")).to_have_text("2")
    alice.fill("#id_value", "3")
    alice.fill("#id_name", "Cinder Edge")
    expect(alice.locator("#dp-total")).to_have_text("9")
    expect(alice.locator("#design-errors")).to_have_text("None.")
    assert alice.evaluate("window.etReloaded") is False  # every change came without a reload
    alice.click("#save-card")
    card = CustomCard.objects.get(owner__username="alice")
    expect(alice.locator(f'#my-cards tr[data-card="{card.card_id}"]')).to_contain_text(
        "Cinder Edge")
    return card.card_id


def put_in_deck(alice: Any, card_id: str) -> None:
    alice.goto("/decks/?game=elder_tale")
    alice.locator("a", has_text="deck 1").first.click()
    expect(alice.locator("#deck-ready")).to_be_visible()
    lines = alice.locator("#id_entries").input_value()
    alice.fill("#id_entries", "ember_cut 1\n")
    expect(alice.locator('#deck-violations li[data-code="DECK_TOO_SMALL"]').first).to_be_visible()
    alice.fill("#id_entries", lines + f"{card_id} 2\n")
    expect(alice.locator("#deck-ready")).to_be_visible()
    alice.click("#entries-form button[type=submit]")
    expect(alice.locator("#deck-count")).to_contain_text("32 cards")


def test_design_a_card_then_duel_with_it_live_and_watch_the_replay(new_page: Any) -> None:
    player("alice")
    player("bob")
    alice, bob = new_page(), new_page()
    for page in (alice, bob):  # confirming a defense that leaves no EN asks first
        page.on("dialog", lambda dialog: dialog.accept())
    log_in(alice, "alice")
    log_in(bob, "bob")
    card_id = design_a_card(alice)
    put_in_deck(alice, card_id)
    bob.goto("/elder-tale/")  # bob gets his two characters

    alice.goto("/players/bob/")
    alice.click("a.challenge-button")
    alice.select_option("#system-select", "elder_tale")
    alice.click("#system-choice button[type=submit]")
    alice.select_option("#challenge-deck", label="deck 1")
    with mock.patch.object(lobby, "new_seed", return_value=SEED):
        alice.click("#challenge-form button[type=submit]")
        expect(alice.locator(".challenge.outgoing")).to_contain_text("bob")
        bob.goto("/games/")
        challenge = bob.locator(".challenge.incoming")
        challenge.locator("select[name=deck]").select_option(label="deck 2")
        challenge.locator("button.accept").click()
    expect(board(bob)).to_be_visible()
    alice.goto(bob.url)
    for page in (alice, bob):
        wait_live(page)
        expect(page.locator(".et-side")).to_have_count(2)
    expect(alice.locator(".et-side").first.locator(".et-max-hp")).to_have_text("43")

    moves = 0
    for _ in range(MAX_MOVES):
        if board(alice).get_attribute("data-finished") == "yes":
            break
        alice_turn = "your-turn" in (board(alice).get_attribute("class") or "")
        mover, other = (alice, bob) if alice_turn else (bob, alice)
        before = version(mover)
        expect(board(other)).to_have_attribute("data-version", str(before))
        expect(mover.locator(".et-prompt")).to_be_visible()
        expect(other.locator(".et-prompt")).to_have_count(0)
        if not move(mover):
            continue
        expect(board(other)).to_have_attribute("data-version", str(before + 1))
        expect(board(mover)).to_have_attribute("data-version", str(before + 1))
        moves += 1
    else:
        raise AssertionError("the duel did not end")
    expect(board(bob)).to_have_attribute("data-finished", "yes")
    verdicts = {alice.locator(".outcome").inner_text(), bob.locator(".outcome").inner_text()}
    assert any(v.startswith("You won") for v in verdicts), verdicts
    assert any(v.startswith("You lost") for v in verdicts), verdicts
    expect(alice.locator(".et-exchange").first).to_contain_text("Exchange:")
    expect(alice.locator(".et-hits li").first).to_contain_text("against guard")

    bob.click("#replay-link")
    expect(bob).to_have_url(re.compile(r"/replays/\d+/$"))
    bob.wait_for_load_state("load")
    expect(bob.locator("#replay-position")).to_have_attribute("data-total", str(moves))
    bob.keyboard.press("ArrowRight")
    expect(bob.locator("#replay-position")).to_have_attribute("data-step", "1")
    bob.click("#replay-last")
    expect(bob.locator("#replay-position")).to_have_attribute("data-step", str(moves))
    expect(bob.locator("#replay-board .et-side")).to_have_count(2)
    expect(bob.locator("#replay-board .et-log")).to_contain_text("The duel is over")


def test_duel_the_computer_to_the_end(page: Any) -> None:
    player("alice")
    page.on("dialog", lambda dialog: dialog.accept())  # a defense leaving no EN asks first
    log_in(page, "alice")
    page.goto("/elder-tale/")  # alice gets her two characters
    page.goto("/games/?game=elder_tale")
    page.select_option("#computer-level", "easy")
    with mock.patch.object(lobby, "new_seed", return_value=SEED):
        page.click("#computer-form button[type=submit]")
        expect(board(page)).to_be_visible()
    wait_live(page)
    expect(page.locator(".et-side").nth(1)).to_contain_text("Computer")
    for _ in range(MAX_MOVES):
        if board(page).get_attribute("data-finished") == "yes":
            break
        expect(board(page)).to_have_class(re.compile(r"\byour-turn\b|finished|elder-tale-board"))
        if "your-turn" not in (board(page).get_attribute("class") or ""):
            page.wait_for_timeout(50)  # the computer answers over the WebSocket
            continue
        before = version(page)
        if move(page):
            expect(board(page)).not_to_have_attribute("data-version", str(before))
    else:
        raise AssertionError("the duel with the computer did not end")
    expect(page.locator(".outcome")).to_contain_text(re.compile(r"You (won|lost)|Draw"))


def learned_move(page: Any, card_id: str, played: list[int]) -> None:
    """bob's choice in a 2-versus-2: the learned card first (its aimed target, or its button),
    else any aimed attack, attack card, confirm or end turn. Each play of the learned card is
    noted with the version it was played at."""
    before = board(page).get_attribute("data-version")
    mine = page.locator(
        f'#game-board .et-enemies .et-aim-target[data-card="{card_id}"]:enabled, '
        f'#game-board .et-hand-attack .btn-action[data-card="{card_id}"]:enabled')
    other = page.locator(
        "#game-board .et-enemies .et-aim-target:enabled, "
        "#game-board .et-hand-attack .btn-action:enabled, #game-board .btn-finish:enabled")
    if mine.count():
        if "et-aim-target" in (mine.first.get_attribute("class") or ""):
            played.append(int(before or 0))
        mine.first.click()
    elif unstuck(page, other):
        other.first.click()
    else:
        return
    expect(board(page)).not_to_have_attribute("data-version", str(before))


def test_publish_approve_learn_and_win_a_two_versus_two_with_it(new_page: Any) -> None:
    """Issue 35, "Done when": alice publishes a card she designed, a moderator approves it in
    the review queue, bob finds it in the library (filtered to Attack cards of 1 EN), learns
    it, finds it in his deck editor and puts two copies in his deck; alice's hub says bob
    learned it. bob then plays a 2-versus-2 against the computer, which takes the other
    three seats (one his ally, ET-GROUP-1), aims the learned card at the enemies whenever
    he can, and his team wins (seeded game; the board names the team, ET-GROUP-8)."""
    player("alice")
    player("bob")
    moderator = player("mod")
    moderator.is_staff = True
    moderator.save()
    alice, mod, bob = new_page(), new_page(), new_page()
    log_in(alice, "alice")
    log_in(mod, "mod")
    log_in(bob, "bob")

    alice.goto("/elder-tale/designer/")
    alice.fill("#id_name", "Cinder Edge")
    alice.click("#save-card")
    card = CustomCard.objects.get(owner__username="alice")
    row = alice.locator(f'#my-cards tr[data-card="{card.card_id}"]')
    row.locator(".et-publish button").click()
    expect(alice.locator(f'#my-cards tr[data-card="{card.card_id}"] .et-publication-state')
           ).to_have_text("Waiting for a moderator")

    mod.goto("/elder-tale/")
    mod.click("#open-review")
    queued = mod.locator(f'.et-review-card[data-card="{card.card_id}"]')
    expect(queued).to_contain_text("Cinder Edge")
    assert_accessible(mod, "the review queue")
    queued.locator("textarea[name=reason]").fill("Clear and fair.")
    queued.locator("button.btn-approve").click()
    expect(mod.locator("#review-empty")).to_be_visible()

    bob.goto("/elder-tale/")
    bob.click("#open-library")
    bob.select_option("#filter-kind", "attack")
    bob.select_option("#filter-en", "1")
    bob.click("#library-filters button[type=submit]")
    listed = bob.locator(f'#library-cards tr[data-card="{card.card_id}"]')
    expect(listed).to_contain_text("alice")
    bob.set_viewport_size({"width": 390, "height": 844})
    assert_accessible(bob, "the library at 390 px")
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    listed.locator("button.btn-learn").click()
    expect(bob.locator(".messages")).to_contain_text("You learned Cinder Edge")
    expect(listed.locator(".et-learned-mark")).to_be_visible()

    bob.goto("/decks/?game=elder_tale")
    bob.locator("a", has_text="deck 2").first.click()
    learned = bob.locator("ul.et-learned")
    expect(learned).to_contain_text("Cinder Edge")
    expect(learned).to_contain_text(card.card_id)

    alice.goto("/elder-tale/")
    expect(alice.locator(f'#my-cards tr[data-card="{card.card_id}"] .et-learners')
           ).to_have_text("Learned by bob")

    lines = bob.locator("#id_entries").input_value()
    bob.fill("#id_entries", lines + f"{card.card_id} 2\n")
    expect(bob.locator("#deck-ready")).to_be_visible()
    bob.click("#entries-form button[type=submit]")
    expect(bob.locator("#deck-count")).to_contain_text("32 cards")

    bob.set_viewport_size({"width": 1366, "height": 900})
    bob.on("dialog", lambda dialog: dialog.accept())  # a defense that leaves no EN asks first
    bob.goto("/games/?game=elder_tale")
    form = bob.locator("#computer-form")
    bob.select_option("#computer-deck", label="deck 2")
    form.locator("select[name=teams]").select_option("ABAB")
    bob.select_option("#computer-seats", "4")
    bob.select_option("#computer-level", "easy")
    with mock.patch.object(lobby, "new_seed", return_value=LEARNED_SEED):
        form.locator("button[type=submit]").click()
        expect(board(bob)).to_be_visible()
    wait_live(bob)
    expect(bob.locator(".et-allies")).to_contain_text("Computer (seat 2)")
    played: list[int] = []
    for _ in range(MAX_MOVES):
        if board(bob).get_attribute("data-finished") == "yes":
            break
        if "your-turn" in (board(bob).get_attribute("class") or ""):
            learned_move(bob, card.card_id, played)
        else:
            bob.wait_for_timeout(40)  # the computer answers over the WebSocket
    else:
        raise AssertionError("the 2-versus-2 did not end")
    assert played, "bob never aimed the card he learned"
    expect(bob.locator(".outcome")).to_contain_text("Your team (bob, Computer (seat 2)) won")
    game = Game.objects.get(seats__user__username="bob", seats_count=4)
    assert sorted(game.outcome["winners"]) == [0, 2]
