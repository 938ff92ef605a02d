"""The Arcana deck validator, `standard` format (AR-DECK), and the two starter decks."""

from __future__ import annotations

from typing import Any

from marcomage.platform.protocol import DeckDoc, DeckEntry, Violation

from .cards import CARDS, CREATURE, STARTERS, WARD

MIN_CARDS, MAX_CARDS = 30, 60
"""AR-DECK-1: a deck holds 30 to 60 cards."""
MAX_COPIES = 3
"""AR-DECK-2: copies of one card name."""

GAME_ID = "arcana"


def _name(card_id: Any) -> str:
    return CARDS[card_id].name if card_id in CARDS else repr(card_id)


def deck_cards(deck: DeckDoc) -> list[int]:
    """The deck's card ids, copies repeated, in entry order (an unknown card raises
    ValueError)."""
    out: list[int] = []
    for entry in deck.get("entries", []):
        card_id, count = entry["card"], entry["count"]
        if type(card_id) is not int or card_id not in CARDS:
            raise ValueError(f"There is no Arcana card {card_id!r}.")
        out.extend([card_id] * count)
    return out


def violations(deck: DeckDoc) -> list[Violation]:
    """Every rule of AR-DECK the deck breaks, each naming the card. Codes: DECK_TOO_SMALL,
    DECK_TOO_LARGE, TOO_MANY_COPIES, THREE_STAR_DUPLICATE, RELIC_DUPLICATE, UNKNOWN_CARD."""
    entries = deck.get("entries")
    if not isinstance(entries, list):
        return [Violation("UNKNOWN_CARD", "A deck lists its cards as entries {card, count}.")]
    problems: list[Violation] = []
    counts: dict[int, int] = {}
    total = 0
    for entry in entries:
        card_id = entry.get("card") if isinstance(entry, dict) else None
        count = entry.get("count", 1) if isinstance(entry, dict) else 0
        if type(count) is not int or count < 1:
            problems.append(Violation("UNKNOWN_CARD", f"{_name(card_id)} has a count of "
                                                      f"{count!r}."))
            continue
        total += count
        if type(card_id) is not int or card_id not in CARDS:
            problems.append(Violation("UNKNOWN_CARD", f"There is no Arcana card {card_id!r}."))
            continue
        counts[card_id] = counts.get(card_id, 0) + count
    if total < MIN_CARDS:
        problems.append(Violation("DECK_TOO_SMALL", f"The deck holds {total} cards; it needs "
                                                    f"at least {MIN_CARDS} (AR-DECK-1)."))
    if total > MAX_CARDS:
        problems.append(Violation("DECK_TOO_LARGE", f"The deck holds {total} cards; it may "
                                                    f"hold at most {MAX_CARDS} (AR-DECK-1)."))
    for card_id, count in counts.items():
        c = CARDS[card_id]
        if count > MAX_COPIES:
            problems.append(Violation("TOO_MANY_COPIES", f"{c.name} is in the deck {count} "
                                                         f"times; at most {MAX_COPIES} copies "
                                                         "of a card (AR-DECK-2)."))
        if c.kind == CREATURE and c.stars == 3 and count > 1:
            problems.append(Violation("THREE_STAR_DUPLICATE", f"{c.name} is a three-star "
                                                              f"creature and is in the deck "
                                                              f"{count} times; at most once "
                                                              "(AR-DECK-3)."))
        if c.kind == WARD and c.relic and count > 1:
            problems.append(Violation("RELIC_DUPLICATE", f"{c.name} is a Relic ward and is in "
                                                         f"the deck {count} times; at most "
                                                         "once (AR-DECK-4)."))
    return problems


def starter_decks() -> list[DeckDoc]:
    """The two sample decks of ARCANA.md, legal in the standard format."""
    decks: list[DeckDoc] = []
    for name, cards in STARTERS:
        entries: list[DeckEntry] = [{"card": c, "count": n} for c, n in cards]
        decks.append({"game": GAME_ID, "format": "standard", "name": name,
                      "entries": entries, "extra": {}})
    return decks
