"""The Elder Tale deck document and its validator, the `standard` format of ELDERTALE.md
(ET-DECK): a character's three decks of at least 10 cards each, copies by rarity, one of
each Epic, legal custom cards, no clutter.

A deck is the platform document {"game": "elder_tale", "format": "standard", "name",
"entries": [{"card": id, "count": n}], "extra": {"custom": [card, ...], "decks": {...}}}:
`extra.custom` carries the definitions of the player's own cards (ids starting "custom-"),
so a deck is whole in itself and a replay needs nothing else; `extra.decks` may say in which
deck each card was placed ({"attack": [id, ...], ...}); without it a card sits in the deck
of its kind (ET-DECK-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.platform.protocol import DeckDoc, Violation

from .cards import (
    CLUTTER,
    EPIC,
    KINDS,
    RARE,
    UNCOMMON,
    Card,
    CardError,
    card_from_json,
    card_set,
)
from .design import validate_card

FORMAT = "standard"
MIN_DECK = 10
"""ET-DECK-1."""
MAX_COPIES = {UNCOMMON: 3, RARE: 2, EPIC: 1}
"""ET-DECK-2, ET-DECK-3 (Commons have no limit)."""
CUSTOM_PREFIX = "custom-"
CUSTOM_RARITIES = (UNCOMMON, RARE)
"""ET-SCOPE-1: the rarities of custom cards, the ones the design rules judge."""


def custom_cards(deck: Mapping[str, Any]) -> tuple[dict[str, Card], list[Violation]]:
    """The custom cards the deck carries in `extra.custom`, by id, and what is wrong with
    their documents."""
    extra = deck.get("extra") or {}
    raw = extra.get("custom", []) if isinstance(extra, Mapping) else []
    found: dict[str, Card] = {}
    problems: list[Violation] = []
    if not isinstance(raw, list):
        return found, [Violation("ILLEGAL_CUSTOM_CARD", "The deck's custom cards are a list.")]
    for doc in raw:
        try:
            card = card_from_json(doc, custom=True)
        except CardError as err:
            problems.append(Violation("ILLEGAL_CUSTOM_CARD", f"A custom card cannot be read: "
                                                             f"{err}"))
            continue
        if not card.id.startswith(CUSTOM_PREFIX) or card.id in found:
            problems.append(Violation("ILLEGAL_CUSTOM_CARD", f"{card.name}: a custom card's id "
                                      f"starts with {CUSTOM_PREFIX!r} and is unique."))
            continue
        if card.rarity not in CUSTOM_RARITIES or card.kind not in KINDS:
            # Common, Epic and clutter cards are curated data, exempt from the design
            # rules (ET-SCOPE-1): a deck may not bring its own, or they would go unchecked.
            problems.append(Violation("ILLEGAL_CUSTOM_CARD", f"{card.name}: a custom card is "
                                      "an Uncommon or Rare Attack, Defense or Utility card, "
                                      f"not a {card.rarity} {card.kind} card (ET-SCOPE-1)."))
            continue
        found[card.id] = card
    return found, problems


def deck_cards(deck: Mapping[str, Any]) -> tuple[dict[str, Card], dict[str, list[str]],
                                                  list[Violation]]:
    """(every card the deck names, by id; the three decks as lists of card ids with copies;
    the problems found reading it)."""
    customs, problems = custom_cards(deck)
    known: dict[str, Card] = {**card_set().cards, **customs}
    decks: dict[str, list[str]] = {kind: [] for kind in KINDS}
    used: dict[str, Card] = {}
    for entry in deck.get("entries", []):
        card_id, count = entry.get("card"), entry.get("count", 1)
        card = known.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            problems.append(Violation("UNKNOWN_CARD", f"There is no Elder Tale card {card_id!r}."
                                      if not str(card_id).startswith(CUSTOM_PREFIX) else
                                      f"The deck has no playable custom card {card_id!r}: "
                                      "only your own custom cards that are approved and pass "
                                      "the current design rules play (ET-SCOPE-2, "
                                      "ET-SCOPE-5)."))
            continue
        used[card.id] = card
        if card.kind == CLUTTER:
            problems.append(Violation("CLUTTER_IN_DECK", f"{card.name} is a clutter card: effects "
                                      "make those during a duel, decks never hold them "
                                      "(ET-DECK-4)."))
            continue
        if type(count) is int and count > 0:
            decks[card.kind].extend([card.id] * count)
    return used, decks, problems


def placement_problems(deck: Mapping[str, Any], cards: Mapping[str, Card]) -> list[Violation]:
    """WRONG_DECK: a card placed in `extra.decks` in a deck not of its kind."""
    extra = deck.get("extra") or {}
    placed = extra.get("decks") if isinstance(extra, Mapping) else None
    if not isinstance(placed, Mapping):
        return []
    problems: list[Violation] = []
    for kind, ids in placed.items():
        for card_id in ids if isinstance(ids, list) else []:
            card = cards.get(card_id)
            if card is not None and card.kind != kind and card.kind != CLUTTER:
                problems.append(Violation(
                    "WRONG_DECK", f"{card.name} is a {card.kind.capitalize()} card; it cannot "
                                  f"sit in the {kind!s} deck (ET-DECK-1)."))
    return problems


def validate(deck: DeckDoc | Mapping[str, Any]) -> list[Violation]:
    """Every violation of the standard format, each naming the card (ET-DECK)."""
    cards, decks, problems = deck_cards(deck)
    problems += placement_problems(deck, cards)
    for kind in KINDS:
        if len(decks[kind]) < MIN_DECK:
            problems.append(Violation("DECK_TOO_SMALL", f"The {kind.capitalize()} deck holds "
                                      f"{len(decks[kind])} cards; it needs at least {MIN_DECK} "
                                      "(ET-DECK-1)."))
    copies: dict[str, int] = {}
    for ids in decks.values():
        for card_id in ids:
            copies[card_id] = copies.get(card_id, 0) + 1
    for card_id, count in copies.items():
        card = cards[card_id]
        limit = MAX_COPIES.get(card.rarity)
        if limit is not None and count > limit:
            code = "EPIC_DUPLICATE" if card.rarity == EPIC else "TOO_MANY_COPIES"
            problems.append(Violation(code, f"{card.name} is in the decks {count} times; a "
                                      f"{card.rarity.capitalize()} card at most {limit} "
                                      "(ET-DECK-2, ET-DECK-3)."))
        if card.rarity in (UNCOMMON, RARE):
            errors = validate_card(card)[0]
            if errors:
                problems.append(Violation("ILLEGAL_CUSTOM_CARD", f"{card.name} breaks the design "
                                          f"rules: {'; '.join(e.code for e in errors)} "
                                          "(ET-DECK-6)."))
    return problems


def character_deck(index: int) -> DeckDoc:
    """Prebuilt character `index` of the card set as a deck document (a starter deck)."""
    character = card_set().characters[index]
    entries: list[dict[str, Any]] = [dict(e) for kind in KINDS for e in character[kind]]
    return {"game": "elder_tale", "format": FORMAT, "name": str(character["name"]),
            "entries": entries, "extra": {}}  # type: ignore[typeddict-item]
