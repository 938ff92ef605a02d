"""Rounding as the manual means it: half away from zero (C-GEN-1), exactly. The one rounding
helper every game's awards and figures use (PL-SHARED-4): integers, fractions and decimals
are rounded without ever passing through a float."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

Exact = int | Fraction | Decimal
"""A number that can be rounded exactly (never a float)."""


def div_round(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half away from zero (2.5 -> 3, -2.5 -> -3).

    >>> div_round(5, 2), div_round(-5, 2), div_round(7, 3)
    (3, -3, 2)
    """
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    if numerator >= 0:
        return (2 * numerator + denominator) // (2 * denominator)
    return -((-2 * numerator + denominator) // (2 * denominator))


def _ratio(value: Exact) -> tuple[int, int]:
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal):
        raise TypeError(f"Only exact numbers are rounded, not {value!r}.")
    if isinstance(value, Decimal) and not value.is_finite():
        raise ValueError(f"Cannot round {value}.")
    return value.as_integer_ratio()


def round_half_away(value: Exact) -> int:
    """`value` rounded to an integer half away from zero, exactly (C-GEN-1, PL-SHARED-4).

    >>> [round_half_away(Decimal(x)) for x in ("73.5", "-2.5", "2.49")]
    [74, -3, 2]
    >>> round_half_away(Fraction(5, 2))
    3
    """
    return div_round(*_ratio(value))


def round_half_away_to(value: Exact, places: int) -> Decimal:
    """`value` rounded half away from zero to `places` decimal places, as an exact Decimal.

    >>> round_half_away_to(Fraction(2, 3), 2), round_half_away_to(Decimal("-0.125"), 2)
    (Decimal('0.67'), Decimal('-0.13'))
    """
    if places < 0:
        raise ValueError(f"Places cannot be negative (got {places}).")
    numerator, denominator = _ratio(value)
    return Decimal(div_round(numerator * 10 ** places, denominator)).scaleb(-places)
