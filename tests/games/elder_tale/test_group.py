"""Group duels (issue 35, ET-GROUP): 2 versus 1 up to 3 versus 3 in two teams from the
option `teams`; turns in seat order; attacks and enemy effects aimed at a chosen enemy,
help to allies; one guard against every attack aimed at a defender; Retaliate; fallen seats;
the outcome per team; bots on any seat; random group duels keep their invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.elder_tale import engine
from marcomage.games.elder_tale.cards import CLUTTER, KINDS
from marcomage.games.elder_tale.engine import NotNow
from marcomage.games.elder_tale.ruleset import RULESET
from marcomage.games.elder_tale.state import Active, Attack, Duel, Played
from marcomage.platform import conformance
from marcomage.platform.bots import make_bot, play_game
from marcomage.platform.protocol import ABANDON, SURRENDER

from .duels import SET, duel_of, fighter
from .test_properties import places

STARTERS = RULESET.starter_decks()


def group(teams: str, seed: int = 1) -> Duel:
    decks = [STARTERS[i % len(STARTERS)] for i in range(len(teams))]
    return RULESET.new_game(RULESET.options_from_json({"teams": teams}), decks, seed)


def table_duel(teams: tuple[int, ...], hands: dict[int, list[str]], active: int = 0,
               hp: int = 40) -> Duel:
    """A group duel in the attack step of `active` with these hands (card ids) and piles
    of Commons to draw from."""
    duel = duel_of(hp=hp)
    duel.fighters = [fighter(hp) for _ in teams]
    duel.teams = teams
    duel.active = active
    duel.turn = len(teams)
    for seat, ids in hands.items():
        for card_id in ids:
            duel.instances.append(card_id)
            duel.homes.append(SET[card_id].kind)
            duel.fighters[seat].hand.append(len(duel.instances) - 1)
    for seat in range(len(teams)):
        for kind, card_id in zip(KINDS, ("ember_cut", "stone_wall", "war_cry"), strict=True):
            for _ in range(4):
                duel.instances.append(card_id)
                duel.homes.append(kind)
                duel.fighters[seat].piles[kind].append(len(duel.instances) - 1)
    return duel


def hand(duel: Duel, seat: int, card_id: str) -> int:
    return next(i for i in duel.fighters[seat].hand if duel.instances[i] == card_id)


def test_ET_GROUP_1_teams_come_from_the_option_and_default_to_alternate_seats() -> None:
    assert RULESET.seats == range(2, 7)
    assert group("ABA").teams == (0, 1, 0)
    assert group("AABB").teams == (0, 0, 1, 1)
    six = RULESET.new_game(RULESET.options_from_json({}), STARTERS[:6], 3)
    assert six.teams == (0, 1, 0, 1, 0, 1)
    with pytest.raises(ValueError, match="name 3 seats; this duel has 4"):
        RULESET.new_game(RULESET.options_from_json({"teams": "ABA"}), STARTERS[:4], 1)
    with pytest.raises(ValueError, match="2 to 6, not 7"):
        RULESET.new_game(RULESET.options_from_json({}), STARTERS + STARTERS[:1], 1)
    with pytest.raises(ValueError, match="teams"):
        RULESET.options_from_json({"teams": "AAAA"})


def test_ET_GROUP_2_every_seat_takes_a_turn_in_order_and_a_round_is_one_turn_each() -> None:
    duel = group("ABAB", seed=5)
    order = []
    while len(order) < 8:
        order.append(duel.active)
        assert duel.round == len(order[:-1]) // 4 + 1
        while duel.active == order[-1] and duel.outcome is None:
            duel, _ = engine.apply(duel, duel.active, engine.legal_actions(duel, duel.active)[-1])
    assert order == [(order[0] + i) % 4 for i in range(8)]


def test_ET_GROUP_3_attack_cards_are_aimed_at_one_standing_enemy() -> None:
    duel = table_duel((0, 1, 0, 1), {0: ["ember_cut", "stone_fist"]})
    legal = engine.legal_actions(duel, 0)
    cut, fist = hand(duel, 0, "ember_cut"), hand(duel, 0, "stone_fist")
    assert {"type": "play", "card": cut, "target": 1} in legal
    assert {"type": "play", "card": cut, "target": 3} in legal
    assert not any(a.get("target") in (0, 2) for a in legal)
    with pytest.raises(NotNow, match="one of the seats 1, 3"):
        engine.apply(duel, 0, {"type": "play", "card": cut, "target": 2})
    with pytest.raises(NotNow):
        engine.apply(duel, 0, {"type": "play", "card": cut})
    duel, _ = engine.apply(duel, 0, {"type": "play", "card": cut, "target": 3})
    # The attack has its aim now: the next Attack card goes to the same enemy.
    assert [a for a in engine.legal_actions(duel, 0) if a.get("card") == fist] == [
        {"type": "play", "card": fist, "target": 3}]
    duel, _ = engine.apply(duel, 0, {"type": "end_turn"})
    assert [(a.by, a.target) for a in duel.attacks] == [(0, 3)]
    assert duel.active == 1 and duel.step == engine.ATTACK_STEP  # seat 1 is not attacked


def test_ET_GROUP_3_enemy_effects_land_on_the_chosen_enemy() -> None:
    duel = table_duel((0, 1, 0, 1), {0: ["venom_dart"]})
    dart = hand(duel, 0, "venom_dart")
    duel, _ = engine.apply(duel, 0, {"type": "play", "card": dart, "target": 3})
    assert [e.type for e in duel.fighters[3].effects] == ["poison"]
    assert duel.fighters[1].effects == []


def test_ET_GROUP_4_a_healing_card_may_be_played_on_an_ally_not_on_an_enemy() -> None:
    duel = table_duel((0, 1, 0, 1), {0: ["field_dressing", "brace"]})
    salve, brace = hand(duel, 0, "field_dressing"), hand(duel, 0, "brace")
    offered = {a["target"] for a in engine.legal_actions(duel, 0) if a.get("card") == salve}
    assert offered == {0, 2}
    assert {a["target"] for a in engine.legal_actions(duel, 0)
            if a.get("card") == brace} == {0, 2}
    duel, _ = engine.apply(duel, 0, {"type": "play", "card": salve, "target": 2})
    assert [e.type for e in duel.fighters[2].effects] == ["heal_over_time"]
    assert duel.fighters[0].effects == []


def test_ET_GROUP_4_a_self_only_card_takes_no_target() -> None:
    duel = table_duel((0, 1, 0), {0: ["scout_ahead"]})
    scout = hand(duel, 0, "scout_ahead")
    assert {"type": "play", "card": scout} in engine.legal_actions(duel, 0)


def test_ET_GROUP_6_one_guard_holds_against_every_attack_aimed_at_the_defender() -> None:
    """Two enemies attack seat 1 with 1 hit of 6 each; its guard of 2 x 4 = 8 stops the
    first and 2 of the second: the second deals 4, then the scratch rule does not apply to
    the first (it did not bypass: ET-XCH-7 gives it the scratch of 1)."""
    duel = table_duel((0, 1, 0), {1: ["stone_wall"]}, active=1)
    for by in (0, 2):
        duel.instances.append("stone_fist")
        duel.homes.append("attack")
        duel.attacks.append(Attack(by, 1, [Played(len(duel.instances) - 1, False)]))
    duel.step = engine.DEFEND
    wall = hand(duel, 1, "stone_wall")
    duel, log = engine.apply(duel, 1, {"type": "play", "card": wall})
    duel, log = engine.apply(duel, 1, {"type": "confirm"})
    exchanges = [e for e in log if e["type"] == "exchange"]
    assert [(e["attacker"], e["damage"]) for e in exchanges] == [(0, 1), (2, 4)]
    assert exchanges[1]["guard"] == 2 and duel.fighters[1].hp == 40 - 5
    assert duel.attacks == []


def test_ET_GROUP_6_the_help_pages_worked_example() -> None:
    """The 2-versus-2 example of the help page: Ann (0) and Cyd (2) both attack Dee (3),
    who raises one guard of 8 with Mist Step: 1 + 4 from Ann, then 6 from Cyd."""
    duel = table_duel((0, 1, 0, 1), {0: ["ember_cut", "stone_fist"],
                                     2: ["wind_needles", "field_dressing"], 3: ["mist_step"]})
    for seat, plays in ((0, ["ember_cut", "stone_fist"]), (2, ["wind_needles"])):
        duel.active, duel.step, duel.en = seat, engine.ATTACK_STEP, 3
        for card_id in plays:
            duel, _ = engine.apply(duel, seat, {"type": "play", "card": hand(duel, seat, card_id),
                                                "target": 3})
        if seat == 2:
            duel, _ = engine.apply(duel, 2, {"type": "play",
                                             "card": hand(duel, 2, "field_dressing"),
                                             "target": 0})
            assert [e.type for e in duel.fighters[0].effects] == ["heal_over_time"]
        duel.attacks.append(Attack(seat, 3, duel.building))
        duel.building, duel.aim = [], None
    duel.active, duel.step, duel.en = 3, engine.DEFEND, 3
    duel, _ = engine.apply(duel, 3, {"type": "play", "card": hand(duel, 3, "mist_step")})
    duel, log = engine.apply(duel, 3, {"type": "confirm"})
    exchanges = [e for e in log if e["type"] == "exchange"]
    assert [[c["damage"] for c in e["cards"]] for e in exchanges] == [[1, 4], [6]]
    assert duel.fighters[3].hp == 40 - 11


def test_ET_GROUP_7_retaliate_hurts_the_attacker_of_a_wounded_ally() -> None:
    duel = table_duel((0, 1, 0), {}, active=0)
    duel.fighters[2].effects.append(Active("retaliate", 3, None, 2, source="Unbroken Oath"))
    duel.instances.append("boulder_toss")
    duel.homes.append("attack")
    duel.attacks.append(Attack(1, 0, [Played(len(duel.instances) - 1, False)]))
    duel.step = engine.DEFEND
    duel, log = engine.apply(duel, 0, {"type": "confirm"})
    assert {"type": "retaliate", "seat": 2, "target": 1, "damage": 3} in log
    assert duel.fighters[1].hp == 40 - 3


def test_ET_GROUP_5_a_fallen_seat_passes_its_turns_and_attacks_on_it_are_dropped() -> None:
    duel = table_duel((0, 1, 0, 1), {0: ["boulder_toss"]}, hp=40)
    duel.fighters[1].hp = 2
    duel.instances.append("ember_cut")
    duel.homes.append("attack")
    duel.attacks.append(Attack(2, 1, [Played(len(duel.instances) - 1, False)]))
    toss = hand(duel, 0, "boulder_toss")
    duel, _ = engine.apply(duel, 0, {"type": "play", "card": toss, "target": 1})
    duel, _ = engine.apply(duel, 0, {"type": "end_turn"})
    duel.fighters[1].hp = 0  # as if a blow felled it: the next check buries it
    assert not engine.check_end(duel)
    assert duel.attacks == []
    engine.advance(duel)
    assert duel.active == 2 and duel.outcome is None
    assert sorted(places(duel)) == list(range(len(duel.instances)))


def test_ET_GROUP_8_the_whole_team_wins_when_the_last_enemy_falls() -> None:
    duel = table_duel((0, 1, 0, 1), {})
    duel.fighters[0].hp = -3
    duel.fighters[1].hp = 0
    assert not engine.check_end(duel)
    duel.fighters[3].hp = -1
    assert engine.check_end(duel)
    assert duel.outcome is not None and duel.outcome.winners == (0, 2)


def test_ET_GROUP_8_a_surrender_concedes_for_the_team() -> None:
    duel = group("AABB")
    ended = RULESET.resign(duel, 2)
    outcome = RULESET.outcome(ended)
    assert outcome is not None and outcome.end_type == SURRENDER
    assert outcome.winners == (0, 1)


def test_ET_GROUP_8_finishing_an_abandoned_duel_ends_it_for_the_team() -> None:
    """ET-GROUP-8, C-GAME-14: "Finish" names the seats that waited as winners; in a group
    duel the seat that stopped moving loses for its team, so its ally (who also waited) is
    no winner and every enemy is, fallen ones too."""
    duel = group("ABAB")
    duel.fighters[3].hp = 0  # down, its team fights on
    quiet = duel.active
    waited = [s for s in range(4) if s != quiet]
    outcome = RULESET.outcome(RULESET.end(duel, ABANDON, waited))
    assert outcome is not None and outcome.end_type == ABANDON
    assert outcome.winners == tuple(s for s in range(4) if duel.teams[s] != duel.teams[quiet])
    with pytest.raises(ValueError, match="both teams"):  # seats of both teams stopped
        RULESET.end(duel, ABANDON, [0])
    two = group("AB")  # a duel of two: the seat that waited wins, as before
    assert RULESET.outcome(RULESET.end(two, ABANDON, [1])).winners == (1,)


def test_ET_GROUP_8_at_the_round_limit_the_team_with_the_higher_hp_share_wins() -> None:
    duel = table_duel((0, 1, 1), {})
    duel.fighters[0].hp = 21  # 21/40 against (20 + 20)/80
    duel.fighters[1].hp = duel.fighters[2].hp = 20
    engine.finish_at_limit(duel)
    assert duel.outcome is not None and duel.outcome.winners == (0,)


def test_issue_35_bots_play_group_duels_on_any_seat() -> None:
    for teams, names in (("ABA", ("search", "greedy", "random")),
                         ("ABAB", ("random", "search", "greedy", "random"))):
        decks = [STARTERS[i] for i in range(len(teams))]
        bots = [make_bot(RULESET, name, seat) for seat, name in enumerate(names)]
        record = play_game(RULESET, RULESET.options_from_json({"teams": teams}), decks, 4,
                           bots)
        outcome = RULESET.outcome(record.state)
        assert outcome is not None
        won = {record.state.teams[s] for s in outcome.winners}
        assert len(won) <= 1 and (not outcome.winners or set(outcome.winners) == {
            s for s in range(len(teams)) if record.state.teams[s] in won})


def test_ET_GROUP_views_hide_every_other_seats_hand() -> None:
    duel = group("ABABAB", seed=9)
    for seat in range(6):
        seen = RULESET.view(duel, seat)
        assert [h["iid"] for h in seen["hand"]] == duel.fighters[seat].hand
        assert seen["teams"] == [0, 1, 0, 1, 0, 1]
        shown = set(seen["cards"])
        for other in range(6):
            if other != seat:
                assert "hand" not in seen["fighters"][other]
        assert all(c in shown for c in (h["card"] for h in seen["hand"]))
    with pytest.raises(ValueError, match="0 to 5"):
        RULESET.view(duel, 6)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["ABA", "AAB", "ABAB", "AABB", "ABABA", "ABABAB"]),
       st.integers(min_value=0, max_value=2**32))
def test_ET_GROUP_random_group_duels_keep_their_invariants(teams: str, seed: int) -> None:
    decks = conformance.playout_decks(RULESET, seed, len(teams))
    game = conformance.play(RULESET, seed, RULESET.options_from_json({"teams": teams}), decks)
    for state in game.states:
        where = places(state)
        assert sorted(where) == list(range(len(state.instances))), "a card was lost or doubled"
        assert all(f.hp <= f.max_hp for f in state.fighters) and state.en >= 0
        assert all(state.fighters[a.by].hp > 0 or state.outcome is not None
                   for a in state.attacks)
        assert all(state.teams[a.by] != state.teams[a.target] for a in state.attacks)
        assert sum(state.card(i).hp for i in where if state.card(i).kind == CLUTTER) == 0
    outcome = RULESET.outcome(game.states[-1])
    assert outcome is not None and outcome.final_round <= engine.ROUND_LIMIT
    won = {game.states[-1].teams[s] for s in outcome.winners}
    assert len(won) <= 1


def test_PL_SHARED_6_a_group_duel_conforms() -> None:
    """A 2-versus-2 playout passes the conformance checks, the costly ones (refusals of four
    seats, hidden views) on every 12th state."""
    options = RULESET.options_from_json({"teams": "ABAB"})
    game = conformance.play(RULESET, 31, options, conformance.playout_decks(RULESET, 31, 4))
    conformance.check_refusals(RULESET, game, every=12)
    conformance.check_json_round_trip(RULESET, game)
    conformance.check_views_hide(RULESET, game, 31, every=12)
    conformance.check_replay(RULESET, game)
    conformance.check_determinism(RULESET, game)
