"""The game's random source (C-GEN-5, PL-STATE-1): PCG32 with its whole state in the game."""

from __future__ import annotations

from collections import Counter

import pytest

from marcomage.games.marcomage import Rng
from marcomage.platform.rng import seed_to_int


def test_PL_STATE_1_pcg32_matches_the_reference_generator() -> None:
    """pcg32_srandom(42, 54) of the PCG reference demo gives these first six numbers."""
    rng = Rng.from_seed(42)
    assert [rng.next_u32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E,
    ]


def test_C_GEN_5_same_seed_same_sequence_and_other_seeds_differ() -> None:
    a, b, c = Rng.from_seed(7), Rng.from_seed(7), Rng.from_seed(8)
    seq_a = [a.below(1000) for _ in range(50)]
    assert seq_a == [b.below(1000) for _ in range(50)]
    assert seq_a != [c.below(1000) for _ in range(50)]


def test_string_seeds_are_hashed_and_integer_seeds_used_as_they_are() -> None:
    assert seed_to_int(12345) == 12345
    assert seed_to_int("g00001") == seed_to_int("g00001")
    assert seed_to_int("g00001") != seed_to_int("g00002")
    assert 0 <= seed_to_int(-1) < 2**64  # out of range integers are hashed too
    assert 0 <= seed_to_int(2**64) < 2**64
    assert seed_to_int(-1) != seed_to_int(2**64 - 1)
    assert Rng.from_seed("abc").to_json() == Rng.from_seed("abc").to_json()


def test_below_stays_in_range_and_is_uniform() -> None:
    rng = Rng.from_seed(3)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    for n in counts.values():  # expected 10,000 each; sigma ~ 91
        assert 9_500 < n < 10_500
    assert rng.below(1) == 0
    assert rng.below(0) == 0


def test_below_one_consumes_nothing() -> None:
    rng = Rng.from_seed(3)
    before = rng.to_json()
    rng.below(1)
    assert rng.to_json() == before


def test_randint_is_inclusive_at_both_ends() -> None:
    rng = Rng.from_seed(11)
    seen = {rng.randint(1, 4) for _ in range(2_000)}
    assert seen == {1, 2, 3, 4}


def test_choice_picks_every_item() -> None:
    rng = Rng.from_seed(12)
    assert {rng.choice((5, 6, 7)) for _ in range(500)} == {5, 6, 7}


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_C_DRAW_6_chance_is_one_in_two_to_the_n(n: int) -> None:
    rng = Rng.from_seed(100 + n)
    trials = 64_000
    hits = sum(rng.chance(n) for _ in range(trials))
    expected = trials / 2**n
    assert abs(hits - expected) < 0.06 * expected + 200


def test_chance_zero_is_certain_and_consumes_nothing() -> None:
    rng = Rng.from_seed(1)
    before = rng.to_json()
    assert all(rng.chance(0) for _ in range(100))
    assert rng.to_json() == before


def test_clone_is_independent_of_the_original() -> None:
    rng = Rng.from_seed(9)
    twin = rng.clone()
    assert [rng.next_u32() for _ in range(5)] == [twin.next_u32() for _ in range(5)]
    rng.next_u32()
    assert rng.to_json() != twin.to_json()


def test_PL_STATE_2_json_round_trip_continues_the_same_sequence() -> None:
    rng = Rng.from_seed(21)
    for _ in range(10):
        rng.next_u32()
    doc = rng.to_json()
    assert all(isinstance(x, str) for x in doc)  # no numbers above 2**53 in JSON
    again = Rng.from_json(doc)
    assert [rng.next_u32() for _ in range(20)] == [again.next_u32() for _ in range(20)]


def test_increment_is_always_odd() -> None:
    assert Rng(5, 4).inc % 2 == 1
    assert Rng(5, 2**64 + 2).inc < 2**64


def test_PL_STATE_1_shuffle_is_fisher_yates_from_the_top_with_below() -> None:
    """Issue 30: the one shuffle every game system uses keeps the algorithm the six copies
    had (swap position i, from the last down, with one drawn by below(i + 1)), so seeded
    deals stay the same."""
    for seed in range(20):
        items, expected = list(range(seed % 7 + 5)), list(range(seed % 7 + 5))
        reference = Rng.from_seed(seed)
        for i in range(len(expected) - 1, 0, -1):
            j = reference.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        rng = Rng.from_seed(seed)
        rng.shuffle(items)
        assert items == expected
        assert rng.state == reference.state  # it draws exactly as many numbers


def test_shuffle_of_short_lists_draws_nothing() -> None:
    for items in ([], [3]):
        rng = Rng.from_seed(1)
        rng.shuffle(items)
        assert rng.state == Rng.from_seed(1).state
