"""What a run of ready-made sides says (`marcomage balance --sides`): for two seats a
matchup table (each pairing's score with its Wilson interval), for more seats each side's
win share against an even share; the seats' advantage; the share of games that ran into a
cap; the mean length. A draw counts half a win in a pairing's score and nothing in a win
share.

The targets of issues 32-35 are checked here, so that the report says which are met: every
two-seat pairing between 40% and 60%, every side of a many-seat game within 10 points of an
even share, fewer than 1% of games ending by a cap, and no card of a side's deck outside
8 points of win-rate difference.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .analysis import wilson
from .tournament import Results

PAIRING_LOW, PAIRING_HIGH = 0.40, 0.60
SHARE_BOUND = 0.10
CAP_LIMIT = 0.01
CARD_BOUND = 0.08


def _interval(score: float, n: int) -> dict[str, float]:
    low, high = wilson(score, n)
    return {"rate": score / n if n else 0.0, "low": low, "high": high}


def pairings_table(results: Results, names: Sequence[str]) -> list[dict[str, Any]]:
    """Each two-seat pairing (side a < side b, or a mirror) with a's score."""
    tally: dict[tuple[int, int], list[int]] = {}
    for seated, winner in zip(results.seating, results.winner, strict=True):
        a, b = sorted(seated)
        row = tally.setdefault((a, b), [0, 0, 0, 0])  # games, a wins, b wins, draws
        row[0] += 1
        if winner < 0:
            row[3] += 1
        elif a == b:
            row[1 + winner] += 1  # a mirror: seat 0's wins, then seat 1's
        else:
            row[1 if seated[winner] == a else 2] += 1
    rows = []
    for (a, b), (n, wins_a, wins_b, draws) in sorted(tally.items()):
        score = wins_a + draws / 2
        rows.append({"a": names[a], "b": names[b], "mirror": a == b, "games": n,
                     "a_wins": wins_a, "b_wins": wins_b, "draws": draws,
                     **_interval(score, n),
                     "in_target": a == b or PAIRING_LOW <= score / n <= PAIRING_HIGH})
    return rows


def shares_table(results: Results, names: Sequence[str]) -> list[dict[str, Any]]:
    """Each side's share of the games it sat in that it won, against an even share."""
    seats = len(results.setup.bots)
    played: Counter[int] = Counter()
    won: Counter[int] = Counter()
    for seated, winner in zip(results.seating, results.winner, strict=True):
        played.update(set(seated))
        if winner >= 0:
            won[seated[winner]] += 1
    rows = []
    for k, name in enumerate(names):
        n = played[k]
        interval = _interval(won[k], n)
        rows.append({"side": name, "games": n, "wins": won[k], **interval, "even": 1 / seats,
                     "in_target": n > 0 and abs(interval["rate"] - 1 / seats) <= SHARE_BOUND})
    return rows


def seat_shares(results: Results) -> list[dict[str, Any]]:
    """How often each seat won, against an even share (the first seat's advantage)."""
    seats = len(results.setup.bots)
    n = len(results.winner)
    won = Counter(w for w in results.winner if w >= 0)
    return [{"seat": s, "wins": won[s], **_interval(won[s], n), "even": 1 / seats,
             "in_target": abs((won[s] / n if n else 0) - 1 / seats) <= SHARE_BOUND}
            for s in range(seats)]


def sides_summary(results: Results, names: Sequence[str], caps: frozenset[str],
                  cards: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The sides part of a run's summary; `cards` are the run's per-card rows, measured as
    `results.measure` says (decks that held a card, or seats that held it early)."""
    n = len(results.winner)
    capped = sum(1 for e in results.end_type if e in caps)
    seats = len(results.setup.bots)
    doc: dict[str, Any] = {
        "names": list(names), "seats": seats,
        "seat_shares": seat_shares(results),
        "capped": {"games": capped, "cap_end_types": sorted(caps), **_interval(capped, n),
                   "in_target": n > 0 and capped / n < CAP_LIMIT},
        "rounds": {"mean": sum(results.rounds) / n if n else 0.0,
                   "max": max(results.rounds, default=0)},
        "cards_outside": [c["name"] for c in cards if abs(c["diff"]) > CARD_BOUND],
        "card_measure": results.measure,
        "cards_measured": len(cards),
    }
    if seats == 2:
        doc["pairings"] = pairings_table(results, names)
    else:
        doc["shares"] = shares_table(results, names)
    return doc


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def _measured(doc: dict[str, Any]) -> str:
    """How the card line's rows were measured, said where it is not the usual deck count."""
    if doc.get("card_measure", "held") == "held":
        return ""
    return (f" (seats that held a card early against seats that did not, "
            f"{doc.get('cards_measured', 0)} cards measured)")


def markdown(doc: dict[str, Any]) -> str:
    """The tables as Markdown, for the closing note and BENCHMARKS.md."""
    lines: list[str] = []
    if "pairings" in doc:
        lines += ["| side A | side B | games | A wins | B wins | draws | A's score (95% CI) |"
                  " in 40-60% |", "|---|---|---:|---:|---:|---:|---|---|"]
        for r in doc["pairings"]:
            lines.append(f"| {r['a']} | {r['b']} | {r['games']} | {r['a_wins']} | "
                         f"{r['b_wins']} | {r['draws']} | {_pct(r['rate'])} "
                         f"({_pct(r['low'])}-{_pct(r['high'])}) | "
                         f"{'mirror' if r['mirror'] else 'yes' if r['in_target'] else 'NO'} |")
    else:
        lines += ["| side | games | wins | win share (95% CI) | even | within 10 points |",
                  "|---|---:|---:|---|---:|---|"]
        for r in doc["shares"]:
            lines.append(f"| {r['side']} | {r['games']} | {r['wins']} | {_pct(r['rate'])} "
                         f"({_pct(r['low'])}-{_pct(r['high'])}) | {_pct(r['even'])} | "
                         f"{'yes' if r['in_target'] else 'NO'} |")
    seats = ", ".join(f"seat {s['seat'] + 1} {_pct(s['rate'])}" for s in doc["seat_shares"])
    cap = doc["capped"]
    met = "met" if cap["in_target"] else "NOT met"
    lines += ["", f"Wins by seat: {seats}.",
              f"Capped games ({', '.join(cap['cap_end_types'])}): {cap['games']} "
              f"({_pct(cap['rate'])}; target under 1%: {met}).",
              f"Mean length: {doc['rounds']['mean']:.1f} rounds (longest {doc['rounds']['max']}).",
              "Cards outside ±8 points" + _measured(doc) + ": "
              + (", ".join(doc["cards_outside"]) or "none") + "."]
    return "\n".join(lines)
