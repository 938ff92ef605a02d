"""The generic deck editor's text form of a deck's entries: one "card count" a line, for a
game system without its own editor (PL-SHARED-2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from marcomage.platform.protocol import DeckEntry

MAX_COPIES = 99
MAX_LINES = 500


class EntriesError(ValueError):
    """A list of entries that cannot be read; the message names the line."""


def entries_text(entries: Sequence[Any]) -> str:
    """The entries as editable lines, "card count"."""
    return "".join(f"{entry['card']} {entry['count']}\n" for entry in entries)


def parse_entries(text: str) -> list[DeckEntry]:
    """Entries from "card count" lines (count 1 when left out); a card id of digits is a
    number, any other a text id. Blank lines are skipped; a card named twice is refused."""
    entries: list[DeckEntry] = []
    seen: set[int | str] = set()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        raise EntriesError(f"A deck lists at most {MAX_LINES} cards.")
    for number, line in enumerate(lines, start=1):
        parts = line.split()
        if len(parts) > 2:
            raise EntriesError(f"Line {number} ({line!r}) is not \"card count\".")
        card: int | str = int(parts[0]) if parts[0].isascii() and parts[0].isdigit() else parts[0]
        count_text = parts[1] if len(parts) == 2 else "1"
        if not (count_text.isascii() and count_text.isdigit()) or not (
                1 <= int(count_text) <= MAX_COPIES):
            raise EntriesError(f"Line {number}: the count is a number from 1 to {MAX_COPIES}.")
        if card in seen:
            raise EntriesError(f"Line {number}: card {card} is listed twice.")
        seen.add(card)
        entries.append({"card": card, "count": int(count_text)})
    return entries
