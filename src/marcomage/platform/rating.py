"""Levels, slots and the default award policy every game shares (PL-SHARED-4).

EXP and levels are kept per game; the level curve and slot rules are MArcomage's (C-EXP-1,
C-EXP-2, C-GAME-1), and a game without its own award policy uses the default: 100 EXP times
1.0 for a win, 0.5 for a draw, 0.15 for a loss, then MArcomage's opponent-level phase
(C-EXP-5). Friendly and aborted games award nothing. Exact decimals, half away from zero.

    >>> [a.exp for a in default_awards(Outcome("win", (1,), "points", 9), [0, 0], False)]
    [15, 100]
    >>> exp_to_level_up(10)
    1500
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from .protocol import ABORT, Outcome, SeatAward
from .rounding import round_half_away

BASE_EXP = 100
"""EXP of one game before any modifier (C-EXP-3)."""

LEVEL_DIFFERENCE_CAP = 10
"""Levels beyond this difference change nothing in the opponent phase (C-EXP-5)."""

DECK_SLOTS = 8
"""Decks a player has per game before any game's own bonus (PL-SHARED-2)."""

DEFAULT_MODIFIERS: dict[str, Decimal] = {
    "win": Decimal("1.0"), "draw": Decimal("0.5"), "loss": Decimal("0.15"),
}
"""The default policy's result modifiers (PL-SHARED-4)."""

ONE = Decimal(1)


def check_level(level: int) -> None:
    """Refuse a negative level (ValueError)."""
    if level < 0:
        raise ValueError(f"A level cannot be negative (got {level}).")


def exp_to_level_up(level: int) -> int:
    """EXP needed to go from `level` to the next: 500 + 50N + 200[N/5] + 100[N/10]² (C-EXP-1).

    >>> [exp_to_level_up(n) for n in (0, 1, 4, 5, 9, 10, 20)]
    [500, 550, 700, 950, 1150, 1500, 2700]
    """
    check_level(level)
    return 500 + 50 * level + 200 * (level // 5) + 100 * (level // 10) ** 2


def add_exp(level: int, exp: int, gained: int) -> tuple[int, int, bool]:
    """(level, exp, levelled_up) after a game's gain; at most one level per game (C-EXP-2).

    >>> add_exp(0, 450, 60), add_exp(0, 450, 40), add_exp(0, 0, 1200)
    ((1, 10, True), (0, 490, False), (1, 700, True))
    """
    check_level(level)
    if exp < 0 or gained < 0:
        raise ValueError(f"EXP cannot be negative (exp {exp}, gained {gained}).")
    total = exp + gained
    need = exp_to_level_up(level)
    if total >= need:
        return level + 1, total - need, True
    return level, total, False


def game_slots(level: int) -> int:
    """Simultaneous games allowed: 15, plus one for every 4th level (C-GAME-1, PL-SHARED-1)."""
    check_level(level)
    return 15 + level // 4


def opponent_modifier(level: int, opponent_level: int) -> Decimal:
    """The opponent-level factor: +10% per level the opponent is above, -5% per level below,
    counting at most 10 levels (C-EXP-5).

    >>> opponent_modifier(7, 1), opponent_modifier(0, 30)
    (Decimal('0.70'), Decimal('2.00'))
    """
    check_level(level)
    check_level(opponent_level)
    above = level - opponent_level
    if above > 0:
        return ONE - Decimal("0.05") * min(LEVEL_DIFFERENCE_CAP, above)
    if above < 0:
        return ONE + Decimal("0.10") * min(LEVEL_DIFFERENCE_CAP, -above)
    return ONE


def seat_result(outcome: Outcome, seat: int) -> str:
    """The outcome from `seat`'s side: "win", "loss", "draw", or "none" for an abort."""
    if outcome.end_type == ABORT or outcome.result == "none":
        return "none"
    if not outcome.winners:
        return "draw"
    return "win" if seat in outcome.winners else "loss"


def opponents_level(levels: Sequence[int], seat: int) -> int:
    """The level a seat faced: the other seats' mean level, rounded half away from zero (with
    several opponents, as in Mage Wars, the phase compares against their average)."""
    others = [lv for i, lv in enumerate(levels) if i != seat]
    if not others:
        raise ValueError("A game needs at least two seats.")
    return round_half_away(Fraction(sum(others), len(others)))


def default_awards(outcome: Outcome, levels: Sequence[int], friendly: bool) -> list[SeatAward]:
    """Each seat's EXP under the default policy (PL-SHARED-4): result phase, then the
    opponent-level phase, each rounded; nothing for friendly or aborted games.

    `levels` are the seats' levels in this game before it; details give both phases as
    {"phases": [{"name", "modifier", "exp"}, ...], "opponent_level": n}."""
    for level in levels:
        check_level(level)
    awards: list[SeatAward] = []
    for seat in range(len(levels)):
        result = seat_result(outcome, seat)
        if friendly or result == "none":
            awards.append(SeatAward(result, 0))
            continue
        modifier = DEFAULT_MODIFIERS[result]
        first = round_half_away(BASE_EXP * modifier)
        opponent = opponents_level(levels, seat)
        factor = opponent_modifier(levels[seat], opponent)
        second = round_half_away(first * factor)
        awards.append(SeatAward(result, second, {
            "phases": [
                {"name": "result", "modifier": str(modifier), "exp": first},
                {"name": "opponent", "modifier": str(factor), "exp": second},
            ],
            "opponent_level": opponent,
        }))
    return awards
