"""The draw procedures (C-DRAW): rarity odds, no-rare draws, list draws and anti-flood.

Every draw into a hand slot passes anti-flood (C-DRAW-6): a candidate already present
N times in the *other* slots is accepted with probability 1/2**N, else the draw restarts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from marcomage.platform.rng import Rng

from .cards import COMMON, RARE, UNCOMMON
from .state import Deck

COMMON_ODDS: Final = 65  # r <= 65 of 100: Common (C-DRAW-1)
UNCOMMON_ODDS: Final = 94  # r <= 94: Uncommon; above: Rare


def _others_holding(hand: list[int], slot: int, card: int) -> int:
    count = hand.count(card)
    return count - 1 if hand[slot] == card else count


def from_deck(
    rng: Rng, deck: Deck, hand: list[int], slot: int, *, no_rare: bool = False,
    differ_from: int = -1,
) -> int:
    """A card from the deck by the rarity odds: normal (C-DRAW-1), no-rare (C-DRAW-2),
    or different from `differ_from` (C-DRAW-3), with anti-flood against `hand`."""
    top = UNCOMMON_ODDS if no_rare else 100
    while True:
        r = rng.below(top)
        rarity = COMMON if r < COMMON_ODDS else UNCOMMON if r < UNCOMMON_ODDS else RARE
        pool = deck[rarity]
        card = pool[rng.below(len(pool))]
        if card == differ_from:
            continue
        if rng.chance(_others_holding(hand, slot, card)):
            return card


def from_list(rng: Rng, ids: Sequence[int], hand: list[int], slot: int) -> int:
    """A card picked uniformly from an explicit list (C-DRAW-4), with anti-flood;
    an empty list gives the Empty card 0."""
    if not ids:
        return 0
    while True:
        card = ids[rng.below(len(ids))]
        if rng.chance(_others_holding(hand, slot, card)):
            return card
