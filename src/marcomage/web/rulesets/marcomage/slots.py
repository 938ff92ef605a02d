"""A MArcomage deck seen as its 45 slots (C-DECK-1): 15 Common, 15 Uncommon and 15 Rare, each
a card or empty (0), and three token slots (C-DECK-9).

The stored deck is the platform document: its cards are entries in slot order, its token
slots are extra["tokens"], and extra["empty"] gives the positions of empty slots in each
section (absent when there is none), so that a slot emptied by "Return" stays where it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from marcomage.games.marcomage.cards import CARDS, COMMON, NO_TOKEN, RARE, UNCOMMON
from marcomage.games.marcomage.deck import check_deck, normalize_tokens
from marcomage.games.marcomage.state import Deck as EngineDeck
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckNotReady

SECTION = 15
SECTION_KEYS = ("common", "uncommon", "rare")
SECTION_NAMES = ("Common", "Uncommon", "Rare")
RARITIES = (COMMON, UNCOMMON, RARE)


def empty_section() -> list[int]:
    """Fifteen empty slots (card 0, C-DECK-1)."""
    return [0] * SECTION


def no_tokens() -> list[str]:
    """Three empty token slots (C-DECK-9)."""
    return [NO_TOKEN] * 3


@dataclass
class Slots:
    """The deck's slots, Common first (the engine's order); edit them, then `store`."""

    common: list[int] = field(default_factory=empty_section)
    uncommon: list[int] = field(default_factory=empty_section)
    rare: list[int] = field(default_factory=empty_section)
    tokens: list[str] = field(default_factory=no_tokens)

    @property
    def sections(self) -> tuple[list[int], list[int], list[int]]:
        return (self.common, self.uncommon, self.rare)

    @property
    def card_count(self) -> int:
        """How many of the 45 slots hold a card."""
        return sum(1 for section in self.sections for card in section if card)

    def cards(self) -> set[int]:
        """Ids of the cards the slots hold."""
        return {card for section in self.sections for card in section if card}


def slots(deck: Deck) -> Slots:
    """The deck's 45 slots and token slots from its document."""
    by_rarity: list[list[int]] = [[], [], []]
    for entry in deck.entries:
        card = int(entry["card"])
        if 0 < card < len(CARDS):
            by_rarity[CARDS[card].rarity].extend([card] * int(entry["count"]))
    empty = deck.extra.get("empty", {})
    sections = []
    for key, cards in zip(SECTION_KEYS, by_rarity, strict=True):
        holes, waiting = set(empty.get(key, ())), iter(cards)
        sections.append([0 if slot in holes else next(waiting, 0) for slot in range(SECTION)])
    tokens = list(deck.extra.get("tokens", no_tokens()))
    return Slots(sections[0], sections[1], sections[2], tokens)


def store(deck: Deck, layout: Slots) -> None:
    """Write the slots into the deck's document (the caller saves)."""
    deck.entries = [{"card": card, "count": 1}
                    for section in layout.sections for card in section if card]
    extra = {key: value for key, value in deck.extra.items() if key != "empty"}
    extra["tokens"] = list(layout.tokens)
    empty = {key: [slot for slot, card in enumerate(section) if not card]
             for key, section in zip(SECTION_KEYS, layout.sections, strict=True)}
    if any(empty.values()):
        extra["empty"] = empty
    deck.extra = extra


def engine_deck(deck: Deck) -> tuple[EngineDeck, tuple[str, str, str]]:
    """The deck and its token keywords as the engine takes them; refuses an unready deck."""
    layout = slots(deck)
    if deck.game != "marcomage" or not deck.ready:
        raise DeckNotReady(f"The deck {deck.name!r} is not ready: it holds "
                           f"{layout.card_count} of 45 cards.")
    return check_deck(layout.sections), normalize_tokens(layout.tokens)
