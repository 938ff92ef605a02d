"""AR-RUNE, AR-CHAIN, AR-WARD, AR-NETHER and AR-EFFECT: runes, the chain and its windows,
wards, the netherworld and the effect vocabulary."""

from __future__ import annotations

from marcomage.games.arcana import chain, engine, field
from marcomage.games.arcana.cards import CARDS
from marcomage.games.arcana.state import BATTLE, MAIN1, Options

from .build import Duel
from .test_battle import attack, battle


def test_AR_RUNE_1_from_hand_only_on_your_turn_to_start_a_chain() -> None:
    d = Duel(turn=5, current=0)
    d.creature(1, "Thornling")
    d.hand(0, "Decay")
    assert {"type": "activate", "card": 0, "ts": 1, "tz": 0} in d.legal()
    d = Duel(turn=5, current=1)
    d.creature(0, "Thornling")
    d.hand(0, "Decay")
    d.rune(0, "Wither")
    d.hand(1, "Ember Whelp")
    d.act(1, type="summon", card=0, position="attack")
    assert d.g.priority == 0
    assert not any(a.get("card") is not None for a in d.legal(0))


def test_AR_RUNE_2_set_runes_answer_on_the_opponents_turn() -> None:
    d = Duel(turn=5, current=1)
    d.rune(0, "Decay")
    d.hand(1, "Ember Whelp")
    d.act(1, type="summon", card=0, position="attack")
    assert {"type": "activate", "rune": 0, "ts": 1, "tz": 0} in d.legal(0)
    d.act(0, type="activate", rune=0, ts=1, tz=0)
    assert d.zones(1) == [None] * 5 and d.nether(1) == ["Ember Whelp"]


def test_AR_RUNE_3_set_in_main_five_zones_not_usable_the_turn_it_is_set() -> None:
    d = Duel(turn=5)
    d.creature(1, "Thornling")
    d.hand(0, "Decay")
    d.act(0, type="set", card=0)
    assert d.g.players[0].runes[0] is not None and not any(
        a.get("rune") == 0 for a in d.legal())
    d = Duel(turn=5, options=Options(set_rune_delay=False))
    d.creature(1, "Thornling")
    d.hand(0, "Decay")
    d.act(0, type="set", card=0)
    assert any(a.get("rune") == 0 for a in d.legal())
    d = Duel(turn=5)
    for _ in range(5):
        d.rune(0, "Wither")
    d.hand(0, "Decay")
    assert not any(a["type"] in ("set", "activate") and "card" in a for a in d.legal())


def test_AR_RUNE_4_conditions_must_hold() -> None:
    d = Duel(turn=5)
    d.rune(0, "Stone Skin")
    d.rune(0, "Mirror Veil")
    d.hand(0, "Stone Skin", "Decay")
    assert not any(a["type"] == "activate" for a in d.legal())   # no attack, no target
    d = battle()
    d.creature(0, "Bramble Boar")
    d.creature(1, "Reef Warden")
    d.rune(1, "Stone Skin")
    d.rune(1, "Mirror Veil")
    attack(d, 0, 0)
    assert [a for a in d.legal(1) if a["type"] == "activate"] == [
        {"type": "activate", "rune": 0}, {"type": "activate", "rune": 1}]


def test_AR_RUNE_4_an_all_rune_that_would_reach_nothing_cannot_be_activated() -> None:
    """Quake destroys every creature with toughness 2 or less: with only a 4-toughness
    creature in play it cannot fulfil its effect, from hand or set; a face-down creature
    within the bound is enough (Quake names face-down ones, AR-POS-6)."""
    d = Duel(turn=5)
    d.creature(1, "Reef Warden")
    d.hand(0, "Quake")
    d.rune(0, "Quake")
    assert not any(a["type"] == "activate" for a in d.legal())
    d.defender(1, "Ember Whelp", face_up=False)
    assert [a for a in d.legal() if a["type"] == "activate"] == [
        {"type": "activate", "card": 0}, {"type": "activate", "rune": 0}]


def test_AR_RUNE_5_the_posts_decay_tornado_example() -> None:
    """Tornado would return the set Decay to its owner's hand; Decay is chained in answer,
    destroys a creature, and goes to the netherworld at the end of the turn instead."""
    d = Duel(turn=6, current=1)
    d.rune(0, "Decay", set_turn=5)
    d.creature(1, "Tide Runner")
    d.hand(1, "Tornado")
    d.act(1, type="activate", card=0, ts=0, tr=0)
    assert d.g.priority == 0 and [CARDS[x.card].name for x in d.g.chain] == ["Tornado"]
    d.act(0, type="activate", rune=0, ts=1, tz=0)
    assert [CARDS[x.card].name for x in d.g.chain] == []   # both resolved
    assert d.zones(1) == [None] * 5 and d.nether(1) == ["Tide Runner"]
    assert d.hand_names(0) == []                            # Tornado passed over Decay
    assert [CARDS[r.card].name for r in d.g.players[0].runes if r] == ["Decay"]
    d.acts((1, {"type": "next_phase"}), (1, {"type": "next_phase"}),
           (1, {"type": "end_turn"}))
    assert d.nether(0) == ["Decay"] and d.nether(1) == ["Tide Runner", "Tornado"]
    assert d.g.players[0].runes == [None] * 5


def test_AR_RUNE_5_tornado_returns_a_rune_that_stays_set() -> None:
    d = Duel(turn=6, current=1)
    d.rune(0, "Decay", set_turn=5)
    d.hand(1, "Tornado")
    d.act(1, type="activate", card=0, ts=0, tr=0)
    d.act(0, type="pass")
    assert d.hand_names(0) == ["Decay"] and d.g.players[0].runes == [None] * 5


def test_AR_RUNE_6_active_runes_stay_until_their_effect_ends() -> None:
    d = battle(turn=5)
    d.creature(0, "Ember Whelp")
    d.creature(1, "Thornling")
    d.rune(1, "Stone Skin")
    attack(d, 0, 0)
    d.act(1, type="activate", rune=0)
    assert d.g.attack is not None and d.g.attack.stage == "call_off"
    d.act(0, type="continue")
    assert field.toughness(d.at(1, 0)) == 6 and d.zones(0)[0] is None
    d.acts((0, {"type": "next_phase"}), (0, {"type": "end_turn"}))
    assert [CARDS[r.card].name for r in d.g.players[1].runes if r] == ["Stone Skin"]
    assert field.toughness(d.at(1, 0)) == 6               # two turns
    d.acts((1, {"type": "next_phase"}), (1, {"type": "next_phase"}),
           (1, {"type": "end_turn"}))
    assert d.nether(1) == ["Stone Skin"] and field.toughness(d.at(1, 0)) == 3


def test_AR_RUNE_7_selecting_runes_choose_face_up_creatures_only() -> None:
    d = Duel(turn=5)
    d.defender(1, "Reef Warden", face_up=False)
    d.hand(0, "Wither")
    assert not any(a["type"] == "activate" for a in d.legal())


def test_AR_CHAIN_1_and_2_responses_stack_and_resolve_last_in_first_out() -> None:
    d = Duel(turn=5, current=0)
    d.creature(0, "Thornling")       # 2/3
    d.creature(1, "Tidecaller Serpent")
    d.hand(0, "Wither")
    d.rune(0, "Decay")
    d.act(0, type="activate", card=0, ts=0, tz=0)   # Wither my own Thornling: -2/-2
    d.act(1, type="effect", zone=0, ts=0, tz=0)     # Serpent: +2 toughness to it
    d.act(0, type="activate", rune=0, ts=1, tz=0)   # Decay the Serpent
    assert [CARDS[x.card].name for x in d.g.chain] == ["Wither", "Tidecaller Serpent", "Decay"]
    d.act(1, type="pass")
    assert d.g.chain == []
    assert d.zones(1) == [None] * 5
    t = d.at(0, 0)
    assert (field.power(t), field.toughness(t)) == (0, 3)   # +2 then -2


def test_AR_CHAIN_3_priority_goes_to_the_opponent_then_alternates() -> None:
    d = Duel(turn=5, current=0)
    d.rune(0, "Wither")
    d.rune(1, "Wither")
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position="attack")
    assert engine.to_act(d.g) == {1}
    d.act(1, type="pass")
    assert engine.to_act(d.g) == {0}
    d.act(0, type="pass")
    assert d.g.priority == -1 and engine.to_act(d.g) == {0}


def test_AR_CHAIN_4_windows_by_public_criteria_only() -> None:
    # A set rune that cannot be used (Stone Skin, no attack) still gets the window.
    d = Duel(turn=5, current=0)
    d.rune(1, "Stone Skin")
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position="attack")
    assert d.legal(1) == [{"type": "pass"}]
    # A player without set runes or quick effects is not asked, whatever their hand holds.
    d = Duel(turn=5, current=0)
    d.hand(1, "Decay", "Mirror Veil")
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position="attack")
    assert d.g.priority == -1
    assert chain.qualifies(d.g, 1) is False


def test_AR_CHAIN_5_call_off_only_after_a_non_destroying_opponent_rune() -> None:
    d = battle()
    d.creature(0, "Bramble Boar")
    d.creature(1, "Thornling")
    d.rune(1, "Wither")
    attack(d, 0, 0)
    d.act(1, type="activate", rune=0, ts=0, tz=0)   # Wither the Boar: 2 power
    assert d.legal(0) == [{"type": "continue"}, {"type": "call_off"}]
    d.act(0, type="call_off")
    assert d.zones(0)[0] == "Bramble Boar" and d.hp() == [10, 10]
    d = battle()
    d.creature(0, "Bramble Boar")
    d.creature(0, "Ember Whelp")
    d.creature(1, "Thornling")
    d.rune(1, "Decay")
    attack(d, 0, 0, 1)
    d.act(1, type="activate", rune=0, ts=0, tz=1)   # a destroying rune: no call-off
    assert d.g.attack is None and d.zones(1)[0] is None and d.hp() == [10, 9]


def test_AR_CHAIN_6_no_runes_from_hand_and_no_wards_while_a_chain_is_open() -> None:
    d = Duel(turn=5, current=0)
    d.creature(0, "Thornling")
    d.creature(0, "Tidecaller Serpent")
    d.creature(1, "Thornling")
    d.rune(1, "Wither")
    d.hand(0, "Decay", "Iron Band", "Tornado")
    d.act(0, type="activate", card=0, ts=1, tz=0)
    d.act(1, type="activate", rune=0, ts=0, tz=0)
    assert engine.to_act(d.g) == {0}
    assert {a["type"] for a in d.legal(0)} == {"pass", "effect"}


def test_AR_CHAIN_7_only_quick_creature_effects_join_a_chain() -> None:
    d = Duel(turn=5, current=1)
    d.creature(0, "Seedcaller")          # activated, not quick
    d.creature(0, "Tidecaller Serpent")  # quick
    d.g.players[0].nether.append(d.piece("Thornling", 0))
    d.hand(1, "Ember Whelp")
    d.act(1, type="summon", card=0, position="attack")
    effects = [a for a in d.legal(0) if a["type"] == "effect"]
    assert effects and all(a["zone"] == 1 for a in effects)


def test_AR_WARD_1_and_4_a_ward_leaves_with_its_creature_to_its_owners_netherworld() -> None:
    d = battle()
    d.creature(0, "Bramble Boar")
    target = d.creature(1, "Thornling", owner=0)   # controlled by 1, owned by 0
    d.ward(target, "Iron Band", owner=1)
    assert field.toughness(target) == 5
    d.creature(0, "Flame Drake")
    attack(d, 0, 0, 1)
    assert d.zones(1) == [None] * 5
    assert d.nether(0) == ["Bramble Boar", "Thornling"] and d.nether(1) == ["Iron Band"]


def test_AR_WARD_2_and_3_equip_in_main_outside_chains_onto_own_face_up_creatures() -> None:
    d = Duel(turn=5)
    d.creature(0, "Thornling")
    d.defender(0, "Reef Warden", face_up=False)
    d.creature(1, "Ember Whelp")
    d.hand(0, "Fang Charm", "Crown of Embers")
    equips = [a for a in d.legal() if a["type"] == "equip"]
    assert equips == [{"type": "equip", "card": 0, "zone": 0},
                      {"type": "equip", "card": 1, "zone": 0}]
    d.act(0, type="equip", card=0, zone=0).act(0, type="equip", card=0, zone=0)
    assert (field.power(d.at(0, 0)), field.toughness(d.at(0, 0))) == (6, 4)
    assert d.g.players[0].runes == [None] * 5
    d = Duel(turn=5, phase=BATTLE)
    d.creature(0, "Thornling")
    d.hand(0, "Fang Charm")
    assert not any(a["type"] == "equip" for a in d.legal())


def test_AR_WARD_quick_relic_answers_in_a_window() -> None:
    d = battle()
    d.creature(0, "Bramble Boar")
    t = d.creature(1, "Thornling")
    d.ward(t, "Aegis of the Deep", owner=1)
    attack(d, 0, 0)
    assert {"type": "ward_effect", "zone": 0, "ward": 0} in d.legal(1)
    d.act(1, type="ward_effect", zone=0, ward=0)
    d.act(1, type="pass")   # the Aegis is still a public quick effect: seat 1 is asked again
    assert d.zones(1)[0] == "Thornling" and d.zones(0)[0] is None and d.hp() == [9, 10]


def test_AR_NETHER_1_cards_go_to_their_owners_netherworld() -> None:
    d = Duel(turn=5)
    d.creature(1, "Ember Whelp", owner=0)
    d.hand(0, "Decay")
    d.act(0, type="activate", card=0, ts=1, tz=0)
    assert d.nether(0) == ["Ember Whelp"] and d.nether(1) == []


def test_AR_NETHER_2_and_3_base_state_and_order() -> None:
    d = Duel(turn=5)
    c = d.creature(1, "Thornling")
    c.mods.append((3, 3, 9))
    d.creature(1, "Ember Whelp")
    d.hand(0, "Quake")
    d.act(0, type="activate", card=0)
    nether = d.g.players[1].nether
    assert [CARDS[x.card].name for x in nether] == ["Ember Whelp"]   # 6 toughness spared
    d = Duel(turn=5)
    d.creature(1, "Thornling").mods.append((0, -1, 9))
    d.creature(1, "Ember Whelp")
    d.hand(0, "Quake")
    d.act(0, type="activate", card=0)
    nether = d.g.players[1].nether
    assert [CARDS[x.card].name for x in nether] == ["Thornling", "Ember Whelp"]
    assert all(x.mods == [] and not x.face_up and x.arrived == 0 for x in nether)


def test_AR_EFFECT_1_activated_effects_on_your_turn_once() -> None:
    d = Duel(turn=5)
    d.creature(0, "Seedcaller")
    d.g.players[0].nether += [d.piece("Thornling", 0), d.piece("Bramble Boar", 0)]
    assert [a for a in d.legal() if a["type"] == "effect"] == [
        {"type": "effect", "zone": 0, "tn": 0}, {"type": "effect", "zone": 0, "tn": 1}]
    d.act(0, type="effect", zone=0, tn=1)
    assert d.zones(0)[1] == "Bramble Boar"
    assert not any(a["type"] == "effect" for a in d.legal())


def test_AR_EFFECT_2_vocabulary_and_timings() -> None:
    ops = {c.effect.get("op") for c in CARDS.values() if c.effect}
    assert ops == {"destroy", "modify", "return", "negate", "special_summon", "draw", "hp",
                   "counter"}
    timings = {c.timing for c in CARDS.values() if c.effect}
    assert timings == {"activated", "quick", "flip", "summon", "rune", "attack", "triggered"}
    d = Duel(turn=5)
    d.creature(0, "Grove Stag", arrived=3)
    d.creature(0, "Thornling", arrived=3)
    d.hand(0, "Grove Stag")
    d.act(0, type="summon", card=0, position="attack", t1=1)   # when summoned: draw 1
    assert d.hand_names(0) == ["Thornling"] and d.g.phase == MAIN1
    d = battle()
    d.creature(0, "Bramble Boar")
    d.creature(1, "Thornling")
    d.rune(1, "Mirror Veil")
    attack(d, 0, 0)
    d.act(1, type="activate", rune=0)
    assert d.g.attack is None and d.zones(1)[0] == "Thornling" and d.hp() == [10, 10]
    assert d.at(0, 0).attacked == 5
