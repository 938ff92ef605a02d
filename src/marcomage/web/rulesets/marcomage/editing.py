"""The MArcomage deck editor's rules (C-DECK-1, 5 to 10). Each change is saved at once; a
change the rules refuse raises DeckError and leaves the deck unchanged."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from marcomage.games.marcomage.cards import CARDS, Card, card_ids
from marcomage.games.marcomage.deck import InvalidDeck, auto_tokens, normalize_tokens
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckError

from .slots import RARITIES, SECTION, SECTION_NAMES, Slots, empty_section, no_tokens, slots, store

AVERAGE_WEIGHTS = (Fraction(65, 100), Fraction(29, 100), Fraction(6, 100))  # C-DECK-8


@dataclass(frozen=True)
class AverageCost:
    """C-DECK-8: the average price per turn of each resource, rounded half up to 2 decimals."""

    bricks: Decimal
    gems: Decimal
    recruits: Decimal


def _card(card_id: int) -> Card:
    """A real card (not the Empty placeholder), or DeckError."""
    if not 0 < card_id < len(CARDS):
        raise DeckError(f"There is no card {card_id}.")
    return CARDS[card_id]


def _save(deck: Deck, layout: Slots) -> None:
    store(deck, layout)
    deck.save()


def in_deck(deck: Deck) -> set[int]:
    """Ids of the cards the deck holds."""
    return slots(deck).cards()


def take(deck: Deck, card_id: int) -> int:
    """C-DECK-1: put the card into the first empty slot of its rarity; returns the slot."""
    card = _card(card_id)
    layout = slots(deck)
    section = layout.sections[card.rarity]
    if card_id in section:
        raise DeckError(f"{card.name} is already in the deck.")
    if 0 not in section:
        raise DeckError(f"The {SECTION_NAMES[card.rarity]} section is full (15 cards).")
    slot = section.index(0)
    section[slot] = card_id
    _save(deck, layout)
    return slot


def return_card(deck: Deck, card_id: int) -> int:
    """C-DECK-1: empty the slot that holds the card; returns the slot."""
    card = _card(card_id)
    layout = slots(deck)
    section = layout.sections[card.rarity]
    if card_id not in section:
        raise DeckError(f"{card.name} is not in the deck.")
    slot = section.index(card_id)
    section[slot] = 0
    _save(deck, layout)
    return slot


def reset(deck: Deck) -> None:
    """C-DECK-5: empty all 45 slots and all three token slots."""
    _save(deck, Slots(empty_section(), empty_section(), empty_section(), no_tokens()))


def randomize(deck: Deck, rng: random.Random | None = None) -> None:
    """C-DECK-6 (the manual's rule): 15 distinct random cards of each rarity, chosen uniformly
    from the whole card set; token slots unchanged."""
    rng = rng or random.SystemRandom()
    layout = slots(deck)
    layout.common, layout.uncommon, layout.rare = (
        rng.sample(card_ids(rarity), SECTION) for rarity in RARITIES
    )
    _save(deck, layout)


def finish(deck: Deck, rng: random.Random | None = None) -> int:
    """C-DECK-7 (the manual's rule): fill every empty slot with a distinct random card of its
    rarity not yet in the deck; filled slots stay. Returns how many cards were added."""
    rng = rng or random.SystemRandom()
    layout = slots(deck)
    added = 0
    for rarity, section in zip(RARITIES, layout.sections, strict=True):
        empty = [slot for slot, card_id in enumerate(section) if not card_id]
        free = [card_id for card_id in card_ids(rarity) if card_id not in section]
        for slot, card_id in zip(empty, rng.sample(free, len(empty)), strict=True):
            section[slot] = card_id
        added += len(empty)
    _save(deck, layout)
    return added


def set_tokens(deck: Deck, chosen: list[str]) -> tuple[str, str, str]:
    """C-DECK-9: store the chosen token keywords, packed and without repeats."""
    try:
        tokens = normalize_tokens(chosen)
    except InvalidDeck as refused:
        raise DeckError(str(refused)) from refused
    layout = slots(deck)
    layout.tokens = list(tokens)
    _save(deck, layout)
    return tokens


def auto(deck: Deck) -> tuple[str, str, str]:
    """C-DECK-10: the three token keywords most frequent in the deck replace all three slots."""
    layout = slots(deck)
    tokens = auto_tokens(layout.sections)
    layout.tokens = list(tokens)
    _save(deck, layout)
    return tokens


def average_cost(deck: Deck) -> AverageCost:
    """C-DECK-8: 0.65, 0.29 and 0.06 times each rarity's mean cost; empty slots ignored, an
    empty rarity counts 0. Computed exactly, then rounded half up to two decimals."""
    totals = [Fraction(0)] * 3
    for weight, section in zip(AVERAGE_WEIGHTS, slots(deck).sections, strict=True):
        cards = [CARDS[card_id] for card_id in section if card_id]
        if not cards:
            continue
        for resource in range(3):
            cost = sum((card.bricks, card.gems, card.recruits)[resource] for card in cards)
            totals[resource] += weight * Fraction(cost, len(cards))
    bricks, gems, recruits = (_round_half_up(total) for total in totals)
    return AverageCost(bricks, gems, recruits)


def _round_half_up(value: Fraction) -> Decimal:
    """A non-negative fraction rounded half up to two decimals."""
    hundredths = math.floor(value * 100 + Fraction(1, 2))
    return Decimal(hundredths).scaleb(-2).quantize(Decimal("0.01"))
