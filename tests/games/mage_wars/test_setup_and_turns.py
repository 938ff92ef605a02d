"""Setup, health cards, the turn and discard piles (MW-SETUP, MW-HEALTH, MW-TURN,
MW-DISCARD)."""

from __future__ import annotations

import pytest

from marcomage.games.mage_wars import drawing, engine, health, tabletop
from marcomage.games.mage_wars.cards import CARDS, HEALTH_DECKS
from marcomage.games.mage_wars.deck import sample_pack
from marcomage.platform.protocol import IllegalAction

from .tables import (
    RULES,
    act,
    count_cards,
    empty_hands,
    game,
    instance,
    main_turn,
    put,
    set_mage,
    to_deck_top,
    waive_all,
)


def test_MW_SETUP_1_decks_are_shuffled_with_the_seed() -> None:
    one, again, other = game(seed=5), game(seed=5), game(seed=6)
    assert RULES.to_json(one) == RULES.to_json(again)
    assert one.decks != other.decks or one.cards != other.cards


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_MW_SETUP_2_5_all_seats_share_one_pack_and_start_at_level_1(seats: int) -> None:
    state = game(seats)
    assert len(state.players) == seats
    assert count_cards(state) == len(CARDS)  # one pack, every card somewhere
    mages = [p.mage for p in state.players]
    assert len(set(mages)) == seats and all(CARDS[state.cards[m]].type == "mage"
                                            for m in mages)
    assert all(p.level == 1 for p in state.players)


def test_MW_SETUP_5_first_player_is_a_seeded_draw() -> None:
    firsts = {game(3, seed).first for seed in range(20)}
    assert firsts == {0, 1, 2}


def test_MW_SETUP_3_choose_lets_players_pick_in_seat_order_without_duplicates() -> None:
    state = game(3, mage_selection="choose")
    assert RULES.to_act(state) == {0}
    picks = RULES.legal_actions(state, 0)
    assert len(picks) == sum(c.type == "mage" for c in CARDS.values())
    assert {p["type"] for p in picks} == {"pick"}
    state = act(state, 0, **picks[2])
    assert RULES.to_act(state) == {1}
    assert picks[2] not in RULES.legal_actions(state, 1)
    for seat in (1, 2):
        state = act(state, seat, **RULES.legal_actions(state, seat)[0])
    assert state.stage in ("main", "fate") or state.decisions
    assert all(len(p.health) == CARDS[state.cards[p.mage]].health for p in state.players)


def test_MW_SETUP_3_random_selection_never_deals_the_same_mage_twice() -> None:
    """Random mages are distinct in every accepted game, and a pack holding a mage twice is
    refused, since it could deal two identical mages."""
    for seats in (2, 3, 4):
        for seed in range(15):
            state = game(seats, seed)
            mages = [state.cards[p.mage] for p in state.players]
            assert len(set(mages)) == seats
    doc = sample_pack()
    doc["entries"] = [{**e, "count": 2} if e["card"] == "lumen_warden" else e
                      for e in doc["entries"]]
    with pytest.raises(ValueError, match="Lumen Warden"):
        RULES.new_game(RULES.options_from_json({}), [doc] * 4, 1)


def test_MW_SETUP_4_mage_card_fields() -> None:
    mage = CARDS["umbral_tyrant"]
    assert (mage.health, mage.armor_max, mage.alignment, mage.pets, mage.fate,
            mage.max_cards, mage.resurrections) == (7, 1, "evil", 2, 2, 7, 1)  # v10: 6 -> 7
    assert mage.win and mage.resurrection and mage.items == 1


def test_MW_HEALTH_1_health_cards_come_from_the_decks_the_mage_names() -> None:
    state = game(2, seed=3)
    for player in state.players:
        mage = CARDS[state.cards[player.mage]]
        backs = [state.homes[state.cards[i]] for i in player.health]
        assert {d: backs.count(d) for d in HEALTH_DECKS} == {
            d: mage.health_cards.get(d, 0) for d in HEALTH_DECKS}


def test_MW_HEALTH_2_3_a_curse_in_health_waits_then_resolves_when_taken() -> None:
    state = main_turn(game(2, seed=2), 0)
    curse = put(state, 0, "health", "rust_curse")[0]
    assert state.decisions == []
    before = len(state.players[0].health)
    state = act(state, 0, type="use_health", card=curse)
    assert len(state.players[0].health) == before - 1
    assert state.decisions[0] == {"kind": "curse", "seat": 0, "card": curse, "deflected": 0}
    assert curse not in state.players[0].hand


def test_MW_HEALTH_3_4_a_used_health_card_goes_to_hand_with_the_mage_discount() -> None:
    state = main_turn(game(2, seed=2), 0)
    set_mage(state, 0, "lumen_warden")  # discount 1
    card = put(state, 0, "health", "fireball")[0]
    state = act(state, 0, type="use_health", card=card)
    assert card in state.players[0].hand and state.players[0].discounts[card] == 1
    state = act(state, 0, type="open", card=card, alt=0)
    manifest = state.players[0].manifests[-1]
    assert manifest.waivers == 1
    state = act(state, 0, type="waive", target=card, slot=0)
    assert state.players[0].manifests[-1].filled[0] == engine.WAIVED


def test_MW_HEALTH_4_MW_CARD_6_the_opener_waives_slots_of_a_structure_from_health() -> None:
    """A partial discount stays usable on a structure in the centre, by its opener only."""
    state = empty_hands(main_turn(game(2, seed=11), 0))
    set_mage(state, 0, "lumen_warden")  # discount 1
    set_mage(state, 1, "umbral_tyrant")
    temple = put(state, 0, "health", "sun_temple")[0]
    state = act(state, 0, type="use_health", card=temple)
    state = act(state, 0, type="open", card=temple, alt=0)
    assert state.structures[0].waivers == 1 and state.structures[0].opener == 0
    waives = [a for a in RULES.legal_actions(state, 0) if a["type"] == "waive"]
    assert {"type": "waive", "target": temple, "slot": 0} in waives
    other = main_turn(state.clone(), 1)
    assert not [a for a in RULES.legal_actions(other, 1) if a["type"] == "waive"]
    state = act(state, 0, type="waive", target=temple, slot=0)
    assert state.structures[0].filled[0] == engine.WAIVED and state.structures[0].waivers == 0
    assert RULES.from_json(RULES.to_json(state)).structures[0].opener == 0


def test_MW_HEALTH_4_discount_all_opens_without_requirements(
        monkeypatch: pytest.MonkeyPatch) -> None:
    waive_all(monkeypatch)
    state = empty_hands(main_turn(game(2, seed=2), 0))
    set_mage(state, 0, "sage_of_rising")  # discount all
    card = put(state, 0, "health", "fireball")[0]
    state = act(state, 0, type="use_health", card=card)
    state = act(state, 0, type="open", card=card, alt=0)
    assert state.decisions[0]["kind"] == "target"  # activated at once


def test_MW_HEALTH_5_the_damaged_player_chooses_even_on_another_turn() -> None:
    state = main_turn(game(2, seed=4), 0)
    set_mage(state, 1, "sage_of_rising")
    before = len(state.players[1].health)
    health.lose_health(state, 1, 2)
    assert RULES.to_act(state) == {1}
    choices = RULES.legal_actions(state, 1)
    assert {c["card"] for c in choices} == set(state.players[1].health)
    state = act(state, 1, **choices[0])
    state = act(state, 1, **RULES.legal_actions(state, 1)[0])
    assert len(state.players[1].health) == before - 2
    assert RULES.to_act(state) == {0}


def test_MW_HEALTH_5_random_loss_option() -> None:
    state = main_turn(game(2, seed=4, health_loss_choice="random"), 0)
    before = len(state.players[1].health)
    health.lose_health(state, 1, 2)
    assert state.decisions == [] and len(state.players[1].health) == before - 2


def test_MW_TURN_1_2_fate_cards_are_drawn_and_resolved_in_order() -> None:
    state = main_turn(game(2, seed=7), 0)
    to_deck_top(state, "gust_of_fortune", "arcane_tide")  # arcane_tide drawn first
    for curse in ("rust_curse", "curse_of_ruin"):  # keep the draws free of curses
        put(state, 0, "health", curse)
    hand = len(empty_hands(state).players[1].hand)
    state.players[1].skip = 0
    state = act(state, 0, type="end_turn")
    lines = [line["text"] for line in state.log if line["seat"] == 1]
    assert "draws the fate card Arcane Tide" in lines
    assert lines.index("draws the fate card Arcane Tide") < lines.index(
        "draws the fate card Gust of Fortune")
    assert len(state.players[1].hand) - hand == 4  # 2 + 2 (each fate card)
    assert instance(state, "gust_of_fortune") in state.discards["fate"]


def test_MW_TURN_2_draw_keep_only_discards_other_types() -> None:
    state = empty_hands(main_turn(game(2, seed=7), 0))
    to_deck_top(state, "fireball", "storm_hawk", "sky_lens")
    drawing.run_effects(state, 0, [{"do": "draw_keep_only", "deck": "mystic", "n": 3,
                                    "card_type": "creature"}])
    assert [state.cards[i] for i in state.players[0].hand] == ["storm_hawk"]
    assert instance(state, "sky_lens") in state.discards["mystic"]


def test_MW_TURN_5_hand_limit_at_the_end_of_the_turn() -> None:
    state = main_turn(game(2, seed=7), 0)
    limit = tabletop.stat(state, 0, "max_cards")
    cards = [c for c in CARDS if CARDS[c].deck == "enchanted" and CARDS[c].type == "resource"]
    for card in cards:
        if instance(state, card) not in state.players[0].hand and len(
                state.players[0].hand) <= limit + 1:
            put(state, 0, "hand", card)
    assert len(state.players[0].hand) == limit + 2
    state = act(state, 0, type="end_turn")
    assert state.decisions[0]["kind"] == "hand_limit" and RULES.to_act(state) == {0}
    state = act(state, 0, **RULES.legal_actions(state, 0)[0])
    state = act(state, 0, **RULES.legal_actions(state, 0)[0])
    assert len(state.players[0].hand) == limit and state.active == 1


def test_MW_TURN_6_7_turns_pass_left_and_a_lost_turn_is_skipped_whole() -> None:
    state = main_turn(game(3, seed=7), 0)
    state.first = 0
    state.players[1].skip = 1
    fate_before = len(state.decks["fate"]) + len(state.discards["fate"])
    state = act(state, 0, type="end_turn")
    while state.decisions and state.decisions[0]["kind"] == "hand_limit":
        state = act(state, 0, **RULES.legal_actions(state, 0)[0])
    assert state.active == 2 and state.players[1].skip == 0
    assert any(line == {"seat": 1, "text": "loses this turn"} for line in state.log)
    assert len(state.decks["fate"]) + len(state.discards["fate"]) <= fate_before


def test_MW_TURN_8_round_limit_is_a_draw() -> None:
    state = main_turn(game(2, seed=7), 0)
    state.first, state.round = 1, engine.ROUND_LIMIT
    state = empty_hands(state)
    state = act(state, 0, type="end_turn")
    outcome = RULES.outcome(state)
    assert outcome is not None and (outcome.result, outcome.end_type) == ("draw", "round_limit")
    assert outcome.final_round == engine.ROUND_LIMIT


def test_MW_DISCARD_1_2_discards_go_home_and_an_empty_deck_reshuffles() -> None:
    state = empty_hands(main_turn(game(2, seed=7), 0))
    arcane = state.decks["arcane"]
    state.discards["arcane"] += arcane
    state.decks["arcane"] = []
    held = len(state.discards["arcane"])
    iid = drawing.draw_one(state, "arcane")
    assert iid is not None and len(state.decks["arcane"]) == held - 1
    assert state.discards["arcane"] == []
    tabletop.discard(state, iid)
    assert state.discards["arcane"] == [iid]
    state.decks["quest"], state.discards["quest"] = [], []
    assert drawing.draw_one(state, "quest") is None  # both empty: nothing, no penalty


def test_MW_DISCARD_3_draw_from_discard() -> None:
    state = empty_hands(main_turn(game(2, seed=7), 0))
    spark = put(state, 1, "hand", "spark")[0]
    state.players[1].hand.remove(spark)
    tabletop.discard(state, spark)
    drawing.run_effects(state, 0, [{"do": "draw_from_discard", "deck": "enchanted", "n": 1}])
    assert state.players[0].hand[-1] == spark


def test_PL_PROTO_5_out_of_turn_and_forged_actions_change_nothing() -> None:
    state = main_turn(game(2, seed=7), 0)
    before = RULES.to_json(state)
    for seat, action in ((1, {"type": "end_turn"}), (0, {"type": "use_health", "card": 999}),
                         (0, {"type": "end_turn", "card": True}), (0, {"type": "fly"})):
        with pytest.raises(IllegalAction):
            RULES.apply(state, seat, action)
    assert RULES.to_json(state) == before
