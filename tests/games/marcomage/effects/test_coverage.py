"""Every card of the finished rarities has an effect and at least one test of its own.

A card's tests are named `test_<id>_...` in this directory; this file finds them by name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from marcomage.games.marcomage import CARDS, implemented
from marcomage.games.marcomage.cards import COMMON, RARE, UNCOMMON, card_ids

HERE = Path(__file__).parent
FINISHED_RARITIES = (COMMON, UNCOMMON, RARE)


def ids_with_tests() -> set[int]:
    pattern = re.compile(r"^def test_(\d+)_", re.MULTILINE)
    found: set[int] = set()
    for path in HERE.glob("test_*.py"):
        found.update(int(m) for m in pattern.findall(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("rarity", FINISHED_RARITIES)
def test_every_card_has_an_effect(rarity: int) -> None:
    missing = [f"{c} {CARDS[c].name}" for c in card_ids(rarity) if not implemented(c)]
    assert missing == []


@pytest.mark.parametrize("rarity", FINISHED_RARITIES)
def test_every_card_has_a_test(rarity: int) -> None:
    tested = ids_with_tests()
    missing = [f"{c} {CARDS[c].name}" for c in card_ids(rarity) if c not in tested]
    assert missing == []


def test_the_coverage_test_finds_tests_by_name() -> None:
    assert 1 in ids_with_tests()  # Basic wall's tests exist, so the pattern works
