"""Journeys of The Far Wilds (issue 20): two players battle live in two browsers, from the
mulligan to a glory victory, and watch the replay; a player battles the computer.

The battles are short: the host sets "Glory to win" to 2 (one round of holding the most Flux
Wells) and a low round limit. Seed 1 deals alice an Old Oak Watch after her mulligan, and
she acts first in round 1.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from unittest import mock

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import computer, lobby

from .helpers import log_in, player

SEED = 1
WATCH_SPACE = 22  # (-3, 1), next to alice's Flux Well at (-3, 0)


def board(page: Any) -> Any:
    return page.locator("#game-board")


def off_loop(function: Any, *args: Any) -> Any:
    """Call `function` in a worker thread: Playwright's loop runs in this one, and a game
    service's live broadcast (async_to_sync) refuses to run beside it."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(function, *args).result()


def at_version(pages: list[Any], version: int) -> None:
    for page in pages:
        expect(board(page)).to_have_attribute("data-version", str(version))


def test_two_players_battle_from_the_mulligan_to_a_glory_victory_live(new_page: Any) -> None:
    for name in ("alice", "bob"):
        give_starter_decks(player(name), "far_wilds")
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")

    alice.goto("/games/")
    alice.select_option("#system-select", "far_wilds")
    alice.click("#system-choice button[type=submit]")
    alice.select_option("#host-form select[name=format]", "limited")
    alice.fill("#host-form input[name=glory_to_win]", "2")
    alice.fill("#host-form input[name=round_limit]", "3")
    alice.click("#host-form button[type=submit]")
    expect(alice.locator(".hosted.mine")).to_be_visible()

    bob.goto("/games/?game=far_wilds")
    with mock.patch.object(lobby, "new_seed", return_value=SEED):
        bob.locator(".hosted.free button.join").click()
        expect(board(bob)).to_be_visible()
    alice.goto(bob.url)
    for page in (alice, bob):
        expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
        expect(page.locator(".fw-map polygon.hex")).to_have_count(37)
        expect(page.locator(".fw-prompt")).to_contain_text("sealed")
    at_version([alice, bob], 1)

    # The mulligan phase: alice's choice stays sealed on bob's screen until he chooses.
    alice.click(".fw-mulligan")
    at_version([alice, bob], 2)
    expect(alice.locator(".fw-sealed")).to_contain_text("You chose to mulligan")
    expect(bob.locator(".fw-status-theirs .fw-choice")).to_have_text("has chosen")
    expect(bob.locator(".fw-sealed")).to_have_count(0)
    bob.click(".fw-keep")
    at_version([alice, bob], 3)
    expect(alice.locator(".fw-card")).to_have_count(6)  # one card fewer
    expect(bob.locator(".fw-log")).to_contain_text("alice mulligans to 6 cards.")
    alice.click(".fw-keep")
    at_version([alice, bob], 4)

    # Round 1: flux, glory and the hand's castable marks; alice picks a card and a target.
    expect(alice.locator(".fw-round")).to_have_text("Round 1 of 3")
    expect(alice.locator(".fw-status-mine .fw-flux")).to_have_text("2")
    expect(alice.locator(".turn-mine")).to_have_text("It is your turn")
    expect(bob.locator(".fw-card.not-castable .fw-reason").first).to_have_text(
        "It is not your turn.")
    watch = alice.locator('.fw-card[data-card="old_oak_watch"]')
    expect(watch).to_have_class(re.compile(r"\bcastable\b"))
    watch.locator(".fw-pick").click()
    targets = alice.locator(".fw-space.target")
    expect(targets.first).to_be_visible()
    assert targets.count() > 1
    alice.locator(f'.fw-space.target[data-space="{WATCH_SPACE}"] polygon').click()
    at_version([alice, bob], 5)
    expect(alice.locator(f'.fw-space[data-space="{WATCH_SPACE}"] .figure')).to_have_count(1)
    expect(alice.locator(".fw-status-mine .fw-wells")).to_have_text("2")  # its own and the centre
    expect(bob.locator(".fw-log")).to_contain_text("alice casts Old Oak Watch")
    expect(bob.locator(".turn-mine")).to_have_text("It is your turn")

    bob.click(".fw-pass")
    at_version([alice, bob], 6)
    alice.click(".fw-pass")
    at_version([alice, bob], 7)
    for page in (alice, bob):
        expect(board(page)).to_have_attribute("data-finished", "yes")
    expect(alice.locator(".outcome")).to_have_text("You won: Glory victory")
    expect(bob.locator(".outcome")).to_have_text("You lost: Glory victory")
    expect(alice.locator(".fw-status-mine .fw-glory")).to_have_text("2 / 2")  # glory_to_win 2
    expect(bob.locator(".fw-log")).to_contain_text(
        "alice holds 2 Flux Wells and gains 2 glory.")

    alice.click("#replay-link")
    expect(alice.locator("#replay-board .fw-map")).to_be_visible()
    expect(alice.locator("body")).to_contain_text("casts Old Oak Watch at (-3,1)")


def test_a_player_battles_the_computer_to_the_end(page: Any) -> None:
    give_starter_decks(player("alice"), "far_wilds")
    log_in(page, "alice")
    page.goto("/games/?game=far_wilds")
    page.select_option("#computer-level", "easy")
    page.select_option("#computer-form select[name=format]", "limited")
    page.fill("#computer-form input[name=round_limit]", "2")
    with mock.patch.object(lobby, "new_seed", return_value=SEED):
        page.click("#computer-form button[type=submit]")
        expect(board(page)).to_be_visible()
    expect(page.locator(".fw-map polygon.hex")).to_have_count(37)
    # Click once the live socket has sent its first board: it replaces the page's own when
    # the computer has moved meanwhile, and a click on the replaced board would be lost.
    expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
    page.wait_for_function("() => (window.marcomageSwaps || 0) >= 1")
    page.click(".fw-keep")
    for _ in range(40):
        # One read of the live board: finished, or alice's turn (two reads could straddle
        # the last board, which ends the battle and has no turn to show).
        page.wait_for_function(
            "() => { const b = document.getElementById('game-board');"
            " return b && (b.dataset.finished === 'yes'"
            " || b.querySelector('.turn-mine') !== null); }")
        if board(page).get_attribute("data-finished") == "yes":
            break
        before = int(board(page).get_attribute("data-version") or 0)
        try:
            expect(page.locator(".fw-pass:enabled")).to_be_visible(timeout=3000)
        except AssertionError:  # a live update left the buttons disabled: Refresh, as a player
            page.reload()
            expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
            continue
        try:
            page.locator(".fw-pass:enabled").click(timeout=5000)
        except PlaywrightTimeout:  # the board was replaced between the look and the click
            page.reload()
            expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
            continue
        # The computer answers by itself; the board comes back when it is alice's turn.
        page.wait_for_function(
            "(before) => { const b = document.getElementById('game-board');"
            " return b && parseInt(b.dataset.version, 10) > before &&"
            " (b.dataset.finished === 'yes' || b.querySelector('.turn-mine') !== null); }",
            arg=before)
    computer.wait()
    expect(board(page)).to_have_attribute("data-finished", "yes")
    expect(page.locator(".outcome")).to_contain_text(re.compile(r"You (won|lost)|Draw"))
    expect(page.locator(".fw-log")).to_contain_text("The battle ends")


def test_issue_32_a_creature_moves_then_fights_on_the_map(new_page: Any) -> None:
    """Issue 32 in Chromium at 390 px: alice taps her Ashen Titan, its moves (yellow) and its
    target (red) light up; she moves it, and next round taps it again and attacks bob's
    Briar Whelp, confirming the attack first; the log tells the blow, the battle back and
    the death with card names."""
    from marcomage.games import find_ruleset
    from marcomage.games.far_wilds.state import Figure
    from marcomage.web.games import services
    from marcomage.web.games.models import Game

    from ..games.helpers import deck_of

    ruleset = find_ruleset("far_wilds")
    alice_user, bob_user = player("alice"), player("bob")
    for user in (alice_user, bob_user):
        give_starter_decks(user, "far_wilds")
    game = services.challenge(alice_user, bob_user, deck_of(alice_user, "far_wilds"),
                              ruleset="far_wilds", format="limited", options={})
    game = services.accept(bob_user, game.pk, deck_of(bob_user, "far_wilds"))
    for user in (alice_user, bob_user):
        game.refresh_from_db()
        services.act(user, game.pk, game.version, {"type": "keep"})
    game.refresh_from_db()
    state = services.game_state(game)
    seats = {u.pk: n for n, u in enumerate(game.players())}
    me = seats[alice_user.pk]
    coords = [tuple(c[:2]) for c in ruleset.view(state, me)["map"]["spaces"]]
    titan, step, whelp = coords.index((-1, 1)), coords.index((0, 0)), coords.index((0, -1))
    state.figures[titan] = Figure(me, "ashen_titan", "creature", dimmed=False)
    state.figures[whelp] = Figure(1 - me, "briar_whelp", "creature", dimmed=False)
    state.turn = me
    Game.objects.filter(pk=game.pk).update(state=ruleset.to_json(state))

    alice = new_page()
    alice.set_viewport_size({"width": 390, "height": 900})
    log_in(alice, "alice")
    alice.goto(f"/games/{game.pk}/")
    expect(alice.locator(".game-live")).to_have_attribute("data-live", "open")
    piece = alice.locator(f'.fw-space[data-space="{titan}"] .figure.can-act')
    expect(piece).to_contain_text("4/6")
    piece.locator("circle").click()
    expect(alice.locator(f'.fw-space.target[data-space="{step}"]')).to_have_count(1)
    expect(alice.locator(".fw-space.attack-target")).to_have_count(0)  # not adjacent yet
    before = int(board(alice).get_attribute("data-version") or 0)
    alice.locator(f'.fw-space.target[data-space="{step}"] polygon').click()
    at_version([alice], before + 1)
    expect(alice.locator(".fw-log")).to_contain_text(
        "alice moves Ashen Titan from (-1,1) to (0,0).")

    game.refresh_from_db()
    state = services.game_state(game)
    number = state.round
    while state.round == number:  # both pass: the round ends and everything undims
        state, _ = ruleset.apply(state, state.turn, {"type": "pass"})
    state.turn = me
    Game.objects.filter(pk=game.pk).update(state=ruleset.to_json(state))
    alice.reload()
    expect(alice.locator(".game-live")).to_have_attribute("data-live", "open")
    alice.locator(f'.fw-space[data-space="{step}"] .figure.can-act circle').click()
    target = alice.locator(f'.fw-space.attack-target[data-space="{whelp}"]')
    expect(target).to_have_count(1)
    before = int(board(alice).get_attribute("data-version") or 0)
    target.locator(".figure circle").click()  # the enemy figure on the lit space
    ask = alice.locator(".fw-confirm")  # an attack cannot be taken back: it asks first
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("Attack Briar Whelp at (0,-1) with Ashen Titan?")
    assert int(board(alice).get_attribute("data-version") or 0) == before
    ask.locator(".fw-confirm-yes").click()
    at_version([alice], before + 1)
    log = alice.locator(".fw-log")
    expect(log).to_contain_text("alice attacks Briar Whelp at (0,-1) with Ashen Titan from "
                                "(0,0): 4 damage; Briar Whelp battles back: 1 damage to "
                                "Ashen Titan.")
    expect(log).to_contain_text("bob loses Briar Whelp at (0,-1): killed by Ashen Titan, "
                                "leaving a corpse.")
    width = alice.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the board is {width} px wide at 390"


def test_issue_32_two_people_fight_a_whole_battle_to_glory_and_step_through_its_replay(
        new_page: Any) -> None:
    """Issue 32, done when: alice (Stormblood Raiders) and bob (Ashstone Warband) fight a
    whole battle in two browsers, creatures moving and fighting, to a glory victory well
    before the round cap, and watch it in the replay. Every action is the greedy battle plan's
    choice (tactics.py) for the seat to act, so the battle is short and seeded; each side's
    first move and first attack are given on the map in that side's browser (tap the figure,
    tap the lit space, confirm the attack), the rest through the game service, which both
    browsers follow live."""
    from marcomage.games import find_ruleset
    from marcomage.games.far_wilds.tactics import greedy
    from marcomage.web.games import services
    from marcomage.web.games.models import Game

    ruleset = find_ruleset("far_wilds")
    users = {name: player(name) for name in ("alice", "bob")}
    armies = {"alice": "Stormblood Raiders", "bob": "Ashstone Warband"}
    names = [d["name"] for d in ruleset.starter_decks()]
    decks = {name: give_starter_decks(user, "far_wilds")[names.index(armies[name])].pk
             for name, user in users.items()}
    with mock.patch.object(lobby, "new_seed", return_value=3):
        game = services.challenge(users["alice"], users["bob"], decks["alice"],
                                  ruleset="far_wilds", options={"glory_to_win": 4})
        game = services.accept(users["bob"], game.pk, decks["bob"])
    pages = {name: new_page() for name in users}
    for name, page in pages.items():
        log_in(page, name)
        page.goto(f"/games/{game.pk}/")
        expect(page.locator(".game-live")).to_have_attribute("data-live", "open")
    for name in users:
        game.refresh_from_db()
        off_loop(services.act, users[name], game.pk, game.version, {"type": "keep"})
    seat_of = {n: u.pk for n, u in enumerate(Game.objects.get(pk=game.pk).players())}
    name_of = {seat: next(n for n, u in users.items() if u.pk == pk)
               for seat, pk in seat_of.items()}
    clicked: dict[str, set[int]] = {"move": set(), "attack": set()}
    for _ in range(200):
        game.refresh_from_db()
        state = services.game_state(game)
        if ruleset.outcome(state) is not None:
            break
        seat = min(ruleset.to_act(state))
        action = greedy(state, seat, ruleset.legal_actions(state, seat))
        kind = action["type"]
        if kind in clicked and seat not in clicked[kind]:
            clicked[kind].add(seat)
            page = pages[name_of[seat]]
            at_version(list(pages.values()), game.version)
            page.locator(f'.fw-space[data-space="{action["from"]}"] .figure.can-act').click()
            lit = page.locator(f'.fw-space.target[data-space="{action["to"]}"]')
            if kind == "attack":
                lit.locator(".figure").click()
                ask = page.locator(".fw-confirm")
                expect(ask).to_contain_text("An attack cannot be taken back")
                ask.locator(".fw-confirm-yes").click()
            else:
                lit.locator("polygon").click()
            at_version(list(pages.values()), game.version + 1)
        else:
            off_loop(services.act, users[name_of[seat]], game.pk, game.version, action)
    else:
        raise AssertionError("the battle did not end")
    assert clicked["move"] and clicked["attack"], clicked
    outcome = ruleset.outcome(state)
    assert outcome is not None and outcome.end_type == "glory" and outcome.winners
    assert outcome.final_round < 30
    at_version(list(pages.values()), game.version)
    winner = pages[name_of[outcome.winners[0]]]
    expect(winner.locator(".outcome")).to_have_text("You won: Glory victory")
    log = winner.locator(".fw-log")
    expect(log).to_contain_text(re.compile(r"(attacks|shoots) .+ damage"))
    expect(log).to_contain_text("The battle ends by glory.")

    winner.click("#replay-link")
    expect(winner).to_have_url(re.compile(r"/replays/\d+/$"))
    winner.wait_for_load_state("load")
    expect(winner.locator("#replay-board .fw-map")).to_be_visible()
    winner.keyboard.press("ArrowRight")
    expect(winner.locator("#replay-position")).to_have_attribute("data-step", "1")
    winner.click("#replay-last")
    total = winner.locator("#replay-position").get_attribute("data-total")
    expect(winner.locator("#replay-position")).to_have_attribute("data-step", str(total))
    expect(winner.locator("#replay-board")).to_contain_text("The battle ends by glory.")
