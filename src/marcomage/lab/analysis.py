"""What a tournament says: per card, the win rate of decks holding it against decks without
it (a difference with a 95% interval, a p-value and a Benjamini-Hochberg q-value over all
cards), the first player's advantage, game lengths and end types.

A deck is one observation (two per duel); a draw is not a win. In a shared-pack game
(`Ruleset.shared_pack`: every seat plays from one pack, so every deck holds every card) a
seat is the observation and a card is "with" for the seats that held it early
(`Ruleset.cards_held_early`, `Results.measure` "early"), the rest "without". The interval
of a difference of two proportions is Newcombe's hybrid score interval (from the two
Wilson intervals); the p-value is the two-proportion z-test's; q-values control the false
discovery rate over every card tested, and a card is named an outlier when its q-value is
below `alpha`.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from .tournament import Results, setup_json

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (half successes allowed: a draw's half
    win in a pairing's score)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def difference(w1: int, n1: int, w2: int, n2: int) -> tuple[float, float, float, float]:
    """p1 - p2 with Newcombe's 95% interval and the two-sided z-test p-value."""
    p1 = w1 / n1 if n1 else 0.0
    p2 = w2 / n2 if n2 else 0.0
    l1, u1 = wilson(w1, n1)
    l2, u2 = wilson(w2, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (w1 + w2) / (n1 + n2) if n1 + n2 else 0.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) if n1 and n2 else 0.0
    p_value = math.erfc(abs(d) / se / math.sqrt(2)) if se > 0 else (1.0 if d == 0 else 0.0)
    return d, low, high, p_value


def benjamini_hochberg(p_values: list[float]) -> list[float]:
    """q-values: the smallest false discovery rate at which each test is a discovery."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    q = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        q[i] = running
    return q


MEASURES = {
    "held": "a deck holding a card against decks without it",
    "early": "a seat that held a card early (dealt it or drew it in the first rounds, "
             "while every mage lived) against seats that did not: every seat plays from one "
             "shared pack, so every deck holds every card and the shuffle decides who held "
             "it",
}
"""What a per-card row compares, by `Results.measure`, in the words the report and the site's
Balance page use."""


def measure_words(measure: str) -> str:
    """The sentence part naming what a per-card row compares (an unknown measure: held)."""
    return MEASURES.get(measure, MEASURES["held"])


@dataclass(frozen=True)
class CardEffect:
    card: str
    name: str
    decks: int
    win_with: float
    win_without: float
    diff: float
    low: float
    high: float
    p: float
    q: float
    significant: bool


def card_effects(results: Results, names: dict[str, str], alpha: float = 0.05,
                 min_decks: int = 1) -> list[CardEffect]:
    """Every card seen in at least `min_decks` decks, strongest first."""
    total_decks = sum(1 for w in results.winner for _ in results.setup.bots)
    total_wins = sum(1 for w in results.winner if w >= 0)
    rows = []
    for card, (decks, wins) in results.cards.items():
        if decks < min_decks or decks == total_decks:
            continue
        d, low, high, p = difference(wins, decks, total_wins - wins, total_decks - decks)
        rows.append((card, decks, wins / decks,
                     (total_wins - wins) / (total_decks - decks), d, low, high, p))
    q = benjamini_hochberg([r[7] for r in rows])
    effects = [CardEffect(card, names.get(card, card), decks, with_, without, d, low, high, p,
                          qv, qv < alpha)
               for (card, decks, with_, without, d, low, high, p), qv in zip(rows, q, strict=True)]
    return sorted(effects, key=lambda e: (-e.diff, e.card))


def summary(results: Results, names: dict[str, str], alpha: float = 0.05) -> dict[str, Any]:
    """Everything the report and the site's Balance page show, as JSON."""
    n = len(results.winner)
    decided = [(f, w) for f, w in zip(results.first, results.winner, strict=True) if w >= 0]
    first_wins = sum(1 for f, w in decided if f == w)
    low, high = wilson(first_wins, len(decided))
    effects = card_effects(results, names, alpha)
    lengths = Counter(results.turns)
    return {
        "setup": setup_json(results.setup),
        "games": n,
        "seconds": round(results.seconds, 3),
        "games_per_second": round(n / results.seconds, 1) if results.seconds else None,
        "backend": results.backend,
        "alpha": alpha,
        "first_player": {"decided": len(decided), "wins": first_wins,
                         "rate": first_wins / len(decided) if decided else None,
                         "low": low, "high": high},
        "draws": n - len(decided),
        "end_types": dict(sorted(Counter(results.end_type).items())),
        "turns": {"mean": sum(results.turns) / n if n else 0.0,
                  "min": min(results.turns, default=0), "max": max(results.turns, default=0),
                  "histogram": sorted(lengths.items())},
        "card_measure": results.measure,
        "cards": [asdict(e) for e in effects],
        "outliers": {"strong": [e.card for e in effects if e.significant and e.diff > 0],
                     "weak": [e.card for e in effects if e.significant and e.diff < 0]},
    }
