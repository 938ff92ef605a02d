"""Deck files: export (C-DECK-12) and import (C-DECK-13).

The file is plain text, five lines, each ending in a line feed::

    deck name
    15 Common card ids, comma-separated, 0 for an empty slot
    15 Uncommon card ids
    15 Rare card ids
    3 token slots, such as Alliance,none,none

Our choices where C-DECK-13 leaves room: on import, CRLF line ends are accepted, spaces
around each entry are stripped, the `.csv` suffix is matched in any letter case, a final
line feed may be missing, and the file must be UTF-8. Tokens are stored as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from marcomage.games.marcomage.cards import CARDS, NO_TOKEN, TOKEN_KEYWORDS
from marcomage.web.core.request_guard import control_character_in
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckError, check_name

from .slots import SECTION, SECTION_NAMES, Slots, slots, store

MAX_FILE_BYTES = 1000  # C-DECK-13
LINES = 5


@dataclass(frozen=True)
class DeckFile:
    """The content of a valid deck file."""

    name: str
    sections: tuple[list[int], list[int], list[int]]
    tokens: list[str]


def file_name(deck: Deck) -> str:
    """C-DECK-12: the deck's name with every character outside A-Z, a-z, 0-9, _ and -
    replaced by _, plus .csv."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", deck.name) + ".csv"


def export_text(deck: Deck) -> str:
    """C-DECK-12: the five lines of the deck file; an incomplete deck exports its zeros."""
    layout = slots(deck)
    lines = [deck.name, *(",".join(str(c) for c in section) for section in layout.sections),
             ",".join(layout.tokens)]
    return "".join(line + "\n" for line in lines)


def parse(upload_name: str, content: bytes, owner: Any, deck: Deck) -> DeckFile:
    """C-DECK-13: read a deck file meant to replace `deck`, or raise DeckError saying why."""
    if not upload_name.lower().endswith(".csv"):
        raise DeckError("A deck file's name ends in .csv.")
    if len(content) > MAX_FILE_BYTES:
        raise DeckError(f"A deck file has at most {MAX_FILE_BYTES} bytes.")
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as refused:
        raise DeckError("A deck file is UTF-8 text.") from refused
    found = control_character_in(text)
    if found is not None:
        raise DeckError(f"A deck file holds no control characters (this one has {found}).")
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != LINES:
        raise DeckError(f"A deck file has {LINES} lines, this one has {len(lines)}.")
    name = check_name(owner, lines[0], deck)
    sections = (
        _section(lines[1], 0), _section(lines[2], 1), _section(lines[3], 2)
    )
    return DeckFile(name, sections, _tokens(lines[4]))


def _section(line: str, rarity: int) -> list[int]:
    """One card line: 15 ids of the line's rarity or 0, the non-zero ones distinct."""
    label = SECTION_NAMES[rarity]
    entries = [entry.strip() for entry in line.split(",")]
    if len(entries) != SECTION:
        raise DeckError(f"The {label} line has {len(entries)} entries, not {SECTION}.")
    ids = []
    for entry in entries:
        if not entry.isascii() or not entry.isdigit():
            raise DeckError(f"The {label} line holds {entry!r}, which is not a card id.")
        card_id = int(entry)
        if card_id and (card_id >= len(CARDS) or CARDS[card_id].rarity != rarity):
            raise DeckError(f"Card {card_id} is not a {label} card.")
        if card_id and card_id in ids:
            raise DeckError(f"The {label} line holds card {card_id} twice.")
        ids.append(card_id)
    return ids


def _tokens(line: str) -> list[str]:
    """The token line: three token keywords or none, no keyword twice."""
    entries = [entry.strip() for entry in line.split(",")]
    if len(entries) != 3:
        raise DeckError(f"The token line has {len(entries)} entries, not 3.")
    for entry in entries:
        if entry != NO_TOKEN and entry not in TOKEN_KEYWORDS:
            raise DeckError(f"{entry!r} is not a token keyword.")
    named = [entry for entry in entries if entry != NO_TOKEN]
    if len(set(named)) != len(named):
        raise DeckError("The token line names a keyword twice.")
    return entries


@transaction.atomic
def import_file(deck: Deck, upload_name: str, content: bytes) -> DeckFile:
    """C-DECK-13: overwrite the deck with a valid file's name, cards and tokens; a refused
    file changes nothing."""
    found = parse(upload_name, content, deck.owner, deck)
    deck.name = found.name
    common, uncommon, rare = (list(section) for section in found.sections)
    store(deck, Slots(common, uncommon, rare, list(found.tokens)))
    deck.save()
    return found
