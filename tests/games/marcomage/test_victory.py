"""The end of the game (C-END): the ten steps of C-END-1 in order, their precedence,
same-type draws, the timeout tie-break, round 250, and surrender, abort and finish."""

from __future__ import annotations

from typing import Any

import pytest

from marcomage.games.marcomage import (
    Action,
    EndType,
    Game,
    GameNotInProgress,
    Outcome,
    dumps,
    legal_actions,
    push,
    validate,
)
from marcomage.games.marcomage.actions import DISCARD, PLAY
from marcomage.games.marcomage.ruleset import RULESET
from marcomage.games.marcomage.victory import check

from .builders import discard, duel, play

GOBLIN, NECROMANCY = 13, 145
D, C, R, T = EndType.DESTRUCTION, EndType.CONSTRUCTION, EndType.RESOURCE, EndType.TIMEOUT


def stock(n: int) -> dict[str, int]:
    """Bricks, gems and recruits summing to n."""
    return dict(bricks=n - 2 * (n // 3), gems=n // 3, recruits=n // 3)


def outcome(actor: int, a: dict[str, Any], o: dict[str, Any], round: int = 10) -> Outcome | None:
    """check() after `actor`'s turn, with `a` the actor's values and `o` the other's."""
    me, opp = (a, o) if actor == 0 else (o, a)
    return check(duel(me=me, opp=opp, round=round), actor)


def result(actor: int, a: dict[str, Any], o: dict[str, Any], round: int = 10
           ) -> tuple[str, EndType] | None:
    """The outcome as ('A' | 'O' | None, end type), relative to the actor."""
    out = outcome(actor, a, o, round)
    if out is None:
        return None
    who = None if out.winner is None else "A" if out.winner == actor else "O"
    return (who or "-", out.end_type)


ACTORS = pytest.mark.parametrize("actor", [0, 1])


@ACTORS
def test_C_END_1_no_condition_means_the_game_goes_on(actor: int) -> None:
    assert outcome(actor, dict(tower=1), dict(tower=99, **stock(399)), round=249) is None


@ACTORS
def test_C_END_1_step_1_actor_destroys_the_enemy_tower(actor: int) -> None:
    assert result(actor, dict(tower=1), dict(tower=0)) == ("A", D)


@ACTORS
def test_C_END_1_step_2_actor_loses_his_own_tower(actor: int) -> None:
    assert result(actor, dict(tower=0), dict(tower=1)) == ("O", D)


@ACTORS
def test_C_END_1_step_3_both_towers_down_is_a_draw(actor: int) -> None:
    assert result(actor, dict(tower=0), dict(tower=0)) == ("-", EndType.DRAW)


@ACTORS
def test_C_END_1_step_4_actor_builds_his_tower(actor: int) -> None:
    assert result(actor, dict(tower=100), dict(tower=99)) == ("A", C)


@ACTORS
def test_C_END_1_step_5_enemy_tower_built(actor: int) -> None:
    assert result(actor, dict(tower=99), dict(tower=100)) == ("O", C)


@ACTORS
def test_C_END_1_step_6_both_towers_built_is_a_draw(actor: int) -> None:
    assert result(actor, dict(tower=100), dict(tower=100)) == ("-", EndType.DRAW)


@ACTORS
def test_C_END_1_step_7_actor_accumulates_400(actor: int) -> None:
    assert result(actor, stock(400), stock(399)) == ("A", R)


@ACTORS
def test_C_END_1_step_8_enemy_accumulates_400(actor: int) -> None:
    assert result(actor, stock(399), stock(400)) == ("O", R)


@ACTORS
def test_C_END_1_step_9_both_accumulate_400_is_a_draw(actor: int) -> None:
    assert result(actor, stock(400), stock(1000)) == ("-", EndType.DRAW)


@ACTORS
def test_C_END_1_step_10_round_250_is_a_timeout(actor: int) -> None:
    assert result(actor, dict(tower=31), dict(tower=30), round=250) == ("A", T)
    assert result(actor, dict(tower=31), dict(tower=30), round=251) == ("A", T)
    assert result(actor, dict(tower=31), dict(tower=30), round=249) is None


def test_C_END_1_resources_count_the_stock_sum_not_a_single_resource() -> None:
    assert result(0, dict(bricks=384), {}) is None  # 384 + 5 + 10 = 399
    assert result(0, dict(bricks=385), {}) == ("A", R)
    assert result(0, dict(bricks=398, gems=1, recruits=1), {}) == ("A", R)
    assert result(0, dict(bricks=397, gems=1, recruits=1), {}) is None


# --- precedence (C-END-2) -------------------------------------------------------------

@ACTORS
def test_C_END_2_destruction_beats_tower_building(actor: int) -> None:
    assert result(actor, dict(tower=100), dict(tower=0)) == ("A", D)
    assert result(actor, dict(tower=0), dict(tower=100)) == ("O", D)


@ACTORS
def test_C_END_2_tower_building_beats_resources(actor: int) -> None:
    assert result(actor, dict(tower=100), dict(tower=50, **stock(500))) == ("A", C)
    assert result(actor, dict(tower=50, **stock(500)), dict(tower=100)) == ("O", C)


@ACTORS
def test_C_END_2_resources_beat_timeout(actor: int) -> None:
    assert result(actor, dict(tower=5, **stock(400)), dict(tower=90), round=250) == ("A", R)
    assert result(actor, dict(tower=90), dict(tower=5, **stock(400)), round=250) == ("O", R)


@ACTORS
def test_C_END_2_a_draw_hides_the_lower_victory_types(actor: int) -> None:
    """Both towers at 0 is a draw even if one player also has 400 stock."""
    assert result(actor, dict(tower=0, **stock(400)), dict(tower=0)) == ("-", EndType.DRAW)
    assert result(actor, dict(tower=100), dict(tower=100, **stock(400)), round=250) == (
        "-", EndType.DRAW)
    assert result(actor, stock(400), stock(400), round=250) == ("-", EndType.DRAW)


# --- timeout tie-break (C-END-3) ------------------------------------------------------

LEVELS = [
    ("tower", dict(tower=40), dict(tower=39, wall=99, quarry=9, **stock(300))),
    ("wall", dict(wall=26), dict(wall=25, quarry=9, **stock(300))),
    ("facilities", dict(quarry=2, magic=5, dungeons=3), dict(quarry=3, magic=3, dungeons=3,
                                                            **stock(300))),
    ("stock", stock(31), stock(30)),
]


@ACTORS
@pytest.mark.parametrize(("level", "better", "worse"), LEVELS, ids=[x[0] for x in LEVELS])
def test_C_END_3_timeout_compares_tower_wall_facilities_stock(
        actor: int, level: str, better: dict[str, int], worse: dict[str, int]) -> None:
    assert result(actor, better, worse, round=250) == ("A", T), level
    assert result(actor, worse, better, round=250) == ("O", T), level


@ACTORS
def test_C_END_3_all_four_equal_is_a_draw_not_a_timeout(actor: int) -> None:
    same = dict(tower=40, wall=20, quarry=2, magic=5, dungeons=3, bricks=1, gems=2, recruits=3)
    other = dict(same, quarry=3, magic=3, dungeons=4, bricks=3, gems=2, recruits=1)
    assert result(actor, same, other, round=250) == ("-", EndType.DRAW)


# --- round 250 through the pipeline (C-END-4, C-END-5) --------------------------------

def test_C_END_4_round_250_ends_after_its_first_turn() -> None:
    game = duel(round=249, opp=dict(tower=40))
    play(game, GOBLIN)
    assert game.outcome is None and (game.round, game.current) == (250, 1)
    play(game, GOBLIN)
    assert game.outcome == Outcome(1, T)
    assert game.round == 250


def test_C_END_4_round_250_ends_even_after_a_quick_card() -> None:
    game = duel(round=250, me=dict(tower=35))
    play(game, NECROMANCY)
    assert game.outcome == Outcome(0, T)
    assert game.current == 0 and game.round == 250


def test_C_END_4_a_discard_in_round_250_ends_the_game_too() -> None:
    game = duel(round=250)
    discard(game, 1)
    assert game.outcome is not None
    assert game.outcome.end_type == T  # the discarder produced: more stock
    assert game.outcome.winner == 0


def test_C_END_5_a_discard_can_win_by_production() -> None:
    game = duel(me=stock(391))
    discard(game, 1)
    assert game.outcome == Outcome(0, R)


def test_C_END_5_a_quick_play_can_win_instead_of_giving_another_turn() -> None:
    game = duel(me=stock(401))  # Necromancy: 1 gem, no production
    play(game, NECROMANCY)
    assert game.outcome == Outcome(0, R)
    assert legal_actions(game) == []


def test_C_END_5_the_acting_player_can_lose_on_his_own_turn() -> None:
    game = duel(opp=stock(400))
    play(game, GOBLIN)
    assert game.outcome == Outcome(1, R)


def test_C_END_1_the_destruction_through_a_play() -> None:
    game = play(duel(opp=dict(tower=3, wall=0)), GOBLIN)
    assert game.outcome == Outcome(0, D)
    assert game.outcome.text == "Tower destruction victory"


# --- surrender, abort, finish (C-END-6, PL-PROTO-8) ------------------------------------

def every_request() -> list[Action]:
    return [Action(k, p, m) for k in (PLAY, DISCARD, "x") for p in range(0, 10)
            for m in range(0, 9)]


def assert_refuses_everything(game: Game) -> None:
    before = dumps(game)
    assert legal_actions(game) == []
    for action in every_request():
        for player in (None, 0, 1):
            with pytest.raises(GameNotInProgress):
                validate(game, action, player)
            with pytest.raises(GameNotInProgress):
                push(game, action, player)
    assert dumps(game) == before


@ACTORS
def test_C_END_6_surrender_makes_the_other_player_win(actor: int) -> None:
    game = RULESET.resign(duel(), actor)
    assert game.outcome == Outcome(1 - actor, EndType.SURRENDER)
    assert game.outcome.text == "Opponent has surrendered"
    assert_refuses_everything(game)


def test_C_END_6_surrender_is_possible_when_it_is_not_your_turn() -> None:
    game = duel()
    assert game.current == 0
    game = RULESET.resign(game, 1)
    assert game.outcome == Outcome(0, EndType.SURRENDER)


def test_C_END_6_abort_has_no_winner() -> None:
    game = RULESET.end(duel(), "abort", ())
    assert game.outcome == Outcome(None, EndType.ABORT)
    assert game.outcome.text == "Aborted"
    assert_refuses_everything(game)


def test_C_END_6_finish_gives_the_win_to_the_player_who_finishes() -> None:
    game = RULESET.end(duel(), "abandon", (1,))
    assert game.outcome == Outcome(1, EndType.ABANDON)
    assert game.outcome.text == "Opponent has fled the battlefield"
    assert_refuses_everything(game)


def test_C_END_6_a_finished_game_cannot_be_ended_again() -> None:
    game = play(duel(opp=dict(tower=1, wall=0)), GOBLIN)
    assert_refuses_everything(game)
    before = dumps(game)
    with pytest.raises(GameNotInProgress):
        RULESET.resign(game, 0)
    with pytest.raises(GameNotInProgress):
        RULESET.end(game, "abort", ())
    assert dumps(game) == before


def test_C_END_6_outcome_texts() -> None:
    texts = {t: Outcome(None, t).text for t in EndType}
    assert texts == {
        D: "Tower destruction victory", C: "Tower building victory",
        R: "Resource accumulation victory", T: "Timeout victory", EndType.DRAW: "Draw",
        EndType.SURRENDER: "Opponent has surrendered", EndType.ABORT: "Aborted",
        EndType.ABANDON: "Opponent has fled the battlefield",
    }


def test_C_END_7_a_finished_game_keeps_its_final_round() -> None:
    game = duel(round=42, opp=dict(tower=1, wall=0))
    play(game, GOBLIN)
    assert game.round == 42 and game.finished


def test_C_END_6_platform_endings_are_checked() -> None:
    """Only surrender, abort and finish end a game from outside; each with the right winner."""
    from .builders import duel as new_duel

    g = new_duel()
    with pytest.raises(ValueError):
        RULESET.end(g, "destruction", (0,))
    with pytest.raises(ValueError):
        RULESET.end(g, "abort", (1,))
    with pytest.raises(ValueError):
        RULESET.end(g, "abandon", ())
    with pytest.raises(ValueError):
        RULESET.resign(g, 2)
    assert g.outcome is None
    g = RULESET.end(g, "abort", ())
    assert g.outcome is not None and g.outcome.winner is None
