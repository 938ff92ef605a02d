"""Card concepts in a MArcomage game: a concept plays as a guest card in place of one card
of its author's deck. This module writes the concept into the deck document
(`extra.guests`); the engine (`games/marcomage/guests.py`) makes the card's effect from that
document alone, so the game plays the same wherever it is replayed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.games.marcomage import concept_language as language
from marcomage.games.marcomage.cards import CARDS, KEYWORD_BITS, RARITY_BY_NAME
from marcomage.platform.protocol import DeckDoc

RARITY_NAMES = {"common": "Common", "uncommon": "Uncommon", "rare": "Rare"}


def guest_document(carrier: int, concept: Any) -> dict[str, object]:
    """The card document of a concept playing in place of card `carrier`."""
    keywords: list[object] = [
        [entry["name"], entry["param"]] if entry.get("param") is not None else entry["name"]
        for entry in concept.keywords if entry["name"] in KEYWORD_BITS
    ]
    return {
        "id": carrier, "name": str(concept.name), "rarity": RARITY_NAMES[concept.rarity],
        "cost": [int(concept.bricks), int(concept.gems), int(concept.recruits)], "modes": 0,
        "keywords": keywords, "text": str(concept.effect), "code": str(concept.code),
        "concept": int(concept.pk), "labels": list(concept.keyword_labels),
    }


def choose_carrier(rarity: str, deck: Mapping[str, Any]) -> int:
    """The card of the concept's class in the author's deck document that the concept plays
    in place of: the last of that class (ValueError if there is none)."""
    wanted = RARITY_BY_NAME[RARITY_NAMES[rarity]]
    ids = [int(entry["card"]) for entry in deck.get("entries", ())]
    found = [card_id for card_id in ids if card_id and CARDS[card_id].rarity == wanted]
    if not found:
        raise ValueError("Your deck has no card of this class for the concept to stand in for.")
    return found[-1]


def with_guest(deck: DeckDoc, concept: Any) -> DeckDoc:
    """The deck document with the concept as a guest card in place of one of its cards."""
    carrier = choose_carrier(concept.rarity, deck)
    extra = dict(deck.get("extra") or {})
    extra["guests"] = [guest_document(carrier, concept)]
    found: DeckDoc = {**deck, "extra": extra}
    return found


def code_problems(code: str, max_length: int) -> list[str]:
    """Every problem of a concept's effect code, one message each (empty: it may be saved)."""
    return language.problems_of(code, max_length=max_length)


def code_in_words(code: str) -> list[str]:
    """A concept's effect code in words, one sentence a statement (none if it does not
    parse)."""
    try:
        return language.describe(language.parse(code))
    except language.EffectError:
        return []
