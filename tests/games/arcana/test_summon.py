"""AR-SUMMON and AR-POS: summons of every kind, sacrifices, positions and flips."""

from __future__ import annotations

from marcomage.games.arcana import engine, field
from marcomage.games.arcana.state import ATTACK, DEFENSE, MAIN1, MAIN2, Options

from .build import Duel


def test_AR_SUMMON_1_normal_summon_face_up_attack_or_set_face_down_once_per_turn() -> None:
    d = Duel()
    d.hand(0, "Ember Whelp", "Cinder Scout")
    assert {"type": "summon", "card": 0, "position": "defense"} in d.legal()
    d.act(0, type="summon", card=0, position="attack")
    c = d.at(0, 0)
    assert c.face_up and c.position == ATTACK
    assert not any(a["type"] == "summon" for a in d.legal())
    d = Duel()
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position="defense")
    assert not d.at(0, 0).face_up and d.at(0, 0).position == DEFENSE


def test_AR_SUMMON_2_two_stars_need_one_same_type_three_stars_two_one_same() -> None:
    d = Duel()
    d.creature(0, "Thornling")       # Grove
    d.creature(0, "Ember Whelp")     # Flame
    d.hand(0, "Flame Drake", "Inferno Wyrm")
    summons = [a for a in d.legal() if a["type"] == "summon"]
    assert {"type": "summon", "card": 0, "position": "attack", "t1": 1} in summons
    assert not any(a["card"] == 0 and a.get("t1") == 0 for a in summons)
    assert {"type": "summon", "card": 1, "position": "attack", "t1": 0, "t2": 1} in summons
    d.act(0, type="summon", card=0, position="attack", t1=1)
    assert d.zones(0) == ["Thornling", "Flame Drake", None, None, None]
    assert d.nether(0) == ["Ember Whelp"]
    d = Duel()
    d.creature(0, "Thornling")
    d.creature(0, "Cinder Scout", owner=0)
    d.hand(0, "Elder Treant")   # Grove: Thornling is of the same type
    d.creature(0, "Reef Warden")
    summons = [a for a in d.legal() if a["type"] == "summon"]
    assert {(a["t1"], a["t2"]) for a in summons} == {(0, 1), (0, 2)}


def test_AR_SUMMON_3_a_tribute_summon_uses_the_normal_summon() -> None:
    d = Duel()
    d.creature(0, "Ember Whelp")
    d.hand(0, "Flame Drake", "Cinder Scout")
    d.act(0, type="summon", card=0, position="attack", t1=0)
    assert not any(a["type"] == "summon" for a in d.legal())


def test_AR_SUMMON_4_tribute_set_face_down() -> None:
    d = Duel()
    d.creature(0, "Ember Whelp")
    d.hand(0, "Flame Drake")
    d.act(0, type="summon", card=0, position="defense", t1=0)
    c = d.at(0, 0)
    assert not c.face_up and c.position == DEFENSE and engine.CARDS[c.card].stars == 2


def test_AR_SUMMON_5_special_summon_does_not_use_the_normal_summon() -> None:
    d = Duel()
    d.creature(0, "Seedcaller")
    d.g.players[0].nether.append(d.piece("Thornling", 0))
    d.hand(0, "Ember Whelp")
    d.act(0, type="effect", zone=0, tn=0)
    assert d.zones(0)[1] == "Thornling" and d.at(0, 1).special
    assert d.at(0, 1).position == DEFENSE and d.at(0, 1).face_up
    assert {"type": "summon", "card": 0, "position": "attack"} in d.legal()


def test_AR_SUMMON_6_sacrifices_must_have_survived_a_turn_special_summons_exempt() -> None:
    d = Duel(turn=3)
    d.creature(0, "Ember Whelp", arrived=3)      # arrived this turn
    d.hand(0, "Flame Drake")
    assert not any(a["type"] == "summon" for a in d.legal())
    d = Duel(turn=3)
    d.creature(0, "Ember Whelp", arrived=3, special=True)
    d.hand(0, "Flame Drake")
    assert any(a.get("t1") == 0 for a in d.legal())
    d = Duel(turn=3)
    d.defender(0, "Ember Whelp", face_up=False, arrived=2)   # face down may be sacrificed
    d.hand(0, "Flame Drake")
    assert any(a.get("t1") == 0 for a in d.legal())


def test_AR_SUMMON_7_one_type_per_creature_from_a_fixed_list() -> None:
    creatures = [c for c in engine.CARDS.values() if c.kind == "creature"]
    assert {c.type for c in creatures} == set(engine.CARDS and (
        "Flame", "Tide", "Grove", "Stone", "Storm", "Shade"))
    d = Duel()
    d.creature(0, "Tide Runner")
    d.hand(0, "Flame Drake")
    assert not any(a["type"] == "summon" for a in d.legal())


def test_AR_SUMMON_8_five_zones_tribute_with_full_side_special_onto_full_does_nothing() -> None:
    d = Duel()
    for _ in range(5):
        d.creature(0, "Ember Whelp")
    d.hand(0, "Cinder Scout", "Flame Drake")
    summons = [a for a in d.legal() if a["type"] == "summon"]
    assert summons and all(a["card"] == 1 for a in summons)
    d = Duel()
    d.creature(0, "Seedcaller")
    for _ in range(4):
        d.creature(0, "Ember Whelp")
    d.g.players[0].nether.append(d.piece("Thornling", 0))
    assert not any(a["type"] == "effect" for a in d.legal())


def test_AR_POS_1_face_down_only_in_defense_flipped_when_attacked() -> None:
    d = Duel(turn=3, current=0)
    d.creature(0, "Bramble Boar")
    d.defender(1, "Reef Warden", face_up=False)
    d.to_battle().acts((0, {"type": "attack", "zone": 0}), (0, {"type": "add", "zone": 0}),
                       (0, {"type": "confirm"}))
    assert d.zones(1) == [None] * 5 and d.nether(1) == ["Reef Warden"]   # 4 >= 4: tie
    assert d.zones(0) == [None] * 5 and d.hp() == [9, 10]


def test_AR_POS_2_a_set_creature_cannot_flip_until_the_next_turn() -> None:
    d = Duel(turn=3)
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position="defense")
    assert not any(a["type"] == "flip" for a in d.legal())
    d = Duel(turn=5)
    d.defender(0, "Ember Whelp", face_up=False, arrived=3)
    assert {"type": "flip", "zone": 0} in d.legal()


def test_AR_POS_3_flip_effect_when_flipped_by_attack_or_on_your_turn() -> None:
    d = Duel(turn=5)
    d.defender(0, "Mist Diviner", face_up=False, arrived=3)
    hand = len(d.g.players[0].hand)
    d.act(0, type="flip", zone=0)
    assert len(d.g.players[0].hand) == hand + 1
    d = Duel(turn=5, current=1)
    d.defender(0, "Mist Diviner", face_up=False, arrived=3)
    d.creature(1, "Cinder Scout")
    d.to_battle().acts((1, {"type": "attack", "zone": 0}), (1, {"type": "add", "zone": 0}),
                       (1, {"type": "confirm"}))
    assert len(d.g.players[0].hand) == 1 and d.at(0, 0).face_up


def test_AR_POS_4_flip_summon_to_attack_attacked_flip_stays_in_defense() -> None:
    d = Duel(turn=5)
    d.defender(0, "Thornling", face_up=False, arrived=3)
    d.hand(0, "Ember Whelp")
    d.act(0, type="flip", zone=0)
    assert d.at(0, 0).face_up and d.at(0, 0).position == ATTACK
    assert any(a["type"] == "summon" for a in d.legal())
    d = Duel(turn=5, current=1)
    d.defender(0, "Reef Warden", face_up=False)
    d.creature(1, "Ember Whelp")
    d.to_battle().acts((1, {"type": "attack", "zone": 0}), (1, {"type": "add", "zone": 0}),
                       (1, {"type": "confirm"}))
    assert d.at(0, 0).face_up and d.at(0, 0).position == DEFENSE


def test_AR_POS_5_no_way_to_turn_face_up_creature_face_down() -> None:
    d = Duel(turn=5)
    d.creature(0, "Thornling")
    assert all(a["type"] != "flip" for a in d.legal())


def test_AR_POS_6_face_down_creatures_cannot_be_selected_but_all_effects_reach_them() -> None:
    d = Duel(turn=5)
    d.defender(1, "Ember Whelp", face_up=False)
    d.creature(1, "Cinder Scout")
    d.hand(0, "Decay", "Quake")
    decays = [a for a in d.legal() if a["type"] == "activate" and a["card"] == 0]
    assert decays == [{"type": "activate", "card": 0, "ts": 1, "tz": 1}]
    d.act(0, type="activate", card=1)
    assert d.zones(1) == [None] * 5
    d = Duel(turn=5)
    c = d.defender(1, "Reef Warden", face_up=False)
    c.mods.append((0, 5, 9))
    assert field.toughness(c) == 4   # suspended while face down


def test_AR_POS_7_position_change_once_not_on_arrival_nor_after_attacking() -> None:
    d = Duel(turn=5)
    d.creature(0, "Thornling", arrived=3)
    d.act(0, type="position", zone=0)
    assert d.at(0, 0).position == DEFENSE
    assert {"type": "position", "zone": 0} not in d.legal()
    d = Duel(turn=5)
    d.hand(0, "Thornling")
    d.act(0, type="summon", card=0, position="attack")
    assert {"type": "position", "zone": 0} not in d.legal()
    d = Duel(turn=5)
    d.creature(0, "Thornling", arrived=3)
    d.to_battle().acts((0, {"type": "attack_direct"}), (0, {"type": "add", "zone": 0}),
                       (0, {"type": "confirm"}), (0, {"type": "next_phase"}))
    assert d.g.phase == MAIN2 and {"type": "position", "zone": 0} not in d.legal()


def test_AR_POS_8_attackers_stay_in_attack_position_until_their_next_turn() -> None:
    """"Creatures that declare an attack must remain in attack mode for the rest of the turn
    until the player's next one begins": through Main 2 and the whole of the opponent's
    turn (asked in a window there, its controller cannot turn it, and it is struck as an
    attack-position creature); from the controller's next turn it may change again."""
    d = Duel(turn=5)
    d.creature(0, "Thornling", arrived=3)    # 2/3
    d.rune(0, "Wither")                       # so seat 0 is asked on the opponent's turn
    d.to_battle().acts((0, {"type": "attack_direct"}), (0, {"type": "add", "zone": 0}),
                       (0, {"type": "confirm"}), (0, {"type": "pass"}),
                       (0, {"type": "next_phase"}))
    assert d.g.phase == MAIN2 and {"type": "position", "zone": 0} not in d.legal()
    d.act(0, type="end_turn")
    assert d.g.turn == 6 and d.g.current == 1 and d.at(0, 0).position == ATTACK
    d.creature(1, "Reef Warden", arrived=4)   # 2 power against 3 toughness
    d.hand(1, "Ember Whelp")
    d.act(1, type="summon", card=len(d.g.players[1].hand) - 1, position="attack")
    assert d.g.priority == 0 and all(a["type"] != "position" for a in d.legal(0))
    d.act(0, type="pass").act(1, type="next_phase")
    d.acts((1, {"type": "attack", "zone": 0}), (1, {"type": "add", "zone": 0}),
           (1, {"type": "confirm"}), (0, {"type": "pass"}))
    # Still in attack position: the Warden that fell short is destroyed and costs 1 more HP
    # (against a defense-position Thornling it would have bounced off, AR-BATTLE-6).
    assert d.at(0, 0).position == ATTACK and d.zones(1)[0] is None and d.hp() == [10, 8]
    d.acts((1, {"type": "next_phase"}), (1, {"type": "end_turn"}))
    assert d.g.turn == 7 and {"type": "position", "zone": 0} in d.legal(0)


def test_AR_POS_9_stats_never_below_zero_toughness_static() -> None:
    d = Duel(turn=5)
    c = d.creature(1, "Ember Whelp")
    c.mods.append((-5, -5, 5))
    assert field.power(c) == 0 and field.toughness(c) == 0
    d = Duel(turn=5)
    d.creature(0, "Cinder Scout")
    d.defender(1, "Reef Warden")
    d.to_battle().acts((0, {"type": "attack", "zone": 0}), (0, {"type": "add", "zone": 0}),
                       (0, {"type": "confirm"}))
    assert field.toughness(d.at(1, 0)) == 4


def test_options_default_and_phase_after_summon_window() -> None:
    assert Options() == Options(summoned_can_attack=True, deck_out_loses=False,
                                empty_deck_hp=1, set_rune_delay=True)
    d = Duel()
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position="attack")
    assert d.g.phase == MAIN1 and d.g.priority == -1   # nobody could respond


def test_AR_POS_3_ashen_sentry_flip_effect_when_attacked_and_when_flip_summoned() -> None:
    """Ashen Sentry (1/4), "Flip: every face-up creature your opponent controls gets -1
    power this turn". Attacked face down by Bramble Boar (4), it flips, its effect resolves
    before damage: the Boar strikes with 3 against toughness 4 and bounces off a
    defense-position creature (AR-BATTLE-6); both survive, nobody loses HP, and the Boar has
    its 4 power again next turn. Flip summoned, it reaches only face-up opposing
    creatures (AR-POS-6)."""
    d = Duel(turn=5, current=0, phase="battle")
    d.creature(0, "Bramble Boar")
    d.defender(1, "Ashen Sentry", face_up=False)
    d.acts((0, {"type": "attack", "zone": 0}), (0, {"type": "add", "zone": 0}),
           (0, {"type": "confirm"}))
    assert d.g.attack is None and d.zones(0)[0] == "Bramble Boar"
    assert d.zones(1)[0] == "Ashen Sentry" and d.at(1, 0).face_up
    assert d.at(1, 0).position == DEFENSE and d.hp() == [10, 10]
    assert field.power(d.at(0, 0)) == 3
    d.acts((0, {"type": "next_phase"}), (0, {"type": "end_turn"}))
    assert field.power(d.at(0, 0)) == 4
    d = Duel(turn=5, current=0)
    d.defender(0, "Ashen Sentry", face_up=False, arrived=3)
    d.creature(0, "Ember Whelp")
    d.creature(1, "Tide Runner")
    d.defender(1, "Bramble Boar", face_up=False)
    d.act(0, type="flip", zone=0)
    assert field.power(d.at(1, 0)) == 2 and d.at(1, 1).mods == []
    assert field.power(d.at(0, 1)) == 3   # its own side is untouched


def test_AR_CHAIN_3_a_special_summon_opens_its_window_once_its_chain_resolved() -> None:
    """Seedcaller's special summon is a chain link; when the chain has resolved and
    Thornling has arrived, a new response window opens, its first chance to the summoner's
    opponent, who may answer the new creature; then the turn goes on."""
    d = Duel(turn=5, current=0)
    d.creature(0, "Seedcaller")
    d.g.players[0].nether.append(d.piece("Thornling", 0))
    d.rune(1, "Wither")
    d.act(0, type="effect", zone=0, tn=0)
    assert d.g.priority == 1 and d.zones(0)[1] is None
    assert not any(a.get("tz") == 1 for a in d.legal(1))   # nothing there yet
    d.act(1, type="pass")
    assert d.zones(0)[1] == "Thornling" and d.g.chain == [] and d.g.priority == 1
    assert {"type": "activate", "rune": 0, "ts": 0, "tz": 1} in d.legal(1)
    d.act(1, type="activate", rune=0, ts=0, tz=1)
    assert d.g.priority == -1 and field.toughness(d.at(0, 1)) == 1
    assert engine.to_act(d.g) == {0} and {"type": "next_phase"} in d.legal(0)
