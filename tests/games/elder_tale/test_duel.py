"""The duel engine, rule by rule (ET-DUEL, ET-FX-22, ET-XCH-8, ET-XCH-9, ET-END)."""

from __future__ import annotations

import json

import pytest

from marcomage.games.elder_tale import engine
from marcomage.games.elder_tale.cards import card_from_json
from marcomage.games.elder_tale.engine import NotNow
from marcomage.games.elder_tale.ruleset import RULESET
from marcomage.games.elder_tale.state import Active
from marcomage.games.elder_tale.view import resample_hidden, view
from marcomage.platform.rng import Rng

from .duels import attack_card, duel_of, hand_iid


def act(duel, seat, kind, card=None):  # type: ignore[no-untyped-def]
    action = {"type": kind} if card is None else {"type": kind, "card": hand_iid(duel, seat,
                                                                                 card)}
    return engine.apply(duel, seat, action)[0]


def new(seed: int = 1):  # type: ignore[no-untyped-def]
    return RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks()[:2], seed)


def test_ET_DUEL_2_hp_is_the_sum_of_card_hp() -> None:
    duel = new()
    # Aren: 24 Commons, 3 Uncommons, 3 Rares, no Epic; Sefa: 21, 4, 4, 1 (issue 35, the
    # ruleset 4 balance pass).
    assert [(f.hp, f.max_hp) for f in duel.fighters] == [(39, 39), (46, 46)]


def test_ET_DUEL_4_a_seeded_coin_decides_and_turns_alternate() -> None:
    firsts = {new(seed).first for seed in range(12)}
    assert firsts == {0, 1}
    duel = new(3)
    first = duel.active
    duel = engine.apply(duel, first, {"type": "end_turn"})[0]
    assert duel.active == 1 - first and duel.round == 1
    duel = engine.apply(duel, duel.active, {"type": "end_turn"})[0]
    assert duel.active == first and duel.round == 2


def test_ET_DUEL_5_the_first_play_has_two_en_and_no_defense_then_three() -> None:
    duel = new(2)
    assert duel.step == "attack" and duel.en == 2 and duel.turn == 0
    attack = next(a for a in RULESET.legal_actions(duel, duel.active) if a["type"] == "play"
                  and duel.card(a["card"]).kind == "attack")
    duel = engine.apply(duel, duel.active, attack)[0]
    duel = engine.apply(duel, duel.active, {"type": "end_turn"})[0]
    assert duel.step == "defend" and duel.en == 3


def test_ET_DUEL_6_two_cards_from_each_deck_at_the_start_of_a_turn() -> None:
    duel = new(4)
    hand = duel.fighters[duel.active].hand
    assert sorted(duel.homes[i] for i in hand) == ["attack"] * 2 + ["defense"] * 2 + [
        "utility"] * 2
    assert all(len(p) == 8 for p in duel.fighters[duel.active].piles.values())


def test_ET_DUEL_7_an_empty_pile_is_refilled_from_its_discards() -> None:
    duel = duel_of()
    me = duel.fighters[0]
    me.discards["attack"] = [len(duel.instances), len(duel.instances) + 1]
    duel.instances += ["ember_cut", "stone_fist"]
    duel.homes += ["attack", "attack"]
    engine.draw(duel, 0, "attack", 3)
    assert sorted(duel.instances[i] for i in me.hand) == ["ember_cut", "stone_fist"]
    assert me.discards["attack"] == [] and me.piles["attack"] == []
    assert any(e["type"] == "reshuffle" for e in duel.log)


def test_ET_DUEL_8_unplayed_cards_are_discarded_at_the_end_of_the_turn() -> None:
    duel = duel_of(hands=(["ember_cut", "stone_wall", "brace"], []),
                   piles=({}, {"attack": ["ember_cut"] * 3}))
    duel = act(duel, 0, "end_turn")
    me = duel.fighters[0]
    assert me.hand == [] and len(me.discards["attack"]) == 1
    assert len(me.discards["defense"]) == 1 and len(me.discards["utility"]) == 1


def test_ET_DUEL_9_steps_allow_their_decks_only() -> None:
    defend = duel_of(hands=(["ember_cut", "stone_wall", "brace"], []), pending=["stone_fist"])
    kinds = {defend.card(a["card"]).kind for a in engine.legal_actions(defend, 0)
             if a["type"] == "play"}
    assert kinds == {"defense", "utility"}
    assert engine.legal_actions(defend, 0)[-1] == {"type": "confirm"}
    assert engine.legal_actions(defend, 1) == []
    with pytest.raises(NotNow, match="Defend first"):
        engine.apply(defend, 0, {"type": "end_turn"})
    attack = act(defend, 0, "confirm")
    kinds = {attack.card(a["card"]).kind for a in engine.legal_actions(attack, 0)
             if a["type"] == "play"}
    assert kinds == {"attack", "utility"} and attack.step == "attack"


def test_ET_DUEL_10_playing_pays_en_and_a_card_beyond_it_is_refused() -> None:
    duel = duel_of(hands=(["boulder_toss", "ember_cut", "stone_fist"], []), en=2)
    duel = act(duel, 0, "play", "ember_cut")
    assert duel.en == 1
    with pytest.raises(NotNow, match="costs 2 EN; you have 1 left"):
        engine.apply(duel, 0, {"type": "play", "card": hand_iid(duel, 0, "boulder_toss")})
    assert {"type": "play", "card": hand_iid(duel, 0, "boulder_toss")} not in \
        engine.legal_actions(duel, 0)


def test_ET_DUEL_10_ET_FX_11_facedown_shows_only_its_deck_until_the_exchange() -> None:
    duel = duel_of(hands=(["shadow_jab"], []), piles=({}, {"defense": ["stone_wall"] * 2}))
    duel = act(duel, 0, "play", "shadow_jab")
    duel = act(duel, 0, "end_turn")
    seen = view(duel, 1)
    assert seen["pending"]["cards"] == [{"deck": "attack", "facedown": True, "card": None}]
    assert "shadow_jab" not in str(seen)
    assert view(duel, 0)["pending"]["cards"][0]["card"] == "shadow_jab"
    duel = act(duel, 1, "confirm")  # ET-XCH-8: revealed when it resolves
    exchange = next(e for e in view(duel, 1)["log"] if e["type"] == "exchange")
    assert exchange["cards"][0]["card"] == "Shadow Jab"


def test_ET_DUEL_10_a_facedown_utility_card_stays_hidden_from_the_opponent_until_the_exchange(
        ) -> None:
    """A Facedown Utility card played in the attack step is retired at end_turn, before the
    exchange that uses it. Until that exchange the other seat's view holds nothing of it
    (not in the discards, not among the card definitions: only a count per deck), while the
    owner's view and the replay view have it; the exchange reveals it."""
    trick = card_from_json({"id": "custom-1", "name": "Hidden Trick", "kind": "utility",
                            "rarity": "uncommon", "en": 1,
                            "effects": [{"type": "facedown"},
                                        {"type": "attack_up", "intensity": 2, "hits": 2}]})
    duel = duel_of(hands=(["custom-1", "ember_cut"], []), extra=[trick])
    duel = act(duel, 0, "play", "custom-1")
    duel = act(duel, 0, "play", "ember_cut")
    duel = act(duel, 0, "end_turn")
    theirs = view(duel, 1)
    assert theirs["step"] == "defend"
    assert "custom-1" not in json.dumps(theirs) and "Hidden Trick" not in json.dumps(theirs)
    assert theirs["fighters"][0]["discards"]["utility"] == []
    assert theirs["fighters"][0]["veiled"] == {"attack": 0, "defense": 0, "utility": 1}
    resampled = resample_hidden(duel, 1, Rng.from_seed(7))
    assert view(resampled, 1)["fighters"] == theirs["fighters"]
    for seer in (0, None):
        seen = view(duel, seer)
        assert seen["fighters"][0]["discards"]["utility"] == ["custom-1"]
        assert "custom-1" in seen["cards"] and sum(seen["fighters"][0]["veiled"].values()) == 0
    duel = act(duel, 1, "confirm")  # ET-XCH-8: the exchange reveals it
    theirs = view(duel, 1)
    assert theirs["fighters"][0]["discards"]["utility"] == ["custom-1"]
    assert "custom-1" in theirs["cards"]
    assert {"type": "revealed", "seat": 0, "cards": ["Hidden Trick"]} in theirs["log"]


def test_ET_DUEL_11_an_epic_leaves_the_game_after_it_resolves() -> None:
    duel = duel_of(hands=(["worldbreaker"], []))
    duel = act(duel, 0, "play", "worldbreaker")
    duel = act(duel, 0, "end_turn")
    duel = act(duel, 1, "confirm")
    assert [duel.instances[i] for i in duel.fighters[0].removed] == ["worldbreaker"]
    assert duel.fighters[0].discards["attack"] == []


def test_ET_DUEL_12_start_guard_waits_for_the_holders_next_turn() -> None:
    duel = duel_of(hands=(["rally"], []), pending=["stone_fist"])
    duel = act(duel, 0, "play", "rally")
    guard = next(e for e in duel.fighters[0].effects if e.type == "start_guard")
    assert guard.stage == "waiting"
    duel = act(duel, 0, "confirm")
    exchange = next(e for e in duel.log if e["type"] == "exchange")
    assert exchange["start_guard"] == 0
    duel.active = 0
    engine.start_turn(duel)
    assert next(e for e in duel.fighters[0].effects if e.type == "start_guard").stage == "armed"


def test_ET_DUEL_12_attack_up_on_an_attack_card_counts_on_that_attack() -> None:
    duel = duel_of(hands=(["edge_of_shadow"], []))
    duel = act(duel, 0, "play", "edge_of_shadow")
    duel = act(duel, 0, "end_turn")
    duel = act(duel, 1, "confirm")
    exchange = next(e for e in duel.log if e["type"] == "exchange")
    assert [h["value"] for h in exchange["hits"]] == [7, 7, 7]
    assert exchange["cards"][0]["thorn_bind"] == 3 * 3  # ruleset 4: Thorn Bind 3 (issue 35)


def test_ET_DUEL_12_blind_left_over_lapses_when_its_bearer_does_not_attack() -> None:
    """Blind weakens the guard of the bearer's next defense, then its leftover hits weaken
    the attack made after that defense, in the same turn. A bearer who ends that turn
    without attacking lets them lapse: they do not wait for some later attack."""
    blinder = attack_card(1, 1, name="Blinder",
                          effects=[{"type": "blind", "intensity": 2, "hits": 3}])
    piles = {"attack": ["ember_cut"] * 6, "defense": ["stone_wall"] * 6,
             "utility": ["war_cry"] * 6}
    duel = duel_of(hands=(["blinder"], []), piles=(dict(piles), dict(piles)), extra=[blinder])
    duel = act(duel, 0, "play", "blinder")
    duel = act(duel, 0, "end_turn")
    duel = act(duel, 1, "play", "stone_wall")
    duel = act(duel, 1, "confirm")  # 2 guard hits blinded, 1 hit left for the attack
    assert [(e.type, e.hits, e.stage) for e in duel.fighters[1].effects] == [
        ("blind", 1, "attack")]
    duel = act(duel, 1, "end_turn")  # no attack this turn
    assert not any(e.type == "blind" for e in duel.fighters[1].effects)
    duel = act(duel, 0, "play", "ember_cut")
    duel = act(duel, 0, "end_turn")
    duel = act(duel, 1, "confirm")
    duel = act(duel, 1, "play", "ember_cut")
    duel = act(duel, 1, "end_turn")
    duel = act(duel, 0, "confirm")
    exchange = [e for e in duel.log if e["type"] == "exchange"][-1]
    assert exchange["attacker"] == 1 and [h["value"] for h in exchange["hits"]] == [3, 3]


def test_ET_FX_22_effects_land_on_their_side() -> None:
    duel = duel_of(hands=(["hex_mark", "war_cry"], []))
    duel = act(duel, 0, "play", "hex_mark")
    duel = act(duel, 0, "play", "war_cry")
    assert [e.type for e in duel.fighters[0].effects] == ["attack_up"]
    assert sorted(e.type for e in duel.fighters[1].effects) == ["guard_down",
                                                                 "random_draw_down"]


def test_ET_DUEL_13_add_card_shuffles_clutter_into_the_enemy_deck_and_purge_removes_it() -> None:
    duel = duel_of(hands=(["ashen_curse"], []), piles=({}, {k: ["ember_cut"] * 0 for k in
                                                            ("attack",)}))
    duel = act(duel, 0, "play", "ashen_curse")
    added = next(e for e in duel.log if e["type"] == "clutter_added")
    assert added["seat"] == 1 and added["clutter"] == "burning"
    pile = duel.fighters[1].piles[added["deck"]]
    assert [duel.instances[i] for i in pile] == ["burning"]
    assert duel.fighters[1].max_hp == 40  # clutter adds no HP
    duel = act(duel, 0, "end_turn")
    enemy = duel.fighters[1]
    assert enemy.hp == 40 - 2 - 3  # Poison 2 ticks, then Burning strikes when drawn
    burning = next(i for i in enemy.hand if duel.instances[i] == "burning")
    assert {"type": "purge", "card": burning} in engine.legal_actions(duel, 1)
    duel = engine.apply(duel, 1, {"type": "purge", "card": burning})[0]
    assert burning in duel.fighters[1].removed and duel.en == 2


def test_ET_DUEL_13_unpurged_clutter_comes_back_with_the_discards() -> None:
    duel = duel_of(hands=(["cursed", "ember_cut"], []))
    duel.homes[hand_iid(duel, 0, "cursed")] = "attack"
    duel = act(duel, 0, "end_turn")
    assert sorted(duel.instances[i] for i in duel.fighters[0].discards["attack"]) == [
        "cursed", "ember_cut"]


def test_ET_DUEL_13_cursed_discards_and_drowning_lowers_the_next_guard() -> None:
    duel = duel_of(hands=(["ember_cut", "stone_fist"], []))
    duel.instances.append("cursed")
    duel.homes.append("attack")
    duel.fighters[0].piles["attack"].append(len(duel.instances) - 1)
    engine.draw(duel, 0, "attack", 1)
    assert len(duel.fighters[0].hand) == 2  # drew the curse, lost a card
    assert any(e["type"] == "discarded" for e in duel.log)
    duel.instances.append("drowning")
    duel.homes.append("defense")
    duel.fighters[0].piles["defense"].append(len(duel.instances) - 1)
    engine.draw(duel, 0, "defense", 1)
    assert [(e.type, e.intensity) for e in duel.fighters[0].effects] == [("guard_down", 2)]


def test_ET_DUEL_13_ET_FX_1_a_curse_drawn_first_discards_after_the_whole_draw() -> None:
    """In play the hand is empty when the draw step begins (ET-DUEL-8) and the Attack deck is
    drawn first: a Cursed card on top of the Attack pile is the first card drawn. Its discard
    waits for the end of the draw step, so it still takes a card of the drawn hand."""
    piles = {"attack": ["ember_cut"] * 5, "defense": ["stone_wall"] * 5,
             "utility": ["war_cry"] * 5}
    duel = duel_of(piles=(dict(piles), dict(piles)), active=1)
    duel.instances.append("cursed")
    duel.homes.append("attack")
    duel.fighters[0].piles["attack"].append(len(duel.instances) - 1)  # drawn first
    duel = act(duel, 1, "end_turn")  # seat 0's turn: ticks, then the draw step
    hand = [duel.instances[i] for i in duel.fighters[0].hand]
    assert duel.active == 0 and len(hand) == 6 - 1 and "cursed" in hand
    kinds = [e["type"] for e in duel.log]
    assert kinds.count("discarded") == 1
    assert kinds.index("clutter_drawn") < max(i for i, k in enumerate(kinds) if k == "draw") \
        < kinds.index("discarded")


def test_ET_FX_14_15_ET_XCH_9_heal_and_poison_tick_down_and_doom_blocks_healing() -> None:
    duel = duel_of(hp=30)
    me = duel.fighters[0]
    me.hp = 20
    me.effects = [Active("poison", 2), Active("heal_over_time", 3)]
    engine.tick(duel, me, 0)
    assert me.hp == 20 - 2 + 3
    engine.tick(duel, me, 0)
    assert me.hp == 21 - 1 + 2 and [e.type for e in me.effects] == ["heal_over_time"]
    me.effects.append(Active("doom", 1, None, 1))
    engine.tick(duel, me, 0)
    assert me.hp == 22 and me.effects[0].type == "doom"


def test_ET_XCH_9_healing_never_passes_the_maximum() -> None:
    duel = duel_of(hp=30)
    me = duel.fighters[0]
    me.hp = 29
    me.effects = [Active("heal_over_time", 4)]
    engine.tick(duel, me, 0)
    assert me.hp == 30


def test_ET_FX_8_10_draw_modifiers_change_the_draw_step() -> None:
    duel = duel_of(piles=({"attack": ["ember_cut"] * 5, "defense": ["stone_wall"] * 5,
                           "utility": ["brace"] * 5}, {}))
    me = duel.fighters[0]
    me.effects = [Active("draw_up", 1, None, 1, deck="defense"),
                  Active("draw_down", 1, None, 1, deck="attack")]
    engine.draw_step(duel, 0)
    assert sorted(duel.homes[i] for i in me.hand) == ["attack"] + ["defense"] * 3 + [
        "utility"] * 2
    assert me.effects == []


def test_ET_FX_5_discard_random_applies_after_the_draw() -> None:
    duel = duel_of(piles=({"attack": ["ember_cut"] * 5, "defense": ["stone_wall"] * 5,
                           "utility": ["brace"] * 5}, {}))
    duel.fighters[0].effects = [Active("discard_random", 2, None, 1)]
    engine.draw_step(duel, 0)
    assert len(duel.fighters[0].hand) == 4
    assert sum(len(d) for d in duel.fighters[0].discards.values()) == 2


def test_ET_FX_13_harm_self_hurts_the_player_at_once() -> None:
    duel = duel_of(hands=(["vow_of_the_dawn"], []), en=3)
    duel = act(duel, 0, "play", "vow_of_the_dawn")
    assert duel.fighters[0].hp == 38


def test_ET_END_1_zero_hp_loses_and_both_at_once_is_a_draw() -> None:
    duel = duel_of(hands=([], []), pending=["boulder_toss"], hp=5)
    duel = act(duel, 0, "confirm")
    assert duel.outcome is not None and duel.outcome.winners == (1,)
    assert duel.outcome.end_type == "knockout" and RULESET.to_act(duel) == frozenset()
    both = duel_of(pending=["ember_cut"], hp=3)
    both.fighters[0].effects = [Active("thorns", 5, None, 1), Active("gain_defense", 3)]
    both.fighters[0].hp = 1
    both = engine.apply(both, 0, {"type": "confirm"})[0]
    assert both.outcome is not None and both.outcome.result == "draw"


def test_ET_END_2_after_the_round_limit_the_higher_share_of_hp_wins() -> None:
    duel = duel_of(turn=2 * engine.ROUND_LIMIT - 1, active=1, hp=40)
    duel.fighters[0].hp, duel.fighters[0].max_hp = 10, 20
    duel.fighters[1].hp = 19  # 19/40 < 10/20
    duel = engine.apply(duel, 1, {"type": "end_turn"})[0]
    assert duel.outcome is not None
    assert (duel.outcome.winners, duel.outcome.end_type) == ((0,), "round_limit")
    assert duel.outcome.final_round == engine.ROUND_LIMIT


def test_PL_PROTO_5_refusals_say_why_and_change_nothing() -> None:
    duel = duel_of(hands=(["ember_cut"], []))
    before = RULESET.to_json(duel)
    for seat, action, words in ((1, {"type": "end_turn"}, "not your turn"),
                                (0, {"type": "confirm"}, "no attack to defend"),
                                (0, {"type": "play", "card": 999}, "not in your hand"),
                                (0, {"type": "fly"}, "not an Elder Tale move")):
        with pytest.raises(NotNow, match=words):
            RULESET.apply(duel, seat, action)
    assert RULESET.to_json(duel) == before


def test_ET_DUEL_1_a_duel_is_for_two_to_six_in_two_teams() -> None:
    """ET-DUEL-1 as widened by issue 35: 1v1 up to 3v3 (ET-GROUP-1; tests in test_group)."""
    assert RULESET.seats == range(2, 7)
    with pytest.raises(ValueError, match="for 2 to 6, not 1"):
        RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks()[:1], 1)


def test_ET_FX_10_random_draw_up_picks_a_deck_with_the_games_generator() -> None:
    piles = {"attack": ["ember_cut"] * 5, "defense": ["stone_wall"] * 5,
             "utility": ["brace"] * 5}
    picked = set()
    for seed in range(8):
        duel = duel_of(piles=(piles, {}), seed=seed)
        duel.fighters[0].effects = [Active("random_draw_up", 1, None, 1)]
        engine.draw_step(duel, 0)
        counts = [sum(1 for i in duel.fighters[0].hand if duel.homes[i] == k)
                  for k in ("attack", "defense", "utility")]
        assert sorted(counts) == [2, 2, 3]
        picked.add(counts.index(3))
    assert len(picked) > 1
