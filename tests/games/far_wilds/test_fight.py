"""FW-MOVE and FW-FIGHT (issue 32): figures that move and fight, one test per rule, on the
default map with cards made for the test (so that the rule tests do not change when the
card pool is tuned), plus the fog rule of moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.far_wilds import cards as card_data
from marcomage.games.far_wilds.cards import cards_of
from marcomage.games.far_wilds.combat import hp
from marcomage.games.far_wilds.engine import apply, legal_actions
from marcomage.games.far_wilds.ruleset import RULESET
from marcomage.games.far_wilds.sight import sees
from marcomage.games.far_wilds.state import (
    BATTLE,
    BUILDING_KIND,
    CREATURE_KIND,
    SITE_KIND,
    Battle,
    Options,
)
from marcomage.platform.protocol import IllegalAction
from marcomage.platform.rng import Rng

from .builders import BASE0, at, battle

C, B = CREATURE_KIND, BUILDING_KIND

_TEST_CARDS: dict[str, dict[str, Any]] = {
    "t_grunt": {"speed": 2, "attack": 2, "health": 3, "vision": 2},
    "t_runner": {"speed": 3, "attack": 1, "health": 2, "vision": 0},
    "t_swimmer": {"speed": 2, "attack": 1, "health": 2, "vision": 1, "swims": True},
    "t_flier": {"speed": 2, "attack": 1, "health": 4, "vision": 1, "aloft": True},
    "t_strider": {"speed": 2, "attack": 1, "health": 2, "vision": 1, "strides": ["forest"]},
    "t_archer": {"speed": 1, "attack": 1, "health": 2, "vision": 3, "range": 2},
    "t_brute": {"speed": 1, "attack": 3, "health": 5, "vision": 1, "battle_ready": True,
                "domain": "dark_legion", "level": 0},
    "t_terror": {"speed": 1, "attack": 1, "health": 4, "vision": 1, "fear": 1,
                 "domain": "dark_legion", "level": 0},
    "t_golem": {"speed": 2, "attack": 1, "health": 3, "vision": 1, "construct": True},
    "t_flanker": {"speed": 2, "attack": 1, "health": 2, "vision": 1, "flanking": True},
    "t_mender": {"speed": 1, "attack": 1, "health": 4, "vision": 1, "heal": 1},
    "t_digger": {"speed": 1, "attack": 1, "health": 3, "vision": 1, "entrench": True},
    "t_raider": {"speed": 2, "attack": 2, "health": 3, "vision": 1, "trespass": True,
                 "siege": 2},
    "t_shaman": {"speed": 1, "attack": 0, "health": 2, "vision": 2, "actions": [
        {"id": "bolt", "name": "Bolt", "text": "Dim: 2 damage within 2.", "range": 2,
         "target": {"kind": "entity", "owner": "enemy"},
         "effect": {"kind": "damage", "amount": 2}},
        {"id": "tithe", "name": "Tithe", "text": "Pay 1 flux: gain 2 flux.", "dim": False,
         "flux": 1, "effect": {"kind": "gain_flux", "amount": 2}}]},
}


@pytest.fixture(autouse=True)
def test_cards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    docs = [{"id": cid, "name": cid[2:].capitalize(), "type": "creature", "domain": None,
             "level": 0, "cost": 1, "text": "A card for the rule tests.", **fields}
            for cid, fields in _TEST_CARDS.items()]
    doc = {"domains": list(card_data.DOMAINS), "cards": [
        {"id": "warcamp", "name": "Warcamp", "type": "building", "domain": None, "level": 0,
         "cost": 0, "health": 8, "vision": 2, "text": "-"}, *docs], "armies": []}
    assert card_data.card_file_problems(doc) == []
    for cid, found in cards_of(doc).items():
        if cid != "warcamp":
            monkeypatch.setitem(card_data.CARD_TABLE, cid, found)
    yield


def moves(state: Battle, seat: int, space: int) -> set[int]:
    return {a["to"] for a in legal_actions(state, seat)
            if a["type"] == "move" and a["from"] == space}


def targets(state: Battle, seat: int, space: int) -> set[int]:
    return {a["to"] for a in legal_actions(state, seat)
            if a["type"] == "attack" and a["from"] == space}


def pass_round(state: Battle) -> Battle:
    number = state.round
    while state.round == number and state.outcome is None:
        state, _ = apply(state, state.turn, {"type": "pass"})
    return state


def test_fw_move_1_buildings_have_speed_0_and_never_move() -> None:
    state = battle()
    assert moves(state, 0, BASE0) == set()
    with pytest.raises(IllegalAction, match="buildings do not move"):
        apply(state, 0, {"type": "move", "from": BASE0, "to": at(-2, 3)})


def test_fw_move_2_a_move_is_an_action_that_dims_and_passes_the_turn() -> None:
    state = battle(figures={at(0, 1): (0, "t_grunt", C)})
    state, _ = apply(state, 0, {"type": "move", "from": at(0, 1), "to": at(0, 0)})
    moved = state.figures[at(0, 0)]
    assert moved is not None and moved.dimmed and state.figures[at(0, 1)] is None
    assert state.turn == 1 and state.passes == 0
    state, _ = apply(state, 1, {"type": "pass"})
    assert moves(state, 0, at(0, 0)) == set() and targets(state, 0, at(0, 0)) == set()
    with pytest.raises(IllegalAction, match="dimmed"):
        apply(state, 0, {"type": "move", "from": at(0, 0), "to": at(0, -1)})
    state = pass_round(state)
    assert at(0, -1) in moves(state, state.turn, at(0, 0)) or state.turn == 1


def test_fw_move_2_a_creature_cast_this_round_enters_dimmed() -> None:
    state = battle(hands=(["t_grunt"], []))
    state, _ = apply(state, 0, {"type": "cast", "card": "t_grunt", "target": at(-2, 3)})
    state, _ = apply(state, 1, {"type": "pass"})
    assert moves(state, 0, at(-2, 3)) == set()


def test_fw_move_3_terrain_costs_for_ground_creatures() -> None:
    """Land 1, forest 2, ocean impassable: speed 2 from (0,0) reaches the forest next door
    but not a land space behind a forest, and never the ocean."""
    state = battle(figures={at(0, 0): (0, "t_grunt", C)}, bases=False)
    reach = moves(state, 0, at(0, 0))
    assert at(1, 0) in reach and at(0, -2) in reach  # forest next door; two land steps
    assert at(2, -1) not in reach  # land then forest costs 3
    assert at(2, 1) not in reach  # ocean


def test_fw_move_3_swims_aloft_and_strides() -> None:
    state = battle(figures={at(1, 1): (0, "t_swimmer", C), at(0, 0): (0, "t_flier", C),
                            at(0, -1): (0, "t_strider", C)}, bases=False)
    assert {at(2, 1), at(1, 2)} <= moves(state, 0, at(1, 1))  # ocean costs 2 to a swimmer
    assert at(2, 0) in moves(state, 0, at(0, 0))  # aloft: the forest costs 1
    assert at(2, -1) in moves(state, 0, at(0, -1))  # foreststride: land 1 + forest 1


def test_fw_move_3_no_entering_or_passing_a_figure() -> None:
    state = battle(figures={at(0, 1): (0, "t_runner", C), at(0, 0): (0, "t_grunt", C)},
                   bases=False)
    reach = moves(state, 0, at(0, 1))
    assert at(0, 0) not in reach and at(0, -1) not in reach  # the only path is blocked


def test_fw_move_3_no_move_ends_in_enemy_territory_unless_the_card_says_so() -> None:
    """The strict reading, option `enter_enemy_territory` off: no move ends in enemy
    territory but a trespasser's. On (our default, from play) any creature may."""
    strict = Options(enter_enemy_territory=False)
    figures = {at(1, -1): (0, "t_grunt", C), at(0, -1): (0, "t_raider", C)}
    state = battle(figures=figures, options=strict)
    assert at(2, -2) in RULESET.view(state, 1)["control"][1]
    assert at(2, -2) not in moves(state, 0, at(1, -1))
    assert at(1, -2) in moves(state, 0, at(0, -1))  # trespass
    assert at(2, -2) in moves(battle(figures=figures), 0, at(1, -1))


def test_fw_move_4_fear_keeps_other_domains_away_but_not_constructs() -> None:
    state = battle(figures={at(0, 0): (1, "t_terror", C), at(-2, 1): (0, "t_grunt", C),
                            at(-2, 0): (0, "t_golem", C)}, bases=False)
    assert at(-1, 1) not in moves(state, 0, at(-2, 1))  # within 1 of the Fear 1 figure
    assert at(-1, 1) in moves(state, 0, at(-2, 0)) or at(-1, 0) in moves(state, 0, at(-2, 0))
    assert at(0, 0) not in targets(state, 0, at(-2, 1))  # nor melee it


def test_fw_fight_1_melee_only_where_the_attacker_could_move() -> None:
    """A ground creature cannot melee a swimmer on the ocean; the swimmer can melee it."""
    state = battle(figures={at(1, 1): (0, "t_grunt", C), at(2, 1): (1, "t_swimmer", C)},
                   bases=False)
    assert at(2, 1) not in targets(state, 0, at(1, 1))
    state.turn = 1
    assert at(1, 1) in targets(state, 1, at(2, 1))


def test_fw_fight_1_damage_is_the_attack_and_ranged_reaches_within_range() -> None:
    state = battle(figures={at(0, 0): (0, "t_archer", C), at(2, -1): (1, "t_grunt", C),
                            at(3, -1): (1, "t_runner", C)}, bases=False)
    assert at(2, -1) in targets(state, 0, at(0, 0)) and at(3, -1) not in targets(
        state, 0, at(0, 0))
    state, _ = apply(state, 0, {"type": "attack", "from": at(0, 0), "to": at(2, -1)})
    assert hp(state.figures[at(2, -1)]) == 2  # type: ignore[arg-type]
    assert hp(state.figures[at(0, 0)]) == 2  # type: ignore[arg-type]  # no battle back


def test_fw_fight_1_aloft_is_safe_from_ground_melee_until_it_strikes_ground() -> None:
    state = battle(figures={at(0, 0): (0, "t_grunt", C), at(1, -1): (1, "t_flier", C)},
                   bases=False, turn=1)
    state.turn = 0
    assert at(1, -1) not in targets(state, 0, at(0, 0))
    state.turn = 1
    state, _ = apply(state, 1, {"type": "attack", "from": at(1, -1), "to": at(0, 0)})
    flier = state.figures[at(1, -1)]
    assert flier is not None and flier.struck_ground
    state = pass_round(state)  # struck_ground resets at the end of the round
    assert not state.figures[at(1, -1)].struck_ground  # type: ignore[union-attr]


def test_fw_fight_1_a_ground_figure_may_melee_aloft_after_it_struck_ground() -> None:
    state = battle(figures={at(0, 0): (0, "t_grunt", C), at(1, -1): (1, "t_flier", C),
                            }, bases=False, turn=1)
    state.figures[at(0, 0)].dimmed = True  # type: ignore[union-attr]  # no battle back
    state, _ = apply(state, 1, {"type": "attack", "from": at(1, -1), "to": at(0, 0)})
    state.figures[at(0, 0)].dimmed = False  # type: ignore[union-attr]
    assert at(1, -1) in targets(state, 0, at(0, 0))  # it struck ground this round


def test_fw_fight_2_battle_back_deals_the_attack_and_dims_the_defender() -> None:
    state = battle(figures={at(0, 0): (0, "t_grunt", C), at(0, -1): (1, "t_grunt", C)},
                   bases=False)
    state, _ = apply(state, 0, {"type": "attack", "from": at(0, 0), "to": at(0, -1)})
    attacker, defender = state.figures[at(0, 0)], state.figures[at(0, -1)]
    assert attacker is not None and defender is not None
    assert (hp(attacker), hp(defender)) == (1, 1) and defender.dimmed
    assert "battles back: 2 damage" in RULESET.view(state, 0)["log"][-1]["text"]


def test_fw_fight_2_a_dimmed_defender_does_not_battle_back() -> None:
    state = battle(figures={at(0, 0): (0, "t_grunt", C), at(0, -1): (1, "t_grunt", C)},
                   bases=False)
    state.figures[at(0, -1)].dimmed = True  # type: ignore[union-attr]
    state, _ = apply(state, 0, {"type": "attack", "from": at(0, 0), "to": at(0, -1)})
    assert hp(state.figures[at(0, 0)]) == 3  # type: ignore[arg-type]


def test_fw_fight_2_battle_ready_strikes_at_once_without_dimming() -> None:
    state = battle(figures={at(0, 0): (0, "t_grunt", C), at(0, -1): (1, "t_brute", C)},
                   bases=False)
    state.figures[at(0, -1)].dimmed = True  # type: ignore[union-attr]
    state, _ = apply(state, 0, {"type": "attack", "from": at(0, 0), "to": at(0, -1)})
    assert state.figures[at(0, 0)] is None  # 3 damage to a 3-HP grunt: dead
    assert at(0, 0) in state.corpses


def test_fw_fight_2_flanking_adds_one_next_to_a_friend() -> None:
    state = battle(figures={at(0, 0): (0, "t_flanker", C), at(0, -1): (1, "t_golem", C),
                            at(1, -1): (0, "t_runner", C)}, bases=False)
    state.figures[at(0, -1)].dimmed = True  # type: ignore[union-attr]
    state, _ = apply(state, 0, {"type": "attack", "from": at(0, 0), "to": at(0, -1)})
    assert hp(state.figures[at(0, -1)]) == 1  # type: ignore[arg-type]  # 1 + 1 flanking


def test_fw_fight_3_death_at_the_end_of_the_action_leaves_corpses_and_ruins() -> None:
    state = battle(figures={at(0, 0): (0, "t_grunt", C), at(0, -1): (1, "t_runner", C)},
                   bases=False)
    state.figures[at(0, 0)].damage = 2  # type: ignore[union-attr]  # 1 HP left
    state, _ = apply(state, 0, {"type": "attack", "from": at(0, 0), "to": at(0, -1)})
    # both die: the runner battled back before the end of the action buried them
    assert state.figures[at(0, 0)] is None and state.figures[at(0, -1)] is None
    assert state.corpses == {at(0, 0): ["t_grunt"], at(0, -1): ["t_runner"]}
    assert state.players[0].discard == ["t_grunt"] and state.players[1].discard == ["t_runner"]
    texts = [e["text"] for e in RULESET.view(state, 0)["log"][-3:]]
    assert texts[1:] == ["loses Runner at (0,-1): killed by Grunt, leaving a corpse.",
                         "loses Grunt at (0,0): killed by Runner, leaving a corpse."]
    state = battle(figures={at(-1, -1): (0, "t_raider", C), at(0, -1): (1, "t_grunt", B)},
                   bases=False)
    state.figures[at(0, -1)].dimmed = True  # type: ignore[union-attr]
    state, _ = apply(state, 0, {"type": "attack", "from": at(-1, -1), "to": at(0, -1)})
    assert state.ruins == {at(0, -1): ["t_grunt"]} and state.figures[at(0, -1)] is None


def test_fw_fight_3_a_destroyed_site_leaves_nothing_and_a_hit_site_waits() -> None:
    state = battle(figures={at(-1, -1): (0, "t_raider", C), at(0, -1): (1, "t_archer", "site"),
                            at(1, -1): (1, "t_grunt", SITE_KIND)}, bases=False)
    state, _ = apply(state, 0, {"type": "attack", "from": at(-1, -1), "to": at(0, -1)})
    assert state.figures[at(0, -1)] is None and not state.ruins  # 4 siege damage
    site = state.figures[at(1, -1)]
    assert site is not None
    site.damage, site.hit, site.progress = 1, True, 0
    state = pass_round(state)
    assert state.figures[at(1, -1)].progress == 0  # type: ignore[union-attr]
    state = pass_round(state)
    assert state.figures[at(1, -1)].progress == 1  # type: ignore[union-attr]


def test_fw_fight_4_heal_at_the_start_of_every_round() -> None:
    state = battle(figures={at(0, 0): (0, "t_mender", C)}, bases=False)
    state.figures[at(0, 0)].damage = 3  # type: ignore[union-attr]
    state = pass_round(state)
    assert state.figures[at(0, 0)].damage == 2  # type: ignore[union-attr]
    assert any("heals Mender" in e["text"] for e in RULESET.view(state, 0)["log"])


def test_fw_fight_4_entrench_tokens_guard_and_moving_loses_them() -> None:
    state = battle(figures={at(0, 0): (0, "t_digger", C), at(0, -1): (1, "t_grunt", C)},
                   bases=False)
    state = pass_round(state)
    digger = state.figures[at(0, 0)]
    assert digger is not None and digger.entrench == 1
    state.turn = 1
    state, _ = apply(state, 1, {"type": "attack", "from": at(0, -1), "to": at(0, 0)})
    assert state.figures[at(0, 0)].damage == 1  # type: ignore[union-attr]  # 2 - 1 token
    state = pass_round(state)
    state.turn = 0
    state, _ = apply(state, 0, {"type": "move", "from": at(0, 0), "to": at(-1, 1)})
    assert state.figures[at(-1, 1)].entrench == 0  # type: ignore[union-attr]


def test_fw_fight_5_special_actions_pay_their_dim_and_flux_costs() -> None:
    state = battle(figures={at(0, 0): (0, "t_shaman", C), at(1, -1): (1, "t_grunt", C)},
                   bases=False, flux=(1, 0))
    state.figures[at(0, 0)].dimmed = True  # type: ignore[union-attr]
    acts = [a for a in legal_actions(state, 0) if a["type"] == "act"]
    assert acts == [{"type": "act", "from": at(0, 0), "ability": "tithe"}]  # bolt dims
    state, _ = apply(state, 0, acts[0])
    assert state.players[0].flux == 2
    state.figures[at(0, 0)].dimmed = False  # type: ignore[union-attr]
    state.turn = 0
    state, _ = apply(state, 0, {"type": "act", "from": at(0, 0), "ability": "bolt",
                                "target": at(1, -1)})
    assert hp(state.figures[at(1, -1)]) == 1  # type: ignore[arg-type]
    assert state.figures[at(0, 0)].dimmed  # type: ignore[union-attr]
    state.turn = 0
    with pytest.raises(IllegalAction, match="dimmed"):
        apply(state, 0, {"type": "act", "from": at(0, 0), "ability": "bolt",
                         "target": at(1, -1)})


def test_fw_fight_6_a_player_without_a_base_cannot_spawn_but_plays_on() -> None:
    state = battle(hands=(["t_grunt"], []), figures={at(-2, 2): (1, "t_raider", C)}, turn=1)
    state.figures[BASE0].damage = 6  # type: ignore[union-attr]
    state, _ = apply(state, 1, {"type": "attack", "from": at(-2, 2), "to": BASE0})
    assert state.figures[BASE0] is None and state.ruins[BASE0] == ["warcamp"]
    assert state.outcome is None and not any(
        a["type"] == "cast" for a in legal_actions(state, 0))


def test_fw_fog_a_move_into_an_unseen_taken_space_stops_short_and_says_so() -> None:
    """FARWILDS.md Fog: the runner (vision 0) plans through (0,-1), which it cannot see; an
    enemy stands there, so it stops at (0,0), and its owner's log says why; the enemy's
    presence changed no legal action."""
    state = battle(figures={at(0, 1): (0, "t_runner", C), at(0, -1): (1, "t_grunt", C)})
    empty = battle(figures={at(0, 1): (0, "t_runner", C)})
    assert legal_actions(state, 0) == legal_actions(empty, 0)
    state, _ = apply(state, 0, {"type": "move", "from": at(0, 1), "to": at(0, -2)})
    assert state.figures[at(0, 0)] is not None and state.figures[at(0, -2)] is None
    text = RULESET.view(state, 0)["log"][-1]["text"]
    assert "stands in the way: it stops at (0,0)" in text


def test_fw_fog_a_move_stops_short_of_unseen_fear() -> None:
    state = battle(figures={at(0, 1): (0, "t_runner", C), at(1, -2): (1, "t_terror", C)},
                   bases=False)
    state, _ = apply(state, 0, {"type": "move", "from": at(0, 1), "to": at(0, -2)})
    assert state.figures[at(0, 0)] is not None  # (0,-1) is within 1 of the terror
    assert "frightens it" in RULESET.view(state, 0)["log"][-1]["text"]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10**6), min_size=80,
                                                   max_size=80))
def test_fw_move_fight_properties_over_random_battles(seed: int, picks: list[int]) -> None:
    """Issue 32, over random battles of the starter armies that move and fight: every legal
    action applies; each seat's view shows figures only on spaces it sees; a figure's HP
    stays within its maximum; and the fog never leaks into legal actions (the other side's
    unseen figures moved elsewhere change none of them, FARWILDS.md Fog)."""
    state = RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks(), seed)
    rng = Rng.from_seed(seed)
    for pick in picks:
        if state.outcome is not None:
            break
        seat = min(RULESET.to_act(state))
        legal = RULESET.legal_actions(state, seat)
        if state.phase == BATTLE and pick % 4 == 0:
            fogged = RULESET.resample_fog(state, seat, rng)
            assert RULESET.legal_actions(fogged, seat) == legal
        state, _ = RULESET.apply(state, seat, legal[pick % len(legal)])
        for viewer in (0, 1):
            view = RULESET.view(state, viewer)
            seen = sees(state, viewer)
            assert {f["space"] for f in view["figures"]} <= seen
            assert all(0 < f["hp"] <= f["max_hp"] for f in view["figures"])
