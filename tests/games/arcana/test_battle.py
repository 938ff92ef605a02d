"""AR-BATTLE, AR-BLOCK and AR-HP: attacks in steps, clashes, blockers and HP."""

from __future__ import annotations

from marcomage.games.arcana import engine, field
from marcomage.games.arcana.clash import clash
from marcomage.games.arcana.state import BATTLE, Attack

from .build import Duel


def attack(d: Duel, target: int | None, *zones: int) -> Duel:
    seat = d.g.current
    d.act(seat, **({"type": "attack_direct"} if target is None
                   else {"type": "attack", "zone": target}))
    for z in zones:
        d.act(seat, type="add", zone=z)
    return d.act(seat, type="confirm")


def battle(turn: int = 5) -> Duel:
    return Duel(turn=turn, current=0, phase=BATTLE)


def test_AR_BATTLE_1_only_attack_position_once_per_turn_in_battle() -> None:
    d = battle()
    d.creature(0, "Thornling")
    d.defender(0, "Reef Warden")
    assert [a for a in d.legal() if a["type"] == "attack_direct"]
    d.act(0, type="attack_direct")
    assert [a for a in d.legal() if a["type"] == "add"] == [{"type": "add", "zone": 0}]
    d.acts((0, {"type": "add", "zone": 0}), (0, {"type": "confirm"}))
    assert not any(a["type"].startswith("attack") for a in d.legal())


def test_AR_BATTLE_2_target_then_attackers_in_order_then_confirm_or_cancel() -> None:
    d = battle()
    d.creature(0, "Ember Whelp")
    d.creature(0, "Cinder Scout")
    d.creature(1, "Elder Treant")
    d.act(0, type="attack", zone=0)
    assert {a["type"] for a in d.legal()} == {"add", "cancel"}
    d.acts((0, {"type": "add", "zone": 1}), (0, {"type": "add", "zone": 0}))
    assert d.g.attack is not None
    assert d.g.attack.attackers == [d.at(0, 1).uid, d.at(0, 0).uid]
    before = d.hp()
    d.act(0, type="cancel")
    assert d.g.attack is None and d.hp() == before and d.at(0, 0).attacked == 0


def test_AR_BATTLE_2_an_attack_can_always_be_cancelled_the_cap_stops_new_declarations() -> None:
    """Until it is confirmed an attack can be cancelled, however often the player cancelled
    before; turns stay finite because after ATTACK_CANCELS_PER_TURN cancels no new attack
    may be declared that turn (our reading)."""
    d = battle()
    d.creature(0, "Ember Whelp")
    d.creature(1, "Elder Treant")
    for _ in range(engine.ATTACK_CANCELS_PER_TURN):
        d.act(0, type="attack", zone=0)
        assert {"type": "cancel"} in d.legal()
        d.act(0, type="add", zone=0)
        assert d.legal() == [{"type": "confirm"}, {"type": "cancel"}]
        d.act(0, type="cancel")
    assert d.g.attack is None and d.at(0, 0).attacked == 0
    assert not any(a["type"] in ("attack", "attack_direct") for a in d.legal())
    assert {"type": "next_phase"} in d.legal()
    d.g.cancels = engine.ATTACK_CANCELS_PER_TURN + 5   # e.g. a state saved mid-build
    d.g.attack = Attack(0, d.at(1, 0).uid)
    assert {"type": "cancel"} in d.legal()


def test_AR_BATTLE_3_any_creature_prevents_a_direct_attack() -> None:
    d = battle()
    d.creature(0, "Ember Whelp")
    d.defender(1, "Thornling", face_up=False)
    assert {"type": "attack_direct"} not in d.legal()
    assert {"type": "attack", "zone": 0} in d.legal()


def test_AR_BATTLE_4_flip_then_blocker_then_window_then_damage() -> None:
    d = battle()
    d.creature(0, "Bramble Boar")            # 4 power
    d.defender(1, "Mist Diviner", face_up=False)
    d.defender(1, "Thornling")
    d.rune(1, "Wither")
    d.act(0, type="attack", zone=0).act(0, type="add", zone=0).act(0, type="confirm")
    assert d.at(1, 0).face_up and d.g.attack is not None and d.g.attack.stage == "block"
    assert [link.card for link in d.g.chain] == [engine.CARDS[d.at(1, 0).card].id]
    assert engine.to_act(d.g) == {1}
    d.act(1, type="block", zone=1)
    assert d.g.priority == 1 and d.legal(1)[0] == {"type": "pass"}   # the window, defender first
    d.act(1, type="pass")
    # Thornling (3) blocks: 4 > 3, excess 1 goes on; Mist Diviner drew its card.
    assert d.g.attack is not None and d.g.attack.stage == "continue"
    assert len(d.g.players[1].hand) == 1
    d.act(0, type="continue")
    assert d.zones(1)[0] == "Mist Diviner" and d.nether(1) == ["Thornling"]
    assert d.at(0, 0).attacked == 5


def test_AR_BATTLE_5_equal_power_destroys_both() -> None:
    d = battle()
    d.creature(0, "Cinder Scout")    # 2/2
    d.creature(1, "Cinder Scout")
    attack(d, 0, 0)
    assert d.zones(0) == [None] * 5 and d.zones(1) == [None] * 5
    assert d.hp() == [9, 9]


def test_AR_BATTLE_6_bouncing_off_defense_is_safe_off_attack_is_not() -> None:
    d = battle()
    d.creature(0, "Cinder Scout")
    d.defender(1, "Reef Warden")
    attack(d, 0, 0)
    assert d.zones(0)[0] == "Cinder Scout" and d.hp() == [10, 10]
    d = battle()
    d.creature(0, "Cinder Scout")
    d.creature(1, "Reef Warden")
    attack(d, 0, 0)
    assert d.zones(0)[0] is None and d.hp() == [9, 10]


def test_AR_BATTLE_7_the_posts_example_three_threes_against_eight() -> None:
    result = clash(8, True, [(1, 3), (2, 3), (3, 3)])
    assert result.destroyed == [1, 2] and result.defender_destroyed
    assert result.excess == {3: 1}
    assert clash(8, False, [(1, 3), (2, 3), (3, 3)]).destroyed == []
    assert clash(5, False, [(1, 3), (2, 2), (3, 9)]).destroyed == [2]   # tie, then 3 spared
    d = battle()
    for _ in range(3):
        d.creature(0, "Tide Runner")    # 3 power
    target = d.creature(1, "Elder Treant")   # 8 toughness, attack position
    assert field.toughness(target) == 8
    attack(d, 0, 2, 0, 1)
    assert d.zones(0) == [None, "Tide Runner", None, None, None]   # zone 1 declared last
    assert d.zones(1) == [None] * 5
    assert d.hp() == [8, 9]


def test_AR_BATTLE_8_direct_attack_costs_one_hp_per_attacker() -> None:
    d = battle()
    d.creature(0, "Bramble Boar")
    d.creature(0, "Cinder Scout")
    attack(d, None, 0, 1)
    assert d.hp() == [10, 8]


def test_AR_BATTLE_9_a_target_that_leaves_ends_the_attack() -> None:
    d = battle()
    d.creature(0, "Bramble Boar")
    d.creature(1, "Thornling")
    d.rune(1, "Decay")
    attack(d, 0, 0)
    d.act(1, type="activate", rune=0, ts=0, tz=0)   # Decay the only attacker
    # Neither side holds a set rune or quick effect now: both pass, the chain resolves.
    assert d.g.attack is None and d.zones(1)[0] == "Thornling" and d.hp() == [10, 10]
    d = battle()
    d.creature(0, "Bramble Boar")
    d.creature(1, "Thornling")
    d.rune(0, "Decay")
    d.rune(1, "Wither")
    attack(d, 0, 0)
    d.act(1, type="pass").act(0, type="activate", rune=0, ts=1, tz=0)
    d.act(1, type="pass")
    assert d.g.attack is None and d.at(0, 0).attacked == 5 and d.hp() == [10, 10]


def test_AR_BLOCK_1_only_face_up_defense_creatures_block_one_per_attack() -> None:
    d = battle()
    d.creature(0, "Ember Whelp")
    d.creature(1, "Thornling")
    d.defender(1, "Reef Warden")
    d.defender(1, "Cinder Scout", face_up=False)
    d.creature(1, "Tide Runner")
    attack(d, 0, 0)
    assert d.legal(1) == [{"type": "no_block"}, {"type": "block", "zone": 1}]


def test_AR_BLOCK_2_after_the_blocker_falls_continue_or_call_off() -> None:
    d = battle()
    d.creature(0, "Bramble Boar")   # 4
    d.creature(0, "Tide Runner")    # 3
    d.creature(1, "Thornling")      # target 3
    d.defender(1, "Cinder Scout")   # blocker 2
    attack(d, 0, 0, 1)
    d.act(1, type="block", zone=1)
    assert d.g.attack is not None and d.g.attack.party == [(d.at(0, 0).uid, 2),
                                                           (d.at(0, 1).uid, 3)]
    d.act(0, type="call_off")
    assert d.zones(1) == ["Thornling", None, None, None, None] and d.hp() == [10, 10]


def test_AR_BLOCK_3_defender_chooses_and_a_creature_blocks_once_per_turn() -> None:
    d = battle()
    d.creature(0, "Cinder Scout")
    d.creature(0, "Cinder Scout")
    d.creature(1, "Elder Treant")
    d.defender(1, "Reef Warden")
    attack(d, 0, 0)
    assert engine.to_act(d.g) == {1}
    d.act(1, type="block", zone=1)
    assert d.g.attack is None
    attack(d, 0, 1)
    assert d.g.attack is None or d.g.attack.stage != "block"
    assert engine.BLOCKS_PER_TURN == 1


def test_AR_BLOCK_4_a_surviving_blocker_ends_the_attack_and_ties_destroy_attackers() -> None:
    d = battle()
    d.creature(0, "Cinder Scout")     # 2
    d.creature(0, "Ember Whelp")      # 3
    d.creature(1, "Tide Runner")      # target
    d.defender(1, "Thornling")        # blocker 3
    attack(d, 0, 0, 1)
    d.act(1, type="block", zone=1)
    # 2 < 3 (the blocker is in defense: Scout survives), then 3 > 1 remaining: excess 2.
    assert d.g.attack is not None and d.g.attack.stage == "continue"
    assert d.g.attack.party == [(d.at(0, 1).uid, 2)]
    d.act(0, type="continue")
    assert d.zones(1) == [None] * 5 and d.hp() == [9, 9]   # 2 against Tide Runner's 2: tie
    assert d.zones(0) == ["Cinder Scout", None, None, None, None]
    d = battle()
    d.creature(0, "Cinder Scout")
    d.creature(1, "Tide Runner")
    d.defender(1, "Reef Warden")
    attack(d, 0, 0)
    d.act(1, type="block", zone=1)
    assert d.g.attack is None and d.zones(1)[0] == "Tide Runner" and d.hp() == [10, 10]


def test_AR_HP_2_3_4_and_5() -> None:
    d = battle()
    d.creature(0, "Cinder Scout")
    attack(d, None, 0)
    assert d.hp() == [10, 9]
    d = battle()
    d.creature(0, "Bramble Boar")
    d.creature(1, "Thornling")             # attack position, destroyed in battle
    attack(d, 0, 0)
    assert d.hp() == [10, 9]
    d = battle()
    d.creature(0, "Bramble Boar")
    d.defender(1, "Thornling")             # defense: no HP lost
    attack(d, 0, 0)
    assert d.hp() == [10, 10] and d.nether(1) == ["Thornling"]
    d = battle()
    d.g.players[1].hp = 1
    d.creature(0, "Cinder Scout")
    d.creature(0, "Ember Whelp")
    attack(d, None, 0, 1)
    assert d.hp() == [10, 0]


def test_AR_END_1_zero_hp_loses_and_AR_END_2_both_zero_is_a_draw() -> None:
    d = battle()
    d.g.players[1].hp = 1
    d.creature(0, "Cinder Scout")
    attack(d, None, 0)
    out = d.g.outcome
    assert out is not None and out.result == "win" and out.winners == (0,) and out.end_type == "hp"
    d = battle()
    d.g.players[0].hp = d.g.players[1].hp = 1
    d.creature(0, "Cinder Scout")
    d.creature(1, "Cinder Scout")
    attack(d, 0, 0)
    out = d.g.outcome
    assert out is not None and out.result == "draw" and out.winners == ()

