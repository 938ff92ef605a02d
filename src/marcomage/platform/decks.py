"""The platform deck document (PL-SHARED-2): reading one from untrusted JSON, the shared size
and copy checker written as data, and deck export and import as JSON text.

A deck is {"game", "format", "name", "entries": [{"card", "count"}], "extra"}. Whether it
can be played is its format's business: `DeckLimits` for the sizes and copies, then the
ruleset's own `validate_deck`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .protocol import DeckDoc, DeckEntry, Violation

FIELDS = ("game", "format", "name", "entries", "extra")
NAME_LENGTH = 100
"""Longest deck name kept."""
MAX_ENTRIES = 1000
"""Most entries a deck document may list (a bound on untrusted input)."""
MAX_COUNT = 1000
"""Most copies one entry may ask for (a bound on untrusted input)."""

Card = int | str


class DeckDocError(ValueError):
    """A deck document that cannot be read; `violations` say every reason."""

    def __init__(self, violations: list[Violation]) -> None:
        super().__init__(" ".join(v.message for v in violations))
        self.violations = violations


def _card_id(value: Any) -> Card | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int) or (isinstance(value, str) and 0 < len(value) <= 100):
        return value
    return None


def deck_problems(doc: Any, games: Collection[str]) -> tuple[DeckDoc | None, list[Violation]]:
    """The normalised deck and every problem found reading `doc` (JSON from anywhere).

    Normalised: all five fields present, the name trimmed, entries in first-seen order with
    repeats of a card added up. Codes: "not-an-object", "missing-field", "unknown-field",
    "unknown-game", "bad-field", "bad-entry", "bad-count"."""
    if not isinstance(doc, Mapping):
        return None, [Violation("not-an-object", "A deck is a JSON object.")]
    problems: list[Violation] = []
    for name in ("game", "format", "entries"):
        if name not in doc:
            problems.append(Violation("missing-field", f"The deck has no {name!r}."))
    for name in sorted(set(doc) - set(FIELDS), key=str):
        problems.append(Violation("unknown-field", f"A deck has no field {name!r}."))
    game, fmt = doc.get("game"), doc.get("format")
    if "game" in doc and (not isinstance(game, str) or game not in games):
        problems.append(Violation("unknown-game", f"There is no game system {game!r}."))
    if "format" in doc and not isinstance(fmt, str):
        problems.append(Violation("bad-field", "The deck's 'format' is a word."))
    name = doc.get("name", "")
    if not isinstance(name, str):
        problems.append(Violation("bad-field", "The deck's 'name' is text."))
        name = ""
    extra = doc.get("extra", {})
    if not isinstance(extra, Mapping):
        problems.append(Violation("bad-field", "The deck's 'extra' is an object."))
        extra = {}
    raw = doc.get("entries", [])
    if not isinstance(raw, list) or len(raw) > MAX_ENTRIES:
        problems.append(Violation(
            "bad-field", f"The deck's 'entries' is a list of at most {MAX_ENTRIES} entries."))
        raw = []
    counts: dict[Card, int] = {}
    for index, entry in enumerate(raw, 1):
        card = _card_id(entry.get("card")) if isinstance(entry, Mapping) else None
        if card is None or not isinstance(entry, Mapping) or set(entry) - {"card", "count"}:
            problems.append(Violation(
                "bad-entry", f"Entry {index} is not {{'card': id, 'count': n}}."))
            continue
        count = entry.get("count", 1)
        if type(count) is not int or not 1 <= count <= MAX_COUNT:
            problems.append(Violation(
                "bad-count", f"Entry {index} (card {card!r}) has a count of {count!r}; "
                             f"a count is a whole number from 1 to {MAX_COUNT}."))
            continue
        counts[card] = counts.get(card, 0) + count
    if problems:
        return None, problems
    entries: list[DeckEntry] = [{"card": card, "count": n} for card, n in counts.items()]
    deck: DeckDoc = {"game": str(game), "format": str(fmt), "name": name.strip()[:NAME_LENGTH],
                     "entries": entries, "extra": dict(extra)}
    return deck, []


def parse_deck(doc: Any, games: Collection[str]) -> DeckDoc:
    """The normalised deck document, or DeckDocError listing every problem."""
    deck, problems = deck_problems(doc, games)
    if deck is None:
        raise DeckDocError(problems)
    return deck


def card_count(deck: DeckDoc) -> int:
    """How many cards the deck holds, copies included."""
    return sum(entry["count"] for entry in deck.get("entries", []))


@dataclass(frozen=True, slots=True)
class DeckLimits:
    """A format's size and copy limits as data (PL-SHARED-2); None means no limit.

    `unlimited` lists cards free of the copy limit (basic lands and the like)."""

    min_cards: int | None = None
    max_cards: int | None = None
    max_copies: int | None = None
    unlimited: frozenset[Card] = frozenset()

    def check(self, deck: DeckDoc, card_name: Callable[[Card], str] = str
              ) -> list[Violation]:
        """Every limit the deck breaks. Codes: "too-few-cards", "too-many-cards", "copies"."""
        problems: list[Violation] = []
        total = card_count(deck)
        if self.min_cards is not None and total < self.min_cards:
            problems.append(Violation(
                "too-few-cards", f"The deck holds {total} cards; it needs at least "
                                 f"{self.min_cards}."))
        if self.max_cards is not None and total > self.max_cards:
            problems.append(Violation(
                "too-many-cards", f"The deck holds {total} cards; it may hold at most "
                                  f"{self.max_cards}."))
        if self.max_copies is not None:
            copies: dict[Card, int] = {}
            for entry in deck.get("entries", []):
                copies[entry["card"]] = copies.get(entry["card"], 0) + entry["count"]
            for card, count in copies.items():
                if count > self.max_copies and card not in self.unlimited:
                    limit = "once" if self.max_copies == 1 else f"{self.max_copies} times"
                    problems.append(Violation(
                        "copies", f"{card_name(card)} is in the deck {count} times; a deck "
                                  f"holds each card at most {limit}."))
        return problems


def export_deck(deck: DeckDoc) -> str:
    """The deck as JSON text to save or share: sorted keys, indented, ending in a newline."""
    doc = {name: deck[name] for name in FIELDS if name in deck}  # type: ignore[literal-required]
    return json.dumps(doc, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def import_deck(text: str, games: Collection[str]) -> DeckDoc:
    """A deck from JSON text (an export, or written by hand); DeckDocError says why not."""
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as err:
        raise DeckDocError([Violation("bad-json", f"The deck is not JSON: {err}.")]) from None
    return parse_deck(doc, games)


def offered_deck_violations(game: str, name: str, formats: Collection[str], deck: DeckDoc,
                            fmt: str) -> list[Violation]:
    """Why a deck is not one the game `game` (called `name`) can even judge: a format it
    does not have ("format"), or a document of another game ("game"); [] when it is its own.
    A document that names no game is taken for the game's own (PL-SHARED-2)."""
    if fmt not in formats:
        return [Violation("format", f"{name} has no deck format {fmt!r}.")]
    other = deck.get("game", game)
    if other != game:
        return [Violation("game", f"This is a {other!r} deck, not a deck of {name}.")]
    return []
