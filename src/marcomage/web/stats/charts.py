"""Charts drawn on the server as SVG geometry (no script, no CDN): horizontal bars with an
optional interval, stacked columns and a line. Templates draw the shapes and, beside each
chart, the same numbers as a table for screen readers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

WIDTH = 640
ROW = 22
LABEL = 170
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac")


@dataclass(frozen=True)
class Bar:
    label: str
    y: float
    width: float
    low: float
    high: float
    text: str


@dataclass(frozen=True)
class Bars:
    """Horizontal bars for values in 0..1 (shares, win rates) with their intervals."""

    bars: tuple[Bar, ...]
    height: float
    left: float = LABEL
    span: float = WIDTH - LABEL - 60
    half: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "half", self.left + self.span / 2)


def bars(rows: Sequence[tuple[str, float, float, float, str]]) -> Bars:
    """(label, value, low, high, text) rows, values and bounds as shares of 1."""
    span = WIDTH - LABEL - 60
    drawn = tuple(
        Bar(label, 8 + i * ROW, value * span, LABEL + low * span, LABEL + high * span, text)
        for i, (label, value, low, high, text) in enumerate(rows))
    return Bars(drawn, 16 + len(rows) * ROW)


@dataclass(frozen=True)
class Segment:
    x: float
    y: float
    width: float
    height: float
    colour: str
    title: str


@dataclass(frozen=True)
class Columns:
    """Stacked columns, one per bucket, one colour per series, with a legend."""

    segments: tuple[Segment, ...]
    labels: tuple[tuple[float, str], ...]
    legend: tuple[tuple[str, str], ...]
    height: float
    top: int


def columns(buckets: Sequence[str], series: Sequence[str],
            values: Sequence[Sequence[int]], height: float = 220) -> Columns:
    """`values[b][s]`: the count of series s in bucket b."""
    top = max((sum(v) for v in values), default=0) or 1
    step = (WIDTH - 40) / max(len(buckets), 1)
    segments = []
    for b, counts in enumerate(values):
        y = height
        for s, count in enumerate(counts):
            h = count / top * (height - 10)
            y -= h
            if count:
                segments.append(Segment(30 + b * step + 1, y, max(step - 2, 1), h,
                                        PALETTE[s % len(PALETTE)],
                                        f"{buckets[b]}: {series[s]} {count}"))
    every = max(1, len(buckets) // 8)
    labels = tuple((30 + b * step + step / 2, name) for b, name in enumerate(buckets)
                   if b % every == 0)
    legend = tuple((PALETTE[s % len(PALETTE)], name) for s, name in enumerate(series))
    return Columns(tuple(segments), labels, legend, height, top)


@dataclass(frozen=True)
class Line:
    points: str
    dots: tuple[tuple[float, float, str], ...]
    labels: tuple[tuple[float, str], ...]
    height: float
    low: float
    high: float


def line(labels: Sequence[str], values: Sequence[float], height: float = 180) -> Line:
    """One series of values over ordered labels (dates), scaled between its extremes."""
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high == low:
        low, high = low - 1, high + 1
    step = (WIDTH - 60) / max(len(values) - 1, 1)
    dots = tuple((40 + i * step, 10 + (high - v) / (high - low) * (height - 30),
                  f"{labels[i]}: {v:g}") for i, v in enumerate(values))
    every = max(1, len(labels) // 6)
    ticks = tuple((40 + i * step, name) for i, name in enumerate(labels) if i % every == 0)
    return Line(" ".join(f"{x:.1f},{y:.1f}" for x, y, _ in dots), dots, ticks, height,
                low, high)
