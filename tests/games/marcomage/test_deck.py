"""Decks as the rules see them (C-DECK): 15 distinct cards of each rarity, token slots
("Set" and "Auto"), and random decks."""

from __future__ import annotations

from collections import Counter

import pytest

from marcomage.games.marcomage import CARDS, InvalidDeck, Rng, auto_tokens, check_deck, random_deck
from marcomage.games.marcomage.cards import COMMON, RARE, TOKEN_KEYWORDS, UNCOMMON, card_ids
from marcomage.games.marcomage.deck import normalize_tokens

from .builders import DECK

STARTER_1 = (  # C-DECK-11, deck 1
    (54, 240, 71, 256, 250, 259, 261, 113, 247, 79, 57, 140, 7, 236, 257),
    (28, 189, 83, 10, 204, 211, 230, 36, 150, 201, 53, 96, 180, 164, 208),
    (32, 197, 75, 74, 151, 61, 69, 66, 232, 229, 291, 21, 126, 182, 181),
)


def test_C_DECK_1_a_deck_has_15_distinct_cards_of_each_rarity() -> None:
    assert check_deck(DECK) == DECK
    assert check_deck(STARTER_1) == STARTER_1
    assert check_deck([list(s) for s in DECK]) == DECK  # any sequences become tuples
    assert all(isinstance(s, tuple) for s in check_deck([list(s) for s in DECK]))


@pytest.mark.parametrize(("deck", "words"), [
    ((DECK[0][:14], DECK[1], DECK[2]), "14 cards"),
    ((DECK[0] + (card_ids(COMMON)[20],), DECK[1], DECK[2]), "16 cards"),
    ((DECK[0], (*DECK[1][:14], DECK[1][0]), DECK[2]), "same card twice"),
    ((DECK[0], DECK[1], (*DECK[2][:14], DECK[0][0])), "not a Rare"),
    (((*DECK[0][:14], 0), DECK[1], DECK[2]), "Card 0"),  # the Empty card
    (((*DECK[0][:14], 9999), DECK[1], DECK[2]), "9999"),
    (((*DECK[0][:14], -1), DECK[1], DECK[2]), "-1"),
    ((DECK[1], DECK[0], DECK[2]), "not a Common"),
    ((DECK[0], DECK[1]), "three sections"),
])
def test_C_DECK_1_invalid_decks_are_refused_with_the_reason(
        deck: tuple[tuple[int, ...], ...], words: str) -> None:
    with pytest.raises(InvalidDeck, match=words):
        check_deck(deck)


def test_C_DECK_1_invalid_deck_is_a_value_error() -> None:
    assert issubclass(InvalidDeck, ValueError)


def test_C_DECK_9_set_drops_none_and_repeats_and_packs_to_the_front() -> None:
    assert normalize_tokens(("none", "Holy", "Holy")) == ("Holy", "none", "none")
    assert normalize_tokens(("Mage", "none", "Beast")) == ("Mage", "Beast", "none")
    assert normalize_tokens(()) == ("none", "none", "none")
    assert normalize_tokens(("Undead", "Alliance", "Titan")) == ("Undead", "Alliance", "Titan")


def test_C_DECK_9_only_token_keywords_and_at_most_three() -> None:
    with pytest.raises(InvalidDeck, match="Quick"):
        normalize_tokens(("Quick",))
    with pytest.raises(InvalidDeck, match="three"):
        normalize_tokens(("Mage", "Holy", "Beast", "Titan"))
    assert normalize_tokens(("Mage", "Holy", "Beast", "Mage")) == ("Mage", "Holy", "Beast")


def test_C_TOK_1_the_eleven_token_keywords_in_canonical_order() -> None:
    assert TOKEN_KEYWORDS == ("Alliance", "Barbarian", "Brigand", "Beast", "Burning", "Holy",
                              "Mage", "Soldier", "Titan", "Undead", "Unliving")


def _count(deck: tuple[tuple[int, ...], ...], keyword: str) -> int:
    return sum(keyword in CARDS[c].keywords for section in deck for c in section)


def test_C_DECK_10_auto_picks_the_three_most_frequent_token_keywords() -> None:
    for seed in range(40):
        deck = random_deck(Rng.from_seed(seed))
        counts = {k: _count(deck, k) for k in TOKEN_KEYWORDS}
        ranked = sorted((k for k in TOKEN_KEYWORDS if counts[k]),
                        key=lambda k: (-counts[k], TOKEN_KEYWORDS.index(k)))
        expected = (ranked + ["none"] * 3)[:3]
        assert auto_tokens(deck) == tuple(expected)


def test_C_DECK_10_ties_follow_the_canonical_order_and_zero_counts_are_dropped() -> None:
    soldiers = [c for c in card_ids(COMMON) if CARDS[c].keywords == ("Soldier",)]
    mages = [c for c in card_ids(COMMON) if CARDS[c].keywords == ("Mage",)]
    plain = [c for c in card_ids(COMMON) if not CARDS[c].keywords]
    plain_u = [c for c in card_ids(UNCOMMON) if not CARDS[c].keywords]
    plain_r = [c for c in card_ids(RARE) if not CARDS[c].keywords]
    deck = (tuple(mages[:2] + soldiers[:2] + plain[:11]), tuple(plain_u[:15]),
            tuple(plain_r[:15]))
    check_deck(deck)
    assert auto_tokens(deck) == ("Mage", "Soldier", "none")  # Mage before Soldier
    empty = (tuple(plain[:15]), tuple(plain_u[:15]), tuple(plain_r[:15]))
    assert auto_tokens(empty) == ("none", "none", "none")


def test_C_DECK_6_random_deck_has_15_distinct_cards_of_each_rarity() -> None:
    for seed in range(50):
        deck = random_deck(Rng.from_seed(seed))
        assert check_deck(deck) == deck


def test_C_DECK_6_random_deck_is_determined_by_the_rng() -> None:
    assert random_deck(Rng.from_seed(4)) == random_deck(Rng.from_seed(4))
    assert random_deck(Rng.from_seed(4)) != random_deck(Rng.from_seed(5))


def test_C_DECK_6_random_deck_is_uniform_over_the_card_set() -> None:
    rng = Rng.from_seed(66)
    counts: Counter[int] = Counter()
    decks = 2000
    for _ in range(decks):
        for section in random_deck(rng):
            counts.update(section)
    for rarity in (COMMON, UNCOMMON, RARE):
        ids = card_ids(rarity)
        expected = decks * 15 / len(ids)
        for c in ids:
            assert abs(counts[c] - expected) < 6 * expected**0.5, (c, counts[c], expected)


def test_C_DECK_6_random_deck_from_a_pool() -> None:
    pool = (card_ids(COMMON)[:20], card_ids(UNCOMMON)[:15], card_ids(RARE)[5:25])
    for seed in range(20):
        deck = random_deck(Rng.from_seed(seed), pool)
        for section, allowed in zip(deck, pool, strict=True):
            assert set(section) <= set(allowed) and len(set(section)) == 15
    assert set(random_deck(Rng.from_seed(1), pool)[1]) == set(pool[1])


def test_random_deck_does_not_change_the_pool() -> None:
    pool = (list(card_ids(COMMON)[:20]), list(card_ids(UNCOMMON)[:15]),
            list(card_ids(RARE)[:15]))
    copy = [p[:] for p in pool]
    random_deck(Rng.from_seed(2), pool)
    assert list(pool) == copy
