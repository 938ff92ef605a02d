"""Deck formats as data and the deck validator (FW-DECK-1 to FW-DECK-8).

`validate_deck(entries, format, pool=None)` lists every reason an army cannot be played in a
format, each a `Violation` with one of the codes below, naming the card and saying why."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from marcomage.platform.protocol import Violation

from .cards import CARDS, Card

DECK_TOO_SMALL, DECK_TOO_LARGE, TOO_MANY_COPIES = "DECK_TOO_SMALL", "DECK_TOO_LARGE", \
    "TOO_MANY_COPIES"
NOT_IN_POOL, UNKNOWN_CARD, UNKNOWN_FORMAT = "NOT_IN_POOL", "UNKNOWN_CARD", "UNKNOWN_FORMAT"


@dataclass(frozen=True, slots=True)
class DeckFormat:
    """A format is data, not code (FW-DECK-7); None means no limit."""

    id: str
    name: str
    min_size: int
    max_size: int | None = None
    max_copies: int | None = None
    basic_max_copies: int | None = None
    pool_required: bool = False

    def describe(self) -> str:
        parts = [f"at least {self.min_size} cards"]
        if self.max_size is not None:
            parts.append(f"at most {self.max_size}")
        if self.max_copies is None:
            parts.append("any number of copies")
        else:
            parts.append(f"at most {self.max_copies} of each card")
            if self.basic_max_copies != self.max_copies:
                parts.append(f"{self.basic_max_copies} of each Basic Building")
        if self.pool_required:
            parts.append("only cards from your pool")
        return ", ".join(parts).capitalize() + "."


FORMATS: Mapping[str, DeckFormat] = MappingProxyType({f.id: f for f in (
    DeckFormat("constructed", "Constructed", 40, None, 3, 5),            # FW-DECK-2..4
    DeckFormat("limited", "Limited", 25),                                  # FW-DECK-5
    DeckFormat("sealed", "Sealed", 25, pool_required=True),                # FW-DECK-6
    DeckFormat("draft", "Draft", 25, pool_required=True),                  # FW-DECK-6
    DeckFormat("highlander", "Highlander", 40, None, 1, 1),                # FW-DECK-7
)})


def largest_army(fmt: DeckFormat, cards: Iterable[Card] | None = None) -> int | None:
    """The most cards an army of `fmt` can hold from `cards` (the whole set by default):
    each deckable card as often as the format allows; None when there is no limit."""
    total = 0
    for found in CARDS.values() if cards is None else cards:
        if not found.deckable:
            continue
        limit = fmt.basic_max_copies if found.basic else fmt.max_copies
        if limit is None:
            return None
        total += limit
    return total


def buildable(fmt: DeckFormat, cards: Iterable[Card] | None = None) -> bool:
    """Whether some army of `cards` is legal in `fmt` (issue 32: the lobby offers only
    formats whose armies can be built; Highlander needs 40 different cards)."""
    most = largest_army(fmt, cards)
    return most is None or most >= fmt.min_size


def _name(card_id: Any) -> str:
    found = CARDS.get(card_id) if isinstance(card_id, str) else None
    return found.name if found is not None else repr(card_id)


def validate_deck(entries: Sequence[Mapping[str, Any]], format: str | DeckFormat,
                  pool: Mapping[str, int] | None = None) -> list[Violation]:
    """Every violation of `format` by the army `entries` ([{card, count}]), [] when legal.

    Copies are counted by card name (FW-DECK-3), unknown cards not at all; with a `pool`
    (sealed, draft) each card may appear at most as often as the pool holds it (FW-DECK-6)."""
    fmt = format if isinstance(format, DeckFormat) else FORMATS.get(format)
    if fmt is None:
        return [Violation(UNKNOWN_FORMAT, f"The Far Wilds has no deck format {format!r}; "
                                          f"choose one of {', '.join(FORMATS)}.")]
    problems: list[Violation] = []
    counts: dict[str, int] = {}
    total = 0
    for entry in entries:
        card_id, count = entry.get("card"), entry.get("count", 1)
        if type(count) is not int or count < 1:
            count = 0
        found = CARDS.get(card_id) if isinstance(card_id, str) else None
        if found is None or not found.deckable:
            problems.append(Violation(UNKNOWN_CARD, f"{_name(card_id)} is not a card an army "
                                                    "may hold."))
            continue
        total += count
        counts[found.name] = counts.get(found.name, 0) + count
    if total < fmt.min_size:
        problems.append(Violation(DECK_TOO_SMALL, f"The army holds {total} cards; the "
                                                  f"{fmt.name} format needs at least "
                                                  f"{fmt.min_size}."))
    if fmt.max_size is not None and total > fmt.max_size:
        problems.append(Violation(DECK_TOO_LARGE, f"The army holds {total} cards; the "
                                                  f"{fmt.name} format allows at most "
                                                  f"{fmt.max_size}."))
    by_name = {c.name: c for c in CARDS.values()}
    for name, count in counts.items():
        found = by_name[name]
        limit = fmt.basic_max_copies if found.basic else fmt.max_copies
        if limit is not None and count > limit:
            kind = "a Basic Building" if found.basic else "a card"
            problems.append(Violation(TOO_MANY_COPIES, f"{name} is in the army {count} times; "
                                                       f"the {fmt.name} format allows {kind} "
                                                       f"at most {limit} times."))
    if fmt.pool_required or pool is not None:
        held = {} if pool is None else {CARDS[c].name: n for c, n in pool.items()
                                        if c in CARDS}
        for name, count in counts.items():
            if count > held.get(name, 0):
                where = ("no card pool was given" if pool is None
                         else f"the pool holds it {held.get(name, 0)} times")
                problems.append(Violation(NOT_IN_POOL, f"{name} is in the army {count} times "
                                                       f"but {where}."))
    return problems
