"""FW-HAND, FW-MULL, FW-CYCLE: shuffles, opening hands, Autodraw with External Cards, round
draws, empty decks, the sealed mulligan phase and cycling."""

from __future__ import annotations

import pytest

from marcomage.games.far_wilds.draw import autodraw_choice, draw_one
from marcomage.games.far_wilds.engine import apply, legal_actions, new_game, to_act
from marcomage.games.far_wilds.ruleset import RULESET, army_cards
from marcomage.games.far_wilds.state import BATTLE, MULLIGAN, Options
from marcomage.platform.protocol import IllegalAction

from .builders import battle

GREEN, ASH = (army_cards(d) for d in RULESET.starter_decks()[:2])


def fresh(seed: int = 3, options: Options | None = None):  # type: ignore[no-untyped-def]
    return new_game(options or Options(), [GREEN, ASH], seed)


def test_FW_HAND_1_and_3_each_player_opens_with_seven_cards_in_hand() -> None:
    state = fresh()
    assert [len(p.hand) for p in state.players] == [7, 7]
    assert RULESET.view(state, 0)["hand"] == state.players[0].hand


def test_FW_HAND_2_the_shuffle_follows_the_seed() -> None:
    assert fresh(3).players[0].deck == fresh(3).players[0].deck
    assert fresh(3).players[0].deck != fresh(4).players[0].deck


def test_FW_DECK_1_the_army_is_copied_into_the_game() -> None:
    decks = RULESET.starter_decks()[:2]
    state = RULESET.new_game(Options(), decks, 1)
    before = RULESET.to_json(state)
    decks[0]["entries"].clear()
    assert RULESET.to_json(state) == before


def test_FW_HAND_7a_basic_buildings_are_set_aside_as_external_cards() -> None:
    state = fresh()
    me = state.players[0]
    zones = me.hand + me.deck + me.external
    assert sorted(zones) == sorted(GREEN)
    assert not any(c in ("mossroot_lodge", "tide_altar") for c in me.deck)
    off = fresh(options=Options(autodraw=False)).players[0]
    assert off.external == [] and len(off.deck) == 33


def test_FW_HAND_7b_without_a_base_the_castable_base_nearest_the_top_is_drawn() -> None:
    state = battle(bases=False, decks=(["far_rider", "wayfarer_fort", "old_oak_watch"], []))
    state.players[0].external = ["tide_altar"]
    # Wayfarer Fort needs summed level 2: not castable, so the External Tide Altar comes.
    assert autodraw_choice(state, 0) == ("external", 0)
    state.players[0].deck.insert(2, "mossroot_lodge")
    assert autodraw_choice(state, 0) == ("deck", 2)


def test_FW_HAND_7c_a_missing_domain_draws_a_card_that_gives_it() -> None:
    state = battle(hands=(["far_rider", "bark_strider"], []),
                   decks=(["far_rider", "well_draught", "old_oak_watch"], []))
    state.players[0].external = ["tide_altar", "mossroot_lodge"]
    assert draw_one(state, 0) == "old_oak_watch"  # Sylvan from the deck first
    assert state.players[0].hand[-1] == "old_oak_watch"
    # Old Oak Watch in hand is castable and gives Sylvan: the next draw is the top card.
    assert draw_one(state, 0) == "far_rider"
    state.players[0].hand.remove("old_oak_watch")
    assert draw_one(state, 0) == "mossroot_lodge"  # deck has none: the External one


def test_FW_HAND_7c_an_unaligned_card_is_served_by_any_domain() -> None:
    state = battle(hands=(["rockslide"], []), decks=(["far_rider", "far_rider"], []))
    state.players[0].external = ["gloomspire"]
    assert draw_one(state, 0) == "gloomspire"


def test_FW_HAND_7d_otherwise_the_top_card_and_without_autodraw_always() -> None:
    state = battle(hands=(["far_rider"], []), decks=(["well_draught", "old_oak_watch"], []))
    assert draw_one(state, 0) == "well_draught"
    off = battle(hands=(["bark_strider"], []), decks=(["well_draught", "old_oak_watch"], []),
                 options=Options(autodraw=False))
    assert draw_one(off, 0) == "well_draught"


def test_FW_HAND_8_drawing_from_an_empty_deck_draws_nothing() -> None:
    state = battle(hands=(["far_rider"], []))
    assert draw_one(state, 0) is None
    assert state.players[0].hand == ["far_rider"]


def _to_battle(state):  # type: ignore[no-untyped-def]
    state, _ = apply(state, 0, {"type": "keep"})
    state, _ = apply(state, 1, {"type": "keep"})
    return state


def test_FW_HAND_4_and_5_one_card_at_round_start_from_round_2_only() -> None:
    state = _to_battle(fresh())
    assert state.phase == BATTLE and state.round == 1
    assert [len(p.hand) for p in state.players] == [7, 7]  # no draw in round 1
    drawn = fresh(options=Options(draw_in_round_1=True))
    drawn.players[0].hand.pop()
    drawn = _to_battle(drawn)
    assert len(drawn.players[0].hand) == 7 and len(drawn.players[1].hand) == 7


def test_FW_HAND_4_a_round_draws_exactly_one_card_not_a_refill() -> None:
    state = battle(hands=(["far_rider"], []), decks=(["well_draught"] * 5, ["well_draught"] * 5))
    state, _ = apply(state, 0, {"type": "pass"})
    state, _ = apply(state, 1, {"type": "pass"})
    assert state.round == 2
    assert [len(p.hand) for p in state.players] == [2, 1]


def test_FW_MULL_1_to_5_both_choose_sealed_then_resolve_in_seat_order() -> None:
    state = fresh()
    assert state.phase == MULLIGAN and to_act(state) == frozenset({0, 1})
    assert legal_actions(state, 0) == [{"type": "mulligan"}, {"type": "keep"}]
    state, events = apply(state, 1, {"type": "mulligan"})
    assert [e["visibility"] for e in events] == ["owner", "public"]
    seen = RULESET.view(state, 0)
    assert seen["players"][1]["chosen"] is True and "choices" not in seen
    assert "mulligan" not in str(seen["log"])
    assert RULESET.view(state, 1)["my_choice"] == "mulligan"
    with pytest.raises(IllegalAction, match="wait for your opponent"):
        apply(state, 1, {"type": "keep"})
    hand0 = state.players[0].hand[:]
    state, _ = apply(state, 0, {"type": "keep"})
    assert state.players[0].hand == hand0 and len(state.players[1].hand) == 6
    assert to_act(state) == frozenset({1}) and state.phase == MULLIGAN  # 1 decides again
    total = len(state.players[1].hand) + len(state.players[1].deck) + len(
        state.players[1].external)
    assert total == 40  # FW-MULL-2: the hand went back into the deck
    for size in (5, 4, 3, 2, 1, 0):
        state, _ = apply(state, 1, {"type": "mulligan"})
        assert len(state.players[1].hand) == size
    assert legal_actions(state, 1) == [{"type": "keep"}]  # FW-MULL-4: down to 0
    state, _ = apply(state, 1, {"type": "keep"})
    assert state.phase == BATTLE and state.round == 1
    assert state.passes == 0  # FW-MULL-5: a mulligan is no action of the round
    assert [p.flux for p in state.players] == [2, 2]  # round 1's income


def test_FW_MULL_1_no_mulligan_once_the_round_has_begun() -> None:
    state = _to_battle(fresh())
    with pytest.raises(IllegalAction):
        apply(state, state.turn, {"type": "mulligan"})


def test_FW_CYCLE_1_and_2_cycle_once_a_round_as_a_free_action() -> None:
    state = battle(hands=(["far_rider", "rockslide"], ["far_rider"]),
                   decks=(["well_draught"], ["well_draught"]))
    state, _ = apply(state, 0, {"type": "cycle", "card": "rockslide"})
    me = state.players[0]
    assert me.hand == ["far_rider"] and me.deck == ["well_draught", "rockslide"]
    assert state.turn == 0 and state.passes == 0  # free: still seat 0's action
    assert {"type": "cycle", "card": "far_rider"} not in legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="already"):
        apply(state, 0, {"type": "cycle", "card": "far_rider"})
    with pytest.raises(IllegalAction, match="not your turn"):
        apply(state, 1, {"type": "cycle", "card": "far_rider"})
    state, _ = apply(state, 0, {"type": "pass"})
    state, _ = apply(state, 1, {"type": "pass"})
    assert state.round == 2 and not state.players[0].cycled
    state.turn = 0
    assert {"type": "cycle", "card": "far_rider"} in legal_actions(state, 0)


def test_FW_CYCLE_2_with_cycle_is_free_off_a_cycle_is_the_players_action() -> None:
    """With `cycle_is_free` off the cycle uses the action: the turn goes to the opponent
    (FW-ROUND-1). It is not a pass: it breaks a run of passes (FW-ROUND-2), so it never
    closes the round, and the opponent must act again."""
    state = battle(hands=(["far_rider", "rockslide"], ["far_rider"]),
                   decks=(["well_draught"], ["well_draught"]),
                   options=Options(cycle_is_free=False), turn=1)
    state, _ = apply(state, 1, {"type": "pass"})
    assert state.turn == 0 and state.passes == 1
    state, _ = apply(state, 0, {"type": "cycle", "card": "rockslide"})
    me = state.players[0]
    assert me.hand == ["far_rider"] and me.deck == ["well_draught", "rockslide"]
    assert state.turn == 1 and state.passes == 0 and state.round == 1
    assert legal_actions(state, 0) == []
    state, _ = apply(state, 1, {"type": "pass"})
    assert state.turn == 0 and state.round == 1
    assert {"type": "cycle", "card": "far_rider"} not in legal_actions(state, 0)
    state, _ = apply(state, 0, {"type": "pass"})
    assert state.round == 2 and not state.players[0].cycled
