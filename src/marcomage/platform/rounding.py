"""Rounding as the manual means it: half away from zero (C-GEN-1), in exact integers."""

from __future__ import annotations


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
