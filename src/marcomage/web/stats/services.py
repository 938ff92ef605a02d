"""The statistics pages' numbers, read from the running totals (models): cards of a game
system, how its games end and how long they last, and one player's record by opponent and
EXP over time."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from typing import Any

from marcomage.games import find_ruleset
from marcomage.simulate import wilson
from marcomage.web.core.end_types import end_words
from marcomage.web.core.widgets import cards_of, stats_of

from .models import CardTotal, CardUse, DayTotal, ExpPoint, SystemTotal, Versus

MIN_RESULTS = 20
"""A win rate is shown only from this many decided games with the card in the deck."""
ORDERS = {"picked": "Most picked", "win": "Best win rate", "played": "Most played",
          "name": "Name"}


@cache
def card_names(ruleset: str) -> dict[str, str]:
    """Card id -> name from the game's own card data (its widget `cards.catalog()`), so no
    player reads a raw id (issue 31); empty for a game without a card catalogue."""
    cards = cards_of(ruleset)
    if cards is None:
        return {}
    return {str(entry["card"]): str(entry["name"]) for entry in cards.catalog()}


def card_label(ruleset: str, card: str) -> str:
    """The card's name: through the game's widget `stats.card_label` when it has one, else
    its card catalogue; a card in neither (retired since) shows its id in words."""
    named = stats_of(ruleset)
    if named is not None:
        return named.card_label(card)
    found = card_names(ruleset).get(card)
    if found is not None:
        return found
    return f"Card {card}" if card.isdigit() else card.replace("_", " ").capitalize()


@dataclass(frozen=True)
class CardRow:
    card: str
    name: str
    seats: int
    picked: float
    results: int
    wins: int
    uses: tuple[int, ...]
    """Times used each way, in the order of the table's `verbs`."""

    @property
    def win_rate(self) -> float | None:
        """Wins per game with a result (draws are not wins), or None below MIN_RESULTS."""
        if self.results < MIN_RESULTS:
            return None
        return self.wins / self.results

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.results)


@dataclass(frozen=True)
class CardTable:
    rows: list[CardRow]
    verbs: list[str]
    games: int
    seats: int


def card_table(ruleset: str, order: str = "picked") -> CardTable:
    """Every card seen in a deck of a finished game of the system, in the order asked."""
    total = SystemTotal.objects.filter(ruleset=ruleset).first()
    seats = total.seats if total else 0
    uses: dict[str, dict[str, int]] = defaultdict(dict)
    for card, verb, count in CardUse.objects.filter(ruleset=ruleset).values_list(
            "card", "verb", "count"):
        uses[card][verb] = count
    verbs = sorted({verb for counts in uses.values() for verb in counts})
    rows = [CardRow(t.card, card_label(ruleset, t.card), t.seats, t.seats / seats if seats else 0,
                    t.wins + t.losses + t.draws, t.wins,
                    tuple(uses.get(t.card, {}).get(verb, 0) for verb in verbs))
            for t in CardTotal.objects.filter(ruleset=ruleset)]
    main = verbs.index("play") if "play" in verbs else 0
    keys: dict[str, Any] = {
        "picked": lambda r: (-r.seats, r.name),
        "win": lambda r: (r.win_rate is None, -(r.win_rate or 0), -r.results, r.name),
        "played": lambda r: (-(r.uses[main] if r.uses else 0), r.name),
        "name": lambda r: (r.name.lower(), r.card),
    }
    rows.sort(key=keys.get(order, keys["picked"]))
    return CardTable(rows, verbs, total.games if total else 0, seats)


@dataclass(frozen=True)
class Period:
    label: str
    games: int
    by_end: dict[str, int]
    rounds: int

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0


LABELS = {"day": "%Y-%m-%d", "week": "week of %Y-%m-%d", "month": "%Y-%m"}


def _bucket(day: date, unit: str) -> date:
    if unit == "month":
        return day.replace(day=1)
    if unit == "week":
        return day - timedelta(days=day.weekday())
    return day


def periods(ruleset: str) -> tuple[list[Period], list[str], str]:
    """Finished games per day, week or month (whichever gives at most ~60 periods), by end
    type in words, with their summed lengths; also the end types, most frequent first, and
    the unit."""
    rows = list(DayTotal.objects.filter(ruleset=ruleset).values_list(
        "day", "end_type", "games", "rounds"))
    if not rows:
        return [], [], "day"
    first, last = min(r[0] for r in rows), max(r[0] for r in rows)
    span = (last - first).days
    unit = "day" if span <= 60 else "week" if span <= 420 else "month"
    grouped: dict[date, list[Any]] = {}
    ends: dict[str, int] = defaultdict(int)
    for day, end_id, games, rounds in rows:
        end_type = end_words(end_id)  # in words; "surrender" and "Surrender" are one
        slot = grouped.setdefault(_bucket(day, unit), [0, defaultdict(int), 0])
        slot[0] += games
        slot[1][end_type] += games
        slot[2] += rounds
        ends[end_type] += games
    found = [Period(key.strftime(LABELS[unit]), g, dict(by), r)
             for key, (g, by, r) in sorted(grouped.items())]
    return found, sorted(ends, key=lambda e: (-ends[e], e)), unit


@dataclass(frozen=True)
class VersusRow:
    opponent: str
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


def versus(user: Any, ruleset: str) -> list[VersusRow]:
    """The player's results against each opponent, most games first."""
    rows = [VersusRow(v.opponent.username, v.wins, v.losses, v.draws)
            for v in Versus.objects.filter(player=user, ruleset=ruleset).select_related(
                "opponent")]
    return sorted(rows, key=lambda r: (-r.games, r.opponent.lower()))


@dataclass(frozen=True)
class ExpRow:
    label: str
    level: int
    exp: int
    games: int


def exp_history(user: Any, ruleset: str) -> tuple[list[ExpRow], str]:
    """The player's level and EXP at the end of each day, week or month (at most ~60 rows,
    as `periods`) in which he finished games of the system, oldest first; and the unit."""
    points = list(ExpPoint.objects.filter(player=user, ruleset=ruleset).order_by("at", "pk")
                  .values_list("at", "level", "exp"))
    if not points:
        return [], "day"
    span = (points[-1][0] - points[0][0]).days
    unit = "day" if span <= 60 else "week" if span <= 420 else "month"
    last: dict[date, list[int]] = {}
    for at, level, exp in points:
        slot = last.setdefault(_bucket(at.date(), unit), [0, 0, 0])
        slot[0], slot[1], slot[2] = level, exp, slot[2] + 1
    return [ExpRow(key.strftime(LABELS[unit]), level, exp, games)
            for key, (level, exp, games) in sorted(last.items())], unit


def system_name(ruleset: str) -> str:
    return find_ruleset(ruleset).name
