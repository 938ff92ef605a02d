"""What the site does with decks; views and other sections call these, never the model's
fields directly where a rule is involved."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db import transaction

from marcomage.games.marcomage.cards import CARDS, COMMON, RARE, UNCOMMON, Card, card_ids
from marcomage.games.marcomage.deck import InvalidDeck, auto_tokens, check_deck, normalize_tokens
from marcomage.games.marcomage.state import Deck as EngineDeck
from marcomage.platform.protocol import DeckDoc

from .models import NAME_LENGTH, SECTION, Deck, empty_section, name_key, no_tokens

INITIAL_DECKS = 8  # C-DECK-4

STARTER_DECKS: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...] = (
    # C-DECK-11, card ids in slot order.
    (
        (54, 240, 71, 256, 250, 259, 261, 113, 247, 79, 57, 140, 7, 236, 257),
        (28, 189, 83, 10, 204, 211, 230, 36, 150, 201, 53, 96, 180, 164, 208),
        (32, 197, 75, 74, 151, 61, 69, 66, 232, 229, 291, 21, 126, 182, 181),
    ),
    (
        (1, 289, 23, 149, 359, 18, 260, 119, 26, 275, 271, 176, 60, 122, 272),
        (146, 163, 162, 164, 175, 266, 5, 154, 49, 136, 195, 35, 174, 270, 89),
        (235, 295, 178, 379, 161, 192, 4, 167, 233, 156, 67, 339, 169, 141, 148),
    ),
    (
        (356, 45, 1, 260, 79, 238, 140, 368, 274, 269, 160, 362, 26, 300, 91),
        (29, 267, 84, 19, 47, 191, 320, 123, 98, 3, 8, 58, 109, 96, 52),
        (115, 108, 127, 86, 110, 138, 181, 242, 222, 249, 4, 277, 293, 199, 128),
    ),
)


class DeckNotReady(ValueError):
    """A deck with empty slots was asked to start or join a game (C-DECK-2)."""


@transaction.atomic
def create_initial_decks(user: Any) -> list[Deck]:
    """C-DECK-4: decks "deck 1" to "deck 8"; the first three are the starter decks."""
    decks = []
    for number in range(1, INITIAL_DECKS + 1):
        deck = Deck(owner=user, name=f"deck {number}")
        if number <= len(STARTER_DECKS):
            common, uncommon, rare = STARTER_DECKS[number - 1]
            deck.common, deck.uncommon, deck.rare = list(common), list(uncommon), list(rare)
        deck.save()
        decks.append(deck)
    return decks


def grant_bonus_deck(user: Any) -> Deck:
    """C-DECK-4: one more empty deck when a player reaches a level divisible by 6. The 2010
    engine named it with the Unix time; the name is unique among the player's decks."""
    name = str(int(time.time()))
    taken = set(Deck.objects.filter(owner=user).values_list("name_key", flat=True))
    suffix = 0
    while (candidate := name if not suffix else f"{name}-{suffix}").casefold() in taken:
        suffix += 1
    return Deck.objects.create(owner=user, name=candidate)


def ready_decks(user: Any, game: str = "marcomage") -> list[Deck]:
    """The player's decks of this game system that may start or join a game."""
    if game != "marcomage":
        return []
    return [deck for deck in Deck.objects.filter(owner=user) if deck.ready]


def deck_document(deck: Deck) -> DeckDoc:
    """The platform deck document (PL-SHARED-2); refuses an unready deck."""
    if not deck.ready:
        raise DeckNotReady(f"The deck {deck.name!r} is not ready: it holds "
                           f"{deck.card_count} of 45 cards.")
    return {"game": "marcomage", "format": "standard", "name": deck.name,
            "entries": [{"card": card, "count": 1} for section in deck.sections
                        for card in section],
            "extra": {"tokens": list(normalize_tokens(deck.tokens))}}


def engine_deck(deck: Deck) -> tuple[EngineDeck, tuple[str, str, str]]:
    """The deck and its token keywords as the engine takes them; refuses an unready deck."""
    if not deck.ready:
        raise DeckNotReady(f"The deck {deck.name!r} is not ready: it holds "
                           f"{deck.card_count} of 45 cards.")
    return check_deck(deck.sections), normalize_tokens(deck.tokens)


# --- Editing a deck (C-DECK-1, 3, 5 to 10). Each function saves at once and raises DeckError,
# leaving the deck unchanged, when the rule refuses the change.

SECTION_NAMES = ("Common", "Uncommon", "Rare")
AVERAGE_WEIGHTS = (Fraction(65, 100), Fraction(29, 100), Fraction(6, 100))  # C-DECK-8


class DeckError(ValueError):
    """A deck change the rules refuse; the message says why, for the player."""


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


def _section(deck: Deck, rarity: int) -> list[int]:
    return deck.sections[rarity]


def in_deck(deck: Deck) -> set[int]:
    """Ids of the cards the deck holds."""
    return {card_id for section in deck.sections for card_id in section if card_id}


def take(deck: Deck, card_id: int) -> int:
    """C-DECK-1: put the card into the first empty slot of its rarity; returns the slot."""
    card = _card(card_id)
    section = _section(deck, card.rarity)
    if card_id in section:
        raise DeckError(f"{card.name} is already in the deck.")
    if 0 not in section:
        raise DeckError(f"The {SECTION_NAMES[card.rarity]} section is full (15 cards).")
    slot = section.index(0)
    section[slot] = card_id
    deck.save()
    return slot


def return_card(deck: Deck, card_id: int) -> int:
    """C-DECK-1: empty the slot that holds the card; returns the slot."""
    card = _card(card_id)
    section = _section(deck, card.rarity)
    if card_id not in section:
        raise DeckError(f"{card.name} is not in the deck.")
    slot = section.index(card_id)
    section[slot] = 0
    deck.save()
    return slot


def check_name(owner: Any, name: str, deck: Deck | None = None) -> str:
    """C-DECK-3: the trimmed name if it is usable for `deck` (or a new deck), else DeckError.
    Uniqueness ignores letter case and surrounding spaces and excludes the deck itself."""
    name = name.strip()
    if not name:
        raise DeckError("A deck name must not be blank.")
    if len(name) > NAME_LENGTH:
        raise DeckError(f"A deck name has at most {NAME_LENGTH} characters.")
    others = Deck.objects.filter(owner=owner, name_key=name_key(name))
    if deck is not None:
        others = others.exclude(pk=deck.pk)
    if others.exists():
        raise DeckError(f"You already have a deck named {name!r}.")
    return name


def rename(deck: Deck, name: str) -> None:
    """C-DECK-3: give the deck a new name, unique among the owner's decks."""
    new = check_name(deck.owner, name, deck)
    if new == deck.name:
        raise DeckError(f"The deck is already named {new!r}.")
    deck.name = new
    deck.save()


def reset(deck: Deck) -> None:
    """C-DECK-5: empty all 45 slots and all three token slots."""
    deck.common, deck.uncommon, deck.rare = empty_section(), empty_section(), empty_section()
    deck.tokens = no_tokens()
    deck.save()


def randomize(deck: Deck, rng: random.Random | None = None) -> None:
    """C-DECK-6 (the manual's rule): 15 distinct random cards of each rarity, chosen uniformly
    from the whole card set; token slots unchanged."""
    rng = rng or random.SystemRandom()
    deck.common, deck.uncommon, deck.rare = (
        rng.sample(card_ids(rarity), SECTION) for rarity in (COMMON, UNCOMMON, RARE)
    )
    deck.save()


def finish(deck: Deck, rng: random.Random | None = None) -> int:
    """C-DECK-7 (the manual's rule): fill every empty slot with a distinct random card of its
    rarity not yet in the deck; filled slots stay. Returns how many cards were added."""
    rng = rng or random.SystemRandom()
    added = 0
    for rarity in (COMMON, UNCOMMON, RARE):
        section = _section(deck, rarity)
        empty = [slot for slot, card_id in enumerate(section) if not card_id]
        free = [card_id for card_id in card_ids(rarity) if card_id not in section]
        for slot, card_id in zip(empty, rng.sample(free, len(empty)), strict=True):
            section[slot] = card_id
        added += len(empty)
    deck.save()
    return added


def set_tokens(deck: Deck, chosen: list[str]) -> tuple[str, str, str]:
    """C-DECK-9: store the chosen token keywords, packed and without repeats."""
    try:
        tokens = normalize_tokens(chosen)
    except InvalidDeck as refused:
        raise DeckError(str(refused)) from refused
    deck.tokens = list(tokens)
    deck.save()
    return tokens


def auto(deck: Deck) -> tuple[str, str, str]:
    """C-DECK-10: the three token keywords most frequent in the deck replace all three slots."""
    tokens = auto_tokens(deck.sections)  # type: ignore[arg-type]
    deck.tokens = list(tokens)
    deck.save()
    return tokens


def average_cost(deck: Deck) -> AverageCost:
    """C-DECK-8: 0.65, 0.29 and 0.06 times each rarity's mean cost; empty slots ignored, an
    empty rarity counts 0. Computed exactly, then rounded half up to two decimals."""
    totals = [Fraction(0)] * 3
    for weight, section in zip(AVERAGE_WEIGHTS, deck.sections, strict=True):
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
