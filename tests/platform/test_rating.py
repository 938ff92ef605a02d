"""Levels, slots and the default award policy shared by every game (PL-SHARED-4, C-EXP-1,
C-EXP-2, C-EXP-5, C-GAME-1)."""

from __future__ import annotations

import doctest
import math
from decimal import Decimal

import pytest

from marcomage.platform import rating
from marcomage.platform.protocol import Outcome, SeatAward
from marcomage.platform.rating import (
    add_exp,
    default_awards,
    exp_to_level_up,
    game_slots,
    opponent_modifier,
    opponents_level,
    seat_result,
)


def test_module_doctests() -> None:
    assert doctest.testmod(rating).failed == 0


# --- C-EXP-1, C-EXP-2: levels ---------------------------------------------------------------


@pytest.mark.parametrize(("level", "need"), [
    (0, 500), (1, 550), (4, 700), (5, 950), (9, 1150), (10, 1500), (20, 2700),
])
def test_C_EXP_1_level_formula_manual_examples(level: int, need: int) -> None:
    assert exp_to_level_up(level) == need


@pytest.mark.parametrize("level", range(61))
def test_C_EXP_1_level_formula_is_the_manuals_with_floors(level: int) -> None:
    manual = 500 + (50 * level) + (200 * math.floor(level / 5)) + (
        100 * math.floor(level / 10) ** 2)
    assert exp_to_level_up(level) == manual


def test_C_EXP_1_floors_jump_at_every_fifth_and_tenth_level() -> None:
    assert exp_to_level_up(14) == 500 + 700 + 400 + 100
    assert exp_to_level_up(15) - exp_to_level_up(14) == 50 + 200
    assert exp_to_level_up(30) - exp_to_level_up(29) == 50 + 200 + 100 * (9 - 4)


def test_C_EXP_1_new_players_are_level_0_and_negative_levels_are_refused() -> None:
    assert add_exp(0, 0, 0) == (0, 0, False)
    with pytest.raises(ValueError, match="negative"):
        exp_to_level_up(-1)


def test_C_EXP_2_exp_accumulates_below_the_threshold() -> None:
    assert add_exp(0, 300, 199) == (0, 499, False)


def test_C_EXP_2_reaching_the_threshold_exactly_levels_up_with_0_exp() -> None:
    assert add_exp(0, 300, 200) == (1, 0, True)


def test_C_EXP_2_the_surplus_carries_into_the_new_level() -> None:
    assert add_exp(4, 650, 100) == (5, 50, True)


def test_C_EXP_2_at_most_one_level_per_game() -> None:
    # 500 to reach level 1, 550 more for level 2: 1200 would pass both thresholds.
    assert add_exp(0, 0, 1200) == (1, 700, True)
    # The surplus levels up at the next game, even with a gain of 0.
    assert add_exp(1, 700, 0) == (2, 150, True)


def test_C_EXP_2_negative_exp_is_refused() -> None:
    with pytest.raises(ValueError):
        add_exp(0, 0, -1)
    with pytest.raises(ValueError):
        add_exp(0, -1, 5)


@pytest.mark.parametrize(("level", "games"), [
    (0, 15), (3, 15), (4, 16), (7, 16), (8, 17), (11, 17), (12, 18), (40, 25),
])
def test_C_GAME_1_a_bonus_game_slot_every_4th_level(level: int, games: int) -> None:
    assert game_slots(level) == games


# --- C-EXP-5: the opponent-level phase ---------------------------------------------------------


@pytest.mark.parametrize(("level", "opponent", "factor"), [
    (5, 5, "1"), (7, 1, "0.70"), (1, 7, "1.60"), (30, 0, "0.50"), (0, 30, "2.00"),
])
def test_C_EXP_5_opponent_modifier_counts_at_most_ten_levels(
        level: int, opponent: int, factor: str) -> None:
    assert opponent_modifier(level, opponent) == Decimal(factor)


# --- PL-SHARED-4: the default award policy ------------------------------------------------------


def test_PL_SHARED_4_default_policy_win_draw_loss_at_equal_levels() -> None:
    won = default_awards(Outcome("win", (0,), "points", 5), [3, 3], False)
    assert [(a.result, a.exp) for a in won] == [("win", 100), ("loss", 15)]
    drawn = default_awards(Outcome("draw", (), "points", 5), [3, 3], False)
    assert [(a.result, a.exp) for a in drawn] == [("draw", 50), ("draw", 50)]
    assert won[0].details["phases"][0] == {"name": "result", "modifier": "1.0", "exp": 100}


def test_PL_SHARED_4_default_policy_applies_the_opponent_phase_rounded_half_away() -> None:
    """C-EXP-5 after the result phase: a loss (15) against a player 3 levels above is
    15 * 1.30 = 19.5 -> 20; the winner 3 levels above gets 100 * 0.85 = 85."""
    awards = default_awards(Outcome("win", (1,), "points", 5), [0, 3], False)
    assert [(a.result, a.exp) for a in awards] == [("loss", 20), ("win", 85)]
    assert awards[0].details["opponent_level"] == 3


def test_PL_SHARED_4_friendly_and_aborted_games_award_nothing() -> None:
    friendly = default_awards(Outcome("win", (0,), "points", 5), [0, 0], True)
    assert friendly == [SeatAward("win", 0), SeatAward("loss", 0)]
    aborted = default_awards(Outcome("none", (), "abort", 5), [0, 0, 0], False)
    assert aborted == [SeatAward("none", 0)] * 3


def test_PL_SHARED_4_several_opponents_count_as_their_mean_level() -> None:
    assert opponents_level([0, 3, 4], 0) == 4  # 3.5 rounds half away from zero
    awards = default_awards(Outcome("win", (2,), "points", 5), [0, 3, 4], False)
    assert [a.result for a in awards] == ["loss", "loss", "win"]
    assert awards[0].exp == 21  # 15 * 1.40
    assert seat_result(Outcome("win", (0, 2), "points", 1), 2) == "win"


def test_default_awards_refuse_negative_levels() -> None:
    with pytest.raises(ValueError, match="negative"):
        default_awards(Outcome("draw", (), "points", 1), [0, -1], False)
