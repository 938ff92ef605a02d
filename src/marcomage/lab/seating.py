"""Who sits where in a tournament of ready-made sides (`marcomage balance --sides`).

Two seats: every pair of different sides (and each side against itself with `mirrors`) plays
the same number of games, the seat order alternating, so that a pairing's result is not the
first seat's advantage. More seats: each game seats distinct sides drawn from the game's own
seed, in a drawn order, so that every side meets every other and every seat equally often in
expectation. Either way game `i`'s seating depends only on the run's seed and `i`.
"""

from __future__ import annotations

from itertools import combinations

from marcomage.platform.rng import Rng


def pairings(sides: int, mirrors: bool) -> list[tuple[int, int]]:
    """The unordered pairings of a two-seat run, in a fixed order."""
    pairs = list(combinations(range(sides), 2))
    if mirrors:
        pairs += [(k, k) for k in range(sides)]
    return pairs


def total_games(sides: int, seats: int, games: int, mirrors: bool) -> int:
    """Two seats: `games` per pairing; more seats: `games` in all."""
    return games * len(pairings(sides, mirrors)) if seats == 2 else games


def seating(sides: int, seats: int, mirrors: bool, seed: str, index: int) -> tuple[int, ...]:
    """The side on each seat of game `index`."""
    if seats == 2:
        pairs = pairings(sides, mirrors)
        a, b = pairs[index % len(pairs)]
        return (a, b) if (index // len(pairs)) % 2 == 0 else (b, a)
    rng = Rng.from_seed(f"{seed}/{index}/sides")
    pool = list(range(sides))
    if sides < seats:
        return tuple(pool[rng.below(sides)] for _ in range(seats))
    return tuple(pool.pop(rng.below(len(pool))) for _ in range(seats))
