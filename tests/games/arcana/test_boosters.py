"""Issue 34: Arcana's boosters hold a fixed number of cards with stated rarity odds, drawn from
a seed so that the draw can be made again; the odds are measured over 100,000 boosters."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from marcomage.games.arcana.boosters import BOOSTER, open_arcana_booster, pool
from marcomage.games.arcana.cards import CARDS
from marcomage.platform.boosters import (
    ODDS_BASE,
    BoosterSpec,
    make_pool,
    measure,
    open_booster,
    pool_digest,
)

BOOSTERS = 100_000


def test_issue_34_a_booster_holds_eight_cards_of_the_card_file_with_their_rarity() -> None:
    for seed in range(200):
        drawn = open_booster(BOOSTER, pool(), seed)
        assert len(drawn) == BOOSTER.size == 8
        for card, rarity in drawn:
            assert CARDS[card].rarity == rarity
        assert drawn[-1][1] in ("rare", "mythic")  # the last card is rare or better


def test_issue_34_the_pool_is_every_card_of_the_card_file_by_rarity() -> None:
    found = pool()
    assert sorted(c for ids in found.values() for c in ids) == sorted(CARDS)
    for rarity, ids in found.items():
        assert all(CARDS[c].rarity == rarity for c in ids)


def test_issue_34_the_same_seed_draws_the_same_cards_and_other_seeds_differ() -> None:
    assert open_arcana_booster(123456789) == open_arcana_booster(123456789)
    assert len({tuple(open_arcana_booster(seed)) for seed in range(50)}) == 50
    assert pool_digest(pool()) == pool_digest(dict(pool()))
    assert pool_digest(pool()) != pool_digest({**pool(), "common": pool()["common"][1:]})


def test_issue_34_odds_measured_over_100000_boosters_match_the_stated_odds() -> None:
    """Each slot's share of each rarity within 5 standard errors of the stated odds, the
    seven alike slots together within 5 of theirs; and within a rarity every card alike
    (each common's copies within 5 standard deviations of the commons' mean)."""
    measured = measure(BOOSTER, pool(), BOOSTERS)
    for slot, counts in zip(BOOSTER.slots, measured.slots, strict=True):
        assert sum(counts.values()) == BOOSTERS
        for rarity, weight in slot:
            p = weight / ODDS_BASE
            error = math.sqrt(p * (1 - p) / BOOSTERS)
            assert abs(counts[rarity] / BOOSTERS - p) <= 5 * error, (rarity, counts)
    alike = Counter[str]()
    for counts in measured.slots[:7]:
        alike.update(counts)
    n = 7 * BOOSTERS
    for rarity, weight in BOOSTER.slots[0]:
        p = weight / ODDS_BASE
        assert abs(alike[rarity] / n - p) <= 5 * math.sqrt(p * (1 - p) / n)
    for ids in pool().values():
        share = [measured.cards[c] for c in ids]
        mean = sum(share) / len(share)
        assert all(abs(k - mean) <= 5 * math.sqrt(mean) for k in share), share


def test_issue_34_a_booster_spec_is_checked() -> None:
    with pytest.raises(ValueError, match="adding up to 999"):
        BoosterSpec(slots=(((("common", 999)),),))
    with pytest.raises(ValueError, match="no mythic card"):
        make_pool([(1, "common"), (2, "rare")], BOOSTER)
    assert BOOSTER.expected() == pytest.approx({"common": 5.6, "rare": 2.04, "mythic": 0.36})
