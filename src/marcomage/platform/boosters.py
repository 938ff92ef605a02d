"""Boosters: a fixed number of cards, each slot with stated rarity odds, opened by a seeded
draw that anyone can run again from the seed (issue 34). Pure: no Django, no game.

A booster is a `BoosterSpec`: its slots in order, each a tuple of (rarity, weight) with the
weights of a slot adding up to `ODDS_BASE` (so "common 800" reads "80.0%"). Opening one from
a `seed` and a `Pool` (the card ids of each rarity) runs, slot by slot:

1. `roll = rng.below(ODDS_BASE)`; the slot's rarity is the first whose running total of
   weights exceeds `roll`;
2. the card is `pool[rarity][rng.below(len(pool[rarity]))]`, the pool's ids sorted.

The generator is `platform.rng.Rng.from_seed(seed, BOOSTER_STREAM)`, so the same seed and the
same pool give the same cards anywhere; `pool_digest` names the pool a draw was made from,
so a stored draw can be told apart from one made after the card set changed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .rng import Rng

ODDS_BASE = 1000
"""The weights of one slot add up to this: a weight of 1 is one chance in a thousand."""

BOOSTER_STREAM = 34
"""The generator stream of booster draws (issue 34), apart from any game's."""

Pool = Mapping[str, tuple[int, ...]]
"""Card ids by rarity, each tuple sorted."""


@dataclass(frozen=True, slots=True)
class BoosterSpec:
    """A booster's slots in order, each (rarity, weight) pairs whose weights add up to
    `ODDS_BASE`; ValueError when a slot's weights do not."""

    slots: tuple[tuple[tuple[str, int], ...], ...]

    def __post_init__(self) -> None:
        if not self.slots:
            raise ValueError("A booster holds at least one card.")
        for number, slot in enumerate(self.slots, 1):
            total = sum(weight for _, weight in slot)
            if total != ODDS_BASE or any(weight < 0 for _, weight in slot):
                raise ValueError(f"Slot {number} of the booster has weights adding up to "
                                 f"{total}, not {ODDS_BASE}.")

    @property
    def size(self) -> int:
        """Cards in one booster."""
        return len(self.slots)

    @property
    def rarities(self) -> tuple[str, ...]:
        """Every rarity a slot may give, in the order they are first named."""
        return tuple(dict.fromkeys(rarity for slot in self.slots for rarity, _ in slot))

    def expected(self) -> dict[str, float]:
        """The expected number of cards of each rarity in one booster."""
        found = dict.fromkeys(self.rarities, 0.0)
        for slot in self.slots:
            for rarity, weight in slot:
                found[rarity] += weight / ODDS_BASE
        return found


def make_pool(cards: Iterable[tuple[int, str]], spec: BoosterSpec) -> dict[str, tuple[int, ...]]:
    """The pool of (card id, rarity) pairs by rarity, ids sorted; ValueError when a rarity
    the booster can give has no card (a slot would have nothing to draw)."""
    pool: dict[str, list[int]] = {rarity: [] for rarity in spec.rarities}
    for card_id, rarity in cards:
        if rarity in pool:
            pool[rarity].append(card_id)
    empty = [rarity for rarity, ids in pool.items() if not ids and any(
        r == rarity and w > 0 for slot in spec.slots for r, w in slot)]
    if empty:
        raise ValueError(f"The card set has no {empty[0]} card for its boosters.")
    return {rarity: tuple(sorted(ids)) for rarity, ids in pool.items()}


def pool_digest(pool: Pool) -> str:
    """A short name of the pool's contents: the same for the same cards by rarity."""
    text = json.dumps({r: list(ids) for r, ids in sorted(pool.items())}, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def rarity_of(slot: tuple[tuple[str, int], ...], roll: int) -> str:
    """The slot's rarity for a roll in 0..ODDS_BASE-1: the first whose running total of
    weights exceeds the roll."""
    total = 0
    for rarity, weight in slot:
        total += weight
        if roll < total:
            return rarity
    raise ValueError(f"A roll of {roll} is past the slot's weights.")


def open_booster(spec: BoosterSpec, pool: Pool, seed: int) -> list[tuple[int, str]]:
    """The booster's cards as (card id, rarity), slot by slot, drawn from `seed` as the
    module docstring says."""
    rng = Rng.from_seed(seed, BOOSTER_STREAM)
    drawn: list[tuple[int, str]] = []
    for slot in spec.slots:
        rarity = rarity_of(slot, rng.below(ODDS_BASE))
        ids = pool[rarity]
        drawn.append((ids[rng.below(len(ids))], rarity))
    return drawn


@dataclass(frozen=True, slots=True)
class Measured:
    """What many boosters gave: per slot, how many times each rarity came; per card, how
    many copies."""

    boosters: int
    slots: list[dict[str, int]]
    cards: dict[int, int]


def measure(spec: BoosterSpec, pool: Pool, boosters: int, first_seed: int = 0) -> Measured:
    """Open `boosters` boosters with the seeds first_seed, first_seed + 1, ... and count
    what they gave: the measured odds, slot by slot, and each card's share."""
    slots = [dict.fromkeys(spec.rarities, 0) for _ in spec.slots]
    cards = dict.fromkeys((c for ids in pool.values() for c in ids), 0)
    for seed in range(first_seed, first_seed + boosters):
        for number, (card, rarity) in enumerate(open_booster(spec, pool, seed)):
            slots[number][rarity] += 1
            cards[card] += 1
    return Measured(boosters, slots, cards)
