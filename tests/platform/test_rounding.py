"""One rounding helper for every game: exact, half away from zero (C-GEN-1, PL-SHARED-4)."""

from __future__ import annotations

import doctest
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marcomage.platform import rounding
from marcomage.platform.rounding import div_round, round_half_away, round_half_away_to


def test_module_doctests() -> None:
    assert doctest.testmod(rounding).failed == 0


@pytest.mark.parametrize(("text", "expected"), [
    ("73.5", 74), ("-73.5", -74), ("2.49", 2), ("2.5", 3), ("-2.5", -3), ("0.5", 1),
    ("-0.5", -1), ("136.50", 137), ("0", 0), ("1E+3", 1000),
])
def test_C_GEN_1_decimals_round_half_away_from_zero(text: str, expected: int) -> None:
    assert round_half_away(Decimal(text)) == expected


@given(st.decimals(allow_nan=False, allow_infinity=False, places=4,
                   min_value=-10**9, max_value=10**9))
def test_PL_SHARED_4_same_as_the_decimal_half_up_the_awards_used(value: Decimal) -> None:
    """The four-phase EXP used Decimal.quantize(ROUND_HALF_UP); the shared helper agrees."""
    assert round_half_away(value) == int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def test_fractions_and_integers_round_like_div_round() -> None:
    assert round_half_away(Fraction(-7, 2)) == div_round(-7, 2) == -4
    assert round_half_away(12) == 12
    assert round_half_away_to(Fraction(1, 8), 2) == Decimal("0.13")


def test_floats_and_infinities_are_refused() -> None:
    with pytest.raises(TypeError, match="exact"):
        round_half_away(2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Cannot round"):
        round_half_away(Decimal("Infinity"))
    with pytest.raises(ValueError, match="negative"):
        round_half_away_to(Decimal(1), -1)
