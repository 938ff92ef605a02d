"""Properties over random games of 2 to 4 seats: cards are conserved, zones stay within their
limits, and the conformance suite holds with more than two seats (PL-SHARED-6)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.mage_wars import tabletop
from marcomage.games.mage_wars.cards import CARDS
from marcomage.games.mage_wars.state import GameState
from marcomage.platform import conformance
from marcomage.platform.rng import Rng

from .tables import RULES, count_cards, game


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 2**32),
       mode=st.sampled_from(["one_per_card", "all_icons"]),
       loss=st.sampled_from(["owner", "random"]))
def test_invariants_hold_through_random_games(seats: int, seed: int, mode: str,
                                              loss: str) -> None:
    state = game(seats, seed, resource_mode=mode, health_loss_choice=loss)
    rng = Rng.from_seed(seed, stream=9)
    for _ in range(3000):
        if RULES.outcome(state) is not None:
            break
        assert count_cards(state) == len(CARDS)
        for seat, player in enumerate(state.players):
            if player.left:
                assert not player.alive and not player.hand and not player.health
                continue
            mage = CARDS[state.cards[player.mage]]
            assert 0 <= len(player.health) <= mage.health
            assert player.alive == (len(player.health) > 0) or player.alive is False
            assert len(player.armor) <= mage.armor_max
            assert len(player.items) <= tabletop.stat(state, seat, "items")
            if not player.alive:
                assert not player.pets and not player.items and not player.manifests
        (seat,) = RULES.to_act(state)
        legal = RULES.legal_actions(state, seat)
        state, _ = RULES.apply(state, seat, legal[rng.below(len(legal))])
    assert RULES.outcome(state) is not None


def phase(state: GameState) -> tuple[str, str]:
    """Where a state stands: the turn's stage and the kind of decision pending."""
    return state.stage, state.decisions[0]["kind"] if state.decisions else ""


def phases_and_every(playout: conformance.Playout, every: int) -> conformance.Playout:
    """The playout's states that the costly checks look at: the first state of each phase,
    and every `every`-th besides (the long games of 3 and 4 seats repeat their turns)."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for index, state in enumerate(playout.states):
        if index % every == 0 or phase(state) not in seen:
            kept.append(state)
        seen.add(phase(state))
    return conformance.Playout(kept, playout.moves, playout.replay)


def test_PL_SHARED_6_conformance_with_three_and_four_seats() -> None:
    """Every check of the suite on one seeded playout per seat count, which between them
    reach all fourteen phases (dead turns, resurrection, curses, health loss, crafting,
    meddling, targets, the hand limit); the costly two (each state's refusals and redrawn
    views) look at the first state of every phase and every sixth state."""
    phases: set[tuple[str, str]] = set()
    for seats, seed in ((3, 15), (4, 2)):  # ruleset 11 playouts
        decks = conformance.playout_decks(RULES, seed, seats)
        playout = conformance.play(RULES, seed, None, decks)
        phases |= {phase(state) for state in playout.states}
        some = phases_and_every(playout, 6)
        conformance.check_refusals(RULES, some)
        conformance.check_json_round_trip(RULES, playout)
        conformance.check_views_hide(RULES, some, seed)
        conformance.check_replay(RULES, playout)
        conformance.check_determinism(RULES, playout)
    assert len(phases) == 14, sorted(phases)


def test_PL_SHARED_6_conformance_with_the_other_options() -> None:
    options = RULES.options_from_json({"mage_selection": "choose", "resource_mode": "all_icons",
                                       "health_loss_choice": "random"})
    conformance.check_all(RULES, (7, 8), options)


def test_PL_VIEW_others_hands_health_and_charges_are_counts_only() -> None:
    state = game(3, 2)
    view = RULES.view(state, 0)
    assert view["players"][1]["hand"] is None and view["players"][1]["health"] is None
    assert view["players"][0]["hand"] == state.players[0].hand
    assert "rng" not in view and all(type(n) is int for n in view["decks"].values())
    hidden = {i for p in state.players[1:] for i in (*p.hand, *p.health)}
    assert not hidden & {int(k) for k in view["cards"]}


def test_search_bot_plays_legal_moves_in_every_phase_with_all_options() -> None:
    """The search bot answers from its view alone, mage choice included (PL-SHARED-5)."""
    from marcomage.games.mage_wars.bots import SearchBot
    from marcomage.platform.bots import RandomBot, play_game

    options = RULES.options_from_json({"mage_selection": "choose", "resource_mode": "all_icons"})
    record = play_game(RULES, options, RULES.starter_decks() * 3, 3,
                       [SearchBot(1, iterations=4), RandomBot(2), RandomBot(3)])
    assert RULES.outcome(record.state) is not None
    assert any(step.seat == 0 for step in record.replay().steps)
