"""What the site does with decks; views and other sections call these, never the model's
fields directly where a rule is involved."""

from __future__ import annotations

import time
from typing import Any

from django.db import transaction

from marcomage.engine.deck import check_deck, normalize_tokens
from marcomage.engine.state import Deck as EngineDeck

from .models import Deck

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


def ready_decks(user: Any) -> list[Deck]:
    """The player's decks that may start or join a game."""
    return [deck for deck in Deck.objects.filter(owner=user) if deck.ready]


def engine_deck(deck: Deck) -> tuple[EngineDeck, tuple[str, str, str]]:
    """The deck and its token keywords as the engine takes them; refuses an unready deck."""
    if not deck.ready:
        raise DeckNotReady(f"The deck {deck.name!r} is not ready: it holds "
                           f"{deck.card_count} of 45 cards.")
    return check_deck(deck.sections), normalize_tokens(deck.tokens)
