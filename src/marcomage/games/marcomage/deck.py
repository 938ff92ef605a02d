"""Decks as the rules see them (C-DECK): 15 distinct cards of each rarity and up to three
token keywords; checks, the "Auto" token choice and random decks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from marcomage.platform.rng import Rng

from .cards import CARDS, COMMON, KEYWORD_BITS, NO_TOKEN, RARE, TOKEN_KEYWORDS, UNCOMMON, card_ids
from .state import Deck

DECK_SECTION: Final = 15
Tokens = tuple[str, str, str]

_TOKEN_BITS: Final[tuple[int, ...]] = tuple(KEYWORD_BITS[name] for name in TOKEN_KEYWORDS)
_TOKEN_MASK: Final = sum(_TOKEN_BITS)


class InvalidDeck(ValueError):
    """A deck that cannot be played: wrong size, duplicates, or a card of the wrong rarity."""


def check_deck(deck: Sequence[Sequence[int]]) -> Deck:
    """Return the deck as a tuple of three sections, or raise InvalidDeck saying why."""
    if len(deck) != 3:
        raise InvalidDeck("A deck has three sections: Common, Uncommon and Rare.")
    sections = []
    for rarity, section in zip((COMMON, UNCOMMON, RARE), deck, strict=True):
        name = ("Common", "Uncommon", "Rare")[rarity]
        ids = tuple(int(c) for c in section)
        if len(ids) != DECK_SECTION:
            raise InvalidDeck(f"The {name} section holds {len(ids)} cards, not 15.")
        if len(set(ids)) != DECK_SECTION:
            raise InvalidDeck(f"The {name} section holds the same card twice.")
        for card_id in ids:
            if not 0 < card_id < len(CARDS) or CARDS[card_id].rarity != rarity:
                raise InvalidDeck(f"Card {card_id} is not a {name} card.")
        sections.append(ids)
    return (sections[0], sections[1], sections[2])


def normalize_tokens(chosen: Sequence[str]) -> Tokens:
    """C-DECK-9: drop 'none' and repeats, keep the order, pad to three slots."""
    kept: list[str] = []
    for name in chosen:
        if name == NO_TOKEN or name in kept:
            continue
        if name not in TOKEN_KEYWORDS:
            raise InvalidDeck(f"{name!r} is not a token keyword.")
        kept.append(name)
    if len(kept) > 3:
        raise InvalidDeck("A deck has at most three token counters.")
    kept += [NO_TOKEN] * (3 - len(kept))
    return (kept[0], kept[1], kept[2])


def auto_tokens(deck: Sequence[Sequence[int]]) -> Tokens:
    """C-DECK-10: the three token keywords most frequent in the deck, canonical tie order."""
    counts = [0] * len(TOKEN_KEYWORDS)
    for section in deck:
        for c in section:
            kw = CARDS[c].kw & _TOKEN_MASK if c else 0
            if kw:
                for order in range(len(_TOKEN_BITS)):
                    if kw & _TOKEN_BITS[order]:
                        counts[order] += 1
    ranked = sorted((-n, order) for order, n in enumerate(counts) if n)
    return normalize_tokens([TOKEN_KEYWORDS[order] for _, order in ranked[:3]])


def random_deck(rng: Rng, pool: Sequence[Sequence[int]] | None = None) -> Deck:
    """15 distinct random cards of each rarity, from `pool` (by rarity) or the whole set."""
    sections = []
    for rarity in (COMMON, UNCOMMON, RARE):
        ids = list(pool[rarity] if pool is not None else card_ids(rarity))
        picked = []
        for _ in range(DECK_SECTION):
            picked.append(ids.pop(rng.below(len(ids))))
        sections.append(tuple(picked))
    return (sections[0], sections[1], sections[2])


def deck_entries(deck: Deck) -> list[dict[str, int]]:
    """A deck's cards as the entries of a platform deck document, section by section."""
    return [{"card": card, "count": 1} for section in deck for card in section]


def plain_sections(entries: object) -> list[list[int]] | None:
    """The Common, Uncommon and Rare sections of a deck document's entries when they are
    plainly a standard deck (45 dicts, each a distinct known card with no count or a count
    of 1, 15 of each rarity), in entry order; None for anything else, which the ruleset
    then reads entry by entry to say what is wrong. Compiled: the balance lab deals a
    million decks."""
    if type(entries) is not list or len(entries) != 3 * DECK_SECTION:
        return None
    sections: list[list[int]] = [[], [], []]
    seen: set[int] = set()
    known = len(CARDS)
    for entry in entries:
        if type(entry) is not dict:
            return None
        card = entry.get("card")
        count = entry.get("count", 1)
        if type(card) is not int or type(count) is not int or count != 1:
            return None
        if not 0 < card < known or card in seen:
            return None
        seen.add(card)
        sections[CARDS[card].rarity].append(card)
    for section in sections:
        if len(section) != DECK_SECTION:
            return None
    return sections
