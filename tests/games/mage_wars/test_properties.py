"""Properties over random games of 2 to 4 seats: cards are conserved, zones stay within their
limits, and the conformance suite holds with more than two seats (PL-SHARED-6)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.mage_wars import tabletop
from marcomage.games.mage_wars.cards import CARDS
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


def test_PL_SHARED_6_conformance_with_three_and_four_seats() -> None:
    for seats in (3, 4):
        for seed in (4, 5):
            decks = conformance.playout_decks(RULES, seed, seats)
            playout = conformance.play(RULES, seed, None, decks)
            conformance.check_refusals(RULES, playout, every=3)
            conformance.check_json_round_trip(RULES, playout)
            conformance.check_views_hide(RULES, playout, seed)
            conformance.check_replay(RULES, playout)
            conformance.check_determinism(RULES, playout)


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
