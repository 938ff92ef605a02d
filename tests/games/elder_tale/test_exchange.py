"""The exchange (ET-XCH) and the page's combat examples, reproduced to the point: Attack
Down, Attack Up, Blind, Guard Down, Guard Up, Thorns and Thorn Bind."""

from __future__ import annotations

from marcomage.games.elder_tale.exchange import resolve
from marcomage.games.elder_tale.state import Active

from .duels import attack_card, defense_card, fighter


def test_ET_XCH_1_attack_down_example_two_hits_of_three_become_four() -> None:
    attacker, defender = fighter(effects=[Active("attack_down", 2, 1, 1)]), fighter()
    log = resolve([attack_card(2, 3)], [], attacker, defender)
    assert [h["value"] for h in log["hits"]] == [1, 3] and log["damage"] == 4
    assert defender.hp == 36 and attacker.effects == []


def test_ET_XCH_1_attack_up_example_two_hits_of_three_become_eight() -> None:
    attacker, defender = fighter(effects=[Active("attack_up", 2, 1, 1)]), fighter()
    log = resolve([attack_card(2, 3)], [], attacker, defender)
    assert [h["value"] for h in log["hits"]] == [5, 3] and log["damage"] == 8


def test_ET_XCH_2_guard_down_example_six_defense_becomes_four() -> None:
    attacker, defender = fighter(), fighter(effects=[Active("guard_down", 2, 1, 1)])
    log = resolve([attack_card(1, 1)], [defense_card(2, 3)], attacker, defender)
    assert log["guard_hits"] == [1, 3] and log["guard"] == 4


def test_ET_XCH_2_guard_up_example_six_defense_becomes_eight() -> None:
    attacker, defender = fighter(), fighter(effects=[Active("guard_up", 2, 1, 1)])
    log = resolve([attack_card(1, 1)], [defense_card(2, 3)], attacker, defender)
    assert log["guard_hits"] == [5, 3] and log["guard"] == 8


def test_ET_FX_3_blind_example_guard_then_leftover_on_the_next_attack() -> None:
    """Blind 2 for 3 hits: 2 hits of 3 defense give 2; the leftover hit takes 2 off the
    first of the defender's next 2 hits of 4 (8 becomes 6); then it lapses."""
    blinded = fighter(effects=[Active("blind", 2, 3, None, stage="defense")])
    caster = fighter()
    first = resolve([attack_card(1, 1)], [defense_card(2, 3)], caster, blinded)
    assert first["guard_hits"] == [1, 1] and first["guard"] == 2
    assert blinded.effects[0].hits == 1 and blinded.effects[0].stage == "attack"
    second = resolve([attack_card(2, 4)], [], blinded, caster)
    assert [h["value"] for h in second["hits"]] == [2, 4] and second["damage"] == 6
    assert blinded.effects == []


def test_ET_XCH_3_4_5_thorns_example() -> None:
    """Guard 6 against 3 hits of 3: 6-3, 3-3 (Thorns applies twice), 0-3 bypasses with 3;
    2 intensity Thorns deal 2+2 to the attacker."""
    attacker, defender = fighter(), fighter(effects=[Active("thorns", 2, None, 1)])
    log = resolve([attack_card(3, 3)], [defense_card(2, 3)], attacker, defender)
    assert [(h["guard_after"], h["bypass"]) for h in log["hits"]] == [
        (3, False), (0, False), (-3, True)]
    assert log["thorns"] == 4 and attacker.hp == 36 and log["damage"] == 3


def test_ET_XCH_6_thorn_bind_example_adds_two_on_the_bypassing_hit() -> None:
    attacker = fighter(effects=[Active("thorn_bind", 2, None, 1)])
    defender = fighter()
    log = resolve([attack_card(3, 3)], [defense_card(2, 3)], attacker, defender)
    assert log["cards"][0]["bypass"] == 3 and log["cards"][0]["thorn_bind"] == 2
    assert log["damage"] == 5 and defender.hp == 35


def test_ET_XCH_3_first_bypassing_hit_deals_the_part_below_zero_later_ones_in_full() -> None:
    attacker, defender = fighter(), fighter()
    log = resolve([attack_card(3, 4)], [defense_card(1, 5)], attacker, defender)
    assert [h["damage"] for h in log["hits"]] == [0, 3, 4] and log["damage"] == 7


def test_ET_XCH_7_resist_then_scratch_of_one() -> None:
    attacker = fighter()
    defender = fighter(effects=[Active("type_resist", 4, None, 1, resist="Physical")])
    log = resolve([attack_card(2, 3)], [defense_card(1, 4)], attacker, defender)
    assert log["cards"][0]["bypass"] == 2 and log["cards"][0]["resisted"] == 4
    assert log["cards"][0]["damage"] == 1 and log["cards"][0]["scratch"]
    other = resolve([attack_card(2, 3, "Bolt", grants=[["Magical", 1]])], [],
                    fighter(), fighter(effects=[Active("type_resist", 4, None, 1,
                                                       resist="Physical")]))
    assert other["damage"] == 6


def test_ET_XCH_7_a_fully_guarded_card_still_scratches() -> None:
    attacker, defender = fighter(), fighter()
    log = resolve([attack_card(1, 2), attack_card(1, 2, "Jab")], [defense_card(2, 6)],
                  attacker, defender)
    assert [c["damage"] for c in log["cards"]] == [1, 1] and defender.hp == 38


def test_ET_XCH_2_gain_defense_is_one_hit_and_start_guard_adds_to_the_total() -> None:
    defender = fighter(effects=[Active("gain_defense", 3), Active("guard_up", 1, None, 1),
                                Active("start_guard", 2, None, 1, stage="armed")])
    log = resolve([attack_card(1, 10)], [defense_card(1, 2)], fighter(), defender)
    assert log["guard_hits"] == [3, 4] and log["start_guard"] == 2 and log["guard"] == 9
    assert defender.effects == []  # gain defense spent; the round bounds used up


def test_ET_DUEL_12_waiting_start_guard_does_not_count() -> None:
    defender = fighter(effects=[Active("start_guard", 2, None, 1, stage="waiting")])
    log = resolve([attack_card(1, 3)], [], fighter(), defender)
    assert log["guard"] == 0 and defender.effects[0].rounds == 1


def test_ET_DP_9_only_the_strongest_of_one_type_counts() -> None:
    attacker = fighter(effects=[Active("attack_up", 1, None, 1), Active("attack_up", 3, None, 1)])
    log = resolve([attack_card(1, 2)], [], attacker, fighter())
    assert log["hits"][0]["value"] == 5


def test_ET_XCH_1_hit_values_never_go_below_zero() -> None:
    attacker = fighter(effects=[Active("attack_down", 5, None, 1)])
    log = resolve([attack_card(2, 2)], [defense_card(1, 1)], attacker, fighter())
    assert [h["value"] for h in log["hits"]] == [0, 0]
    assert not any(h["bypass"] for h in log["hits"]) and log["damage"] == 1


def test_ET_XCH_5_thorns_bounded_in_hits_applies_to_that_many_hits_issue_35() -> None:
    """Issue 35: 3 hits of 3 defense with Thorns 2 on 2 hits, against 3 hits of 3 (guard
    9-3-3-3, none bypasses): Thorns applies on its 2 hits only, 2+2 = 4, not 6 (ET-FX-19:
    "2 hits of 2 intensity Thorns ... 2+2 (4) damage")."""
    attacker, defender = fighter(), fighter(effects=[Active("thorns", 2, 2, 1)])
    log = resolve([attack_card(3, 3)], [defense_card(3, 3)], attacker, defender)
    assert [h["bypass"] for h in log["hits"]] == [False, False, False]
    assert log["thorns"] == 4 and attacker.hp == 40 - 4
    assert defender.effects == []


def test_ET_XCH_6_thorn_bind_bounded_in_hits_applies_to_that_many_hits_issue_35() -> None:
    """Issue 35: Thorn Bind 2 on 1 hit, 3 hits of 3 against no guard: every hit bypasses,
    the bound lets Thorn Bind add 2 once, not three times."""
    attacker = fighter(effects=[Active("thorn_bind", 2, 1, 1)])
    defender = fighter()
    log = resolve([attack_card(3, 3)], [], attacker, defender)
    assert log["cards"][0]["thorn_bind"] == 2 and log["damage"] == 9 + 2
    assert attacker.effects == []
