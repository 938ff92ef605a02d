"""Game limits (C-LIM): after the keywords of a play, for both players, facilities >= 1,
resources >= 0, tower 0..100, wall 0..150; no upper limit on resources or facilities."""

from __future__ import annotations

from marcomage.games.marcomage import EndType, Outcome

from .builders import discard, duel, play

GOBLIN, BASIC_WALL, GATE, MUMMY, ARCHER, KNIGHT = 13, 1, 57, 117, 95, 7


def test_C_LIM_1_facilities_are_at_least_one_for_both_players() -> None:
    game = play(duel(me=dict(quarry=0, magic=-2, dungeons=1),
                     opp=dict(quarry=-7, magic=0, dungeons=2)), GOBLIN)
    me, opp = game.players
    assert (me.quarry, me.magic, me.dungeons) == (1, 1, 1)
    assert (opp.quarry, opp.magic, opp.dungeons) == (1, 1, 2)


def test_C_LIM_1_resources_are_at_least_zero_for_both_players() -> None:
    game = play(duel(opp=dict(bricks=-5, gems=0, recruits=-9)), GOBLIN)
    opp = game.players[1]
    assert (opp.bricks, opp.gems, opp.recruits) == (0, 0, 0)


def test_C_LIM_1_an_effect_may_overshoot_and_is_clamped_afterwards() -> None:
    """Mummy: "Gems: -3" with 1 gem ends at 0 before production (C-GEN-2)."""
    game = play(duel(me=dict(gems=1, magic=2)), MUMMY)
    assert game.players[0].gems == 2


def test_C_LIM_1_tower_is_at_least_zero() -> None:
    game = play(duel(opp=dict(wall=0, tower=2)), ARCHER)  # Enemy tower: -3
    assert game.players[1].tower == 0
    assert game.outcome == Outcome(0, EndType.DESTRUCTION)


def test_C_LIM_1_tower_is_at_most_100() -> None:
    game = play(duel(opp=dict(tower=130)), GOBLIN)
    assert game.players[1].tower == 100
    assert game.outcome == Outcome(1, EndType.CONSTRUCTION)


def test_C_LIM_1_wall_is_within_0_and_150() -> None:
    game = play(duel(me=dict(wall=148)), GATE)  # Wall: +7
    assert game.players[0].wall == 150
    game = play(duel(me=dict(wall=150)), BASIC_WALL)
    assert game.players[0].wall == 150
    game = play(duel(me=dict(wall=-4), opp=dict(wall=-1)), GOBLIN)
    assert (game.players[0].wall, game.players[1].wall) == (0, 0)
    game = play(duel(opp=dict(wall=400)), GOBLIN)
    assert game.players[1].wall == 150


def test_C_LIM_1_resources_and_facilities_have_no_upper_limit() -> None:
    game = play(duel(me=dict(quarry=500, magic=120, dungeons=99, tower=10),
                     opp=dict(bricks=5000, gems=391, recruits=1, quarry=250)), GOBLIN)
    me, opp = game.players
    assert (me.quarry, me.magic, me.dungeons) == (500, 120, 99)
    assert (me.bricks, me.gems, me.recruits) == (15 + 500, 5 + 120, 10 - 1 + 99)
    assert (opp.bricks, opp.gems, opp.recruits, opp.quarry) == (5000, 391, 1, 250)


def test_C_LIM_1_limits_apply_to_values_the_card_did_not_touch() -> None:
    game = play(duel(me=dict(tower=-5, wall=200), opp=dict(gems=-3, magic=0)), BASIC_WALL)
    me, opp = game.players
    assert (me.tower, me.wall, opp.gems, opp.magic) == (0, 150, 0, 1)


def test_C_LIM_2_a_discard_applies_no_limits() -> None:
    game = duel(opp=dict(wall=170, gems=-2, magic=0), me=dict(wall=155))
    discard(game, 1)
    me, opp = game.players
    assert (opp.wall, opp.gems, opp.magic, me.wall) == (170, -2, 0, 155)


def test_C_LIM_2_production_is_added_after_the_limits_and_never_clamped() -> None:
    game = play(duel(me=dict(bricks=0, quarry=1)), GOBLIN)
    assert game.players[0].bricks == 1
    game = play(duel(me=dict(bricks=299, quarry=60, gems=0, recruits=1)), GOBLIN)
    assert game.players[0].bricks == 359  # 359 + 3 + 3 = 365: no victory yet
    assert game.outcome is None


def test_C_LIM_1_the_charge_overshoot_is_clamped() -> None:
    """Knight (Attack 7, Charge 3) on tower 5, wall 0: -5 after both, then 0."""
    game = play(duel(opp=dict(wall=0, tower=5)), KNIGHT)
    assert game.players[1].tower == 0
