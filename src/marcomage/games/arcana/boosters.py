"""Arcana's booster (issue 34; the seed: "purchasing a deck and boosters from ... the store"):
eight cards, seven of them common, rare or mythic rare by the odds below and the last rare or
better. The pool is the card set as it is now, read from the card file (AR-DECK-5: blue text
is rare, golden text mythic rare), so new cards join the boosters as they are added."""

from __future__ import annotations

from functools import cache

from marcomage.platform.boosters import BoosterSpec, make_pool, open_booster

from .cards import CARDS

COMMON, RARE, MYTHIC = "common", "rare", "mythic"

RARITY_NAMES = {COMMON: "Common", RARE: "Rare (blue text)", MYTHIC: "Mythic rare (golden text)"}
"""A rarity in a player's words (AR-DECK-5)."""

BOOSTER = BoosterSpec(slots=(
    *([((COMMON, 800), (RARE, 170), (MYTHIC, 30))] * 7),
    ((RARE, 850), (MYTHIC, 150)),
))
"""Eight cards: slots 1 to 7 common 80%, rare 17%, mythic rare 3%; slot 8 rare 85%, mythic
rare 15%. Each slot's card is then any card of its rarity, all alike."""


@cache
def pool() -> dict[str, tuple[int, ...]]:
    """The card ids of each rarity the booster gives, from the card file."""
    return make_pool(((c.id, c.rarity) for c in CARDS.values()), BOOSTER)


def open_arcana_booster(seed: int) -> list[int]:
    """The card ids of the booster opened from `seed` (platform.boosters.open_booster)."""
    return [card_id for card_id, _ in open_booster(BOOSTER, pool(), seed)]
