"""A tournament's summary as one self-contained HTML page: SVG drawn here on the server (no
script, no external file), each chart followed by its numbers as a table."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from .analysis import measure_words

WIDTH = 720
LABEL = 220
ROW = 18


def _pct(x: float) -> str:
    return f"{x * 100:+.2f}" if x is not None else "-"


def diverging(rows: Sequence[dict[str, Any]], title: str) -> str:
    """Win-rate differences as bars around zero, each with its 95% interval."""
    if not rows:
        return f"<p>{escape(title)}: no cards.</p>"
    span = max(max(abs(r["low"]), abs(r["high"])) for r in rows) or 0.01
    plot = WIDTH - LABEL - 20
    zero = LABEL + plot / 2

    def x(v: float) -> float:
        return zero + v / span * plot / 2

    height = ROW * len(rows) + 24
    parts = [f'<svg role="img" aria-label="{escape(title)}" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" xmlns="http://www.w3.org/2000/svg">',
             f'<line x1="{zero:.1f}" y1="0" x2="{zero:.1f}" y2="{height - 20}" stroke="#888"/>']
    for i, r in enumerate(rows):
        y = i * ROW + 2
        colour = ("#59a14f" if r["diff"] > 0 else "#e15759") if r["significant"] else "#bab0ac"
        left, right = sorted((x(0), x(r["diff"])))
        parts.append(f'<text x="{LABEL - 6}" y="{y + 12}" text-anchor="end" font-size="12">'
                     f'{escape(r["name"])}</text>')
        parts.append(f'<rect x="{left:.1f}" y="{y + 2}" width="{max(right - left, 0.5):.1f}" '
                     f'height="{ROW - 6}" fill="{colour}"/>')
        middle = y + ROW / 2 - 1
        parts.append(f'<line x1="{x(r["low"]):.1f}" y1="{middle}" x2="{x(r["high"]):.1f}" '
                     f'y2="{middle}" stroke="#333"/>')
    parts.append(f'<text x="{x(-span):.0f}" y="{height - 6}" font-size="11">'
                 f'{_pct(-span)} pp</text>')
    parts.append(f'<text x="{x(span):.0f}" y="{height - 6}" font-size="11" text-anchor="end">'
                 f'{_pct(span)} pp</text></svg>')
    return "".join(parts)


def columns(labels: Sequence[str], values: Sequence[float], title: str) -> str:
    """Vertical bars (a histogram or counts)."""
    height, top = 200, max(values, default=1) or 1
    step = (WIDTH - 40) / max(len(values), 1)
    parts = [f'<svg role="img" aria-label="{escape(title)}" width="{WIDTH}" height="{height + 30}" '
             f'viewBox="0 0 {WIDTH} {height + 30}" xmlns="http://www.w3.org/2000/svg">']
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        h = value / top * height
        parts.append(f'<rect x="{20 + i * step:.1f}" y="{height - h:.1f}" '
                     f'width="{max(step - 1, 0.5):.1f}" height="{h:.1f}" fill="#4e79a7">'
                     f'<title>{escape(label)}: {value:g}</title></rect>')
    if labels:
        parts.append(f'<text x="20" y="{height + 16}" font-size="11">{escape(labels[0])}</text>')
        parts.append(f'<text x="{WIDTH - 20}" y="{height + 16}" font-size="11" '
                     f'text-anchor="end">{escape(labels[-1])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def card_table(rows: Sequence[dict[str, Any]], measure: str = "held") -> str:
    """The per-card rows; the count column says what was counted (decks, or seats that
    held the card early)."""
    counted = "seats that held it early" if measure == "early" else "decks"
    head = (f"<tr><th>card</th><th>{counted}</th><th>win rate with</th><th>without</th>"
            "<th>difference (pp)</th><th>95% interval</th><th>q (BH)</th></tr>")
    body = "".join(
        f'<tr><td>{escape(r["name"])} ({escape(r["card"])})</td><td>{r["decks"]:,}</td>'
        f'<td>{r["win_with"]:.3f}</td><td>{r["win_without"]:.3f}</td><td>{_pct(r["diff"])}</td>'
        f'<td>{_pct(r["low"])} to {_pct(r["high"])}</td><td>{r["q"]:.2g}</td></tr>'
        for r in rows)
    return f"<table>{head}{body}</table>"


def strongest_weakest(summary: dict[str, Any], count: int = 20
                      ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    cards = summary["cards"]
    return cards[:count], list(reversed(cards[-count:])) if len(cards) > count else []


def html(summary: dict[str, Any], count: int = 20) -> str:
    """The whole report page."""
    setup = summary["setup"]
    strong, weak = strongest_weakest(summary, count)
    first = summary["first_player"]
    ends = summary["end_types"]
    hist = summary["turns"]["histogram"]
    outliers = summary["outliers"]
    names = {c["card"]: c["name"] for c in summary["cards"]}
    named = (", ".join(escape(names[c]) for c in outliers["strong"]) or "none",
             ", ".join(escape(names[c]) for c in outliers["weak"]) or "none")
    rate = "-" if first["rate"] is None else f'{first["rate"]:.4f}'
    measure = str(summary.get("card_measure", "held"))
    compared = measure_words(measure)
    compared = compared[:1].upper() + compared[1:]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Balance: {escape(setup["ruleset"])}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:1em auto}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px;text-align:right}}
td:first-child{{text-align:left}}</style>
</head><body>
<h1>Balance of {escape(setup["ruleset"])}</h1>
<p>{summary["games"]:,} games, bots {escape(" v ".join(setup["bots"]))}, seed
{escape(str(setup["seed"]))}, {summary["seconds"]:.1f} s ({summary["games_per_second"]} games/s,
{escape(summary["backend"])}). {escape(compared)}: the difference
of win rates in percentage points with its 95% interval; q is the Benjamini-Hochberg
q-value over all {len(summary["cards"])} cards; coloured bars are significant at
q &lt; {summary["alpha"]}.</p>
<h2>Outliers</h2>
<p>Significantly stronger: {named[0]}.</p>
<p>Significantly weaker: {named[1]}.</p>
<h2>The {len(strong)} strongest cards</h2>
{diverging(strong, "strongest cards")}
{card_table(strong, measure)}
<h2>The {len(weak)} weakest cards</h2>
{diverging(weak, "weakest cards")}
{card_table(weak, measure)}
<h2>First player</h2>
<p>The player who moves first won {first["wins"]:,} of {first["decided"]:,} decided games:
{rate} (95% interval {first["low"]:.4f} to {first["high"]:.4f}); {summary["draws"]:,}
games had no winner.</p>
<h2>End types</h2>
{columns(list(ends), list(ends.values()), "end types")}
<table><tr><th>end type</th><th>games</th></tr>{"".join(
    f"<tr><td>{escape(k)}</td><td>{v:,}</td></tr>" for k, v in ends.items())}</table>
<h2>Game length</h2>
<p>Turns per game: mean {summary["turns"]["mean"]:.1f}, from {summary["turns"]["min"]} to
{summary["turns"]["max"]}.</p>
{columns([str(t) for t, _ in hist], [c for _, c in hist], "turns per game")}
</body></html>
"""
