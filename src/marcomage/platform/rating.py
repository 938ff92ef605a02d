"""TEMPORARY stand-in until branch platform lands its platform/rating.py (take theirs on merge):
the shared level curve and slots (C-EXP-1, C-EXP-2, C-GAME-1, C-DECK-4)."""

from __future__ import annotations


def exp_to_level_up(level: int) -> int:
    """EXP needed to go from `level` to the next: 500 + 50N + 200[N/5] + 100[N/10]²."""
    return 500 + 50 * level + 200 * (level // 5) + 100 * (level // 10) ** 2


def add_exp(level: int, exp: int, gained: int) -> tuple[int, int, bool]:
    """(level, exp, levelled_up) after a game's gain; at most one level per game."""
    total = exp + gained
    need = exp_to_level_up(level)
    if total >= need:
        return level + 1, total - need, True
    return level, total, False


def game_slots(level: int) -> int:
    """Simultaneous games allowed: 15, plus one for every 4th level."""
    return 15 + level // 4


def deck_slots(level: int) -> int:
    """Decks a player has: 8, plus one for every 6th level."""
    return 8 + level // 6
