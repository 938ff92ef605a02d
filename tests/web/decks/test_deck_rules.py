"""The deck rules of the editor (C-DECK-1, 3, 5 to 10), each saved at once and refused with a
reason that leaves the deck unchanged."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from marcomage.games.marcomage.cards import CARDS, COMMON, RARE, UNCOMMON, card_ids
from marcomage.web.decks import services
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckError

from ..base import BaseTestCase

COMMONS, UNCOMMONS, RARES = card_ids(COMMON), card_ids(UNCOMMON), card_ids(RARE)


def stored(deck: Deck) -> Deck:
    """The deck as the database holds it."""
    return Deck.objects.get(pk=deck.pk)


class DeckRulesTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.empty = Deck.objects.get(owner=self.alice, name="deck 4")
        self.starter = Deck.objects.get(owner=self.alice, name="deck 1")

    def test_c_deck_1_take_fills_the_first_empty_slot_of_the_cards_rarity(self) -> None:
        deck = self.empty
        assert services.take(deck, COMMONS[0]) == 0
        assert services.take(deck, RARES[0]) == 0
        assert services.take(deck, COMMONS[1]) == 1
        services.return_card(deck, COMMONS[0])
        assert services.take(deck, COMMONS[2]) == 0  # the first empty slot, not the last
        saved = stored(deck)
        assert saved.common[:3] == [COMMONS[2], COMMONS[1], 0]
        assert saved.rare[0] == RARES[0] and saved.uncommon == [0] * 15

    def test_c_deck_1_a_card_is_at_most_once_in_a_deck(self) -> None:
        services.take(self.empty, COMMONS[5])
        with pytest.raises(DeckError, match="already in the deck"):
            services.take(self.empty, COMMONS[5])
        assert stored(self.empty).common.count(COMMONS[5]) == 1

    def test_c_deck_1_take_into_a_full_section_is_refused(self) -> None:
        for card_id in UNCOMMONS[:15]:
            services.take(self.empty, card_id)
        with pytest.raises(DeckError, match="Uncommon section is full"):
            services.take(self.empty, UNCOMMONS[15])
        assert stored(self.empty).uncommon == list(UNCOMMONS[:15])

    def test_c_deck_1_return_empties_the_slot_and_refuses_absent_cards(self) -> None:
        deck = self.starter
        services.return_card(deck, 240)
        assert stored(deck).common[1] == 0 and stored(deck).card_count == 44
        with pytest.raises(DeckError, match="not in the deck"):
            services.return_card(deck, 240)
        with pytest.raises(DeckError, match="no card"):
            services.take(deck, 0)  # the Empty placeholder is not a card
        with pytest.raises(DeckError, match="no card"):
            services.take(deck, len(CARDS))

    def test_c_deck_2_ready_only_with_all_45_slots(self) -> None:
        assert self.starter.ready
        services.return_card(self.starter, 32)
        assert not stored(self.starter).ready
        assert stored(self.starter) not in services.ready_decks(self.alice)

    def test_c_deck_3_rename_trims_and_keeps_names_unique_in_any_case(self) -> None:
        services.rename(self.empty, "  Holy army ")
        assert stored(self.empty).name == "Holy army"
        for taken in ("DECK 1", "deck 1  ", "holy ARMY"):
            other = Deck.objects.get(owner=self.alice, name="deck 5")
            with pytest.raises(DeckError, match="already have a deck"):
                services.rename(other, taken)
        assert stored(Deck.objects.get(owner=self.alice, name="deck 5")).name == "deck 5"
        services.rename(Deck.objects.get(owner=self.bob, name="deck 4"), "Holy army")  # bob's

    def test_c_deck_3_blank_long_and_unchanged_names_are_refused(self) -> None:
        for bad, reason in (("   ", "blank"), ("x" * 21, "at most 20"),
                            ("deck 4", "already named")):
            with pytest.raises(DeckError, match=reason):
                services.rename(self.empty, bad)
        services.rename(self.empty, "y" * 20)  # 20 characters are fine
        services.rename(self.empty, "Deck 4")  # own name, other letter case: allowed
        assert stored(self.empty).name == "Deck 4"

    def test_c_deck_5_reset_empties_slots_and_tokens(self) -> None:
        self.starter.tokens = ["Holy", "Mage", "none"]
        self.starter.save()
        services.reset(self.starter)
        saved = stored(self.starter)
        assert saved.card_count == 0 and saved.tokens == ["none"] * 3

    def test_c_deck_6_randomize_gives_15_distinct_cards_per_rarity_and_keeps_tokens(self) -> None:
        self.starter.tokens = ["Beast", "none", "none"]
        services.randomize(self.starter, random.Random(7))
        saved = stored(self.starter)
        for section, rarity in zip(saved.sections, (COMMON, UNCOMMON, RARE), strict=True):
            assert len(set(section)) == 15
            assert all(CARDS[c].rarity == rarity for c in section)
        assert saved.tokens == ["Beast", "none", "none"]
        assert saved.ready

    def test_c_deck_6_randomize_is_uniform_over_the_whole_card_set(self) -> None:
        rng = random.Random(11)
        counts = dict.fromkeys(RARES, 0)
        rounds = 400
        for _ in range(rounds):
            services.randomize(self.empty, rng)
            for card_id in self.empty.rare:
                counts[card_id] += 1
        expected = rounds * 15 / len(RARES)
        assert all(count > 0 for count in counts.values())  # every rare can come
        chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
        assert chi2 < 2 * len(RARES)  # far below what a biased pick would give

    def test_c_deck_7_finish_fills_only_empty_slots_with_new_distinct_cards(self) -> None:
        services.take(self.empty, COMMONS[3])
        services.take(self.empty, RARES[7])
        added = services.finish(self.empty, random.Random(3))
        saved = stored(self.empty)
        assert added == 43 and saved.ready
        assert saved.common[0] == COMMONS[3] and saved.rare[0] == RARES[7]
        for section, rarity in zip(saved.sections, (COMMON, UNCOMMON, RARE), strict=True):
            assert len(set(section)) == 15 and all(CARDS[c].rarity == rarity for c in section)

    def test_c_deck_7_finish_of_a_full_deck_changes_nothing(self) -> None:
        before = [list(s) for s in self.starter.sections]
        assert services.finish(self.starter) == 0
        assert [list(s) for s in stored(self.starter).sections] == before

    def test_c_deck_8_average_cost_weights_each_rarity_and_rounds_half_up(self) -> None:
        deck = self.empty
        assert services.average_cost(deck) == services.AverageCost(
            Decimal("0.00"), Decimal("0.00"), Decimal("0.00"))
        cheap = [c for c in COMMONS if CARDS[c].bricks == 1 and not CARDS[c].gems
                 and not CARDS[c].recruits][:2]
        services.take(deck, cheap[0])
        # Only Common cards: 0.65 x 1 brick; the other rarities count 0.
        assert services.average_cost(deck).bricks == Decimal("0.65")
        deck.common = [cheap[0], cheap[1]] + [0] * 13
        deck.rare = [RARES[0]] + [0] * 14
        rare = CARDS[RARES[0]]
        average = services.average_cost(deck)
        assert average.bricks == (Decimal("0.65") + Decimal("0.06") * rare.bricks).quantize(
            Decimal("0.01"))
        assert average.gems == (Decimal("0.06") * rare.gems).quantize(Decimal("0.01"))

    def test_c_deck_8_rounding_is_half_up_on_the_exact_value(self) -> None:
        # 0.29 x 1/2 = 0.145 exactly: half up gives 0.15 (binary floats would give 0.14).
        one_gem = next(c for c in UNCOMMONS if (CARDS[c].bricks, CARDS[c].gems,
                                                 CARDS[c].recruits) == (0, 1, 0))
        free = next(c for c in UNCOMMONS if CARDS[c].cost_total == 0)
        self.empty.uncommon = [one_gem, free] + [0] * 13
        assert services.average_cost(self.empty).gems == Decimal("0.15")
        assert round(0.29 * 1 / 2, 2) == 0.14  # why Decimal/Fraction is used

    def test_c_deck_9_set_tokens_drops_none_and_repeats_and_packs(self) -> None:
        assert services.set_tokens(self.empty, ["none", "Holy", "Holy"]) == ("Holy", "none",
                                                                            "none")
        assert stored(self.empty).tokens == ["Holy", "none", "none"]
        with pytest.raises(DeckError, match="not a token keyword"):
            services.set_tokens(self.empty, ["Aqua", "none", "none"])
        assert stored(self.empty).tokens == ["Holy", "none", "none"]

    def test_c_deck_10_auto_takes_the_three_most_frequent_token_keywords(self) -> None:
        def with_keyword(name: str, pool: tuple[int, ...], n: int) -> list[int]:
            return [c for c in pool if CARDS[c].keywords == (name,)][:n]

        deck = self.empty
        deck.common = (with_keyword("Soldier", COMMONS, 3) + with_keyword("Beast", COMMONS, 2)
                       + with_keyword("Undead", COMMONS, 2) + with_keyword("Alliance", COMMONS, 2))
        deck.common += [0] * (15 - len(deck.common))
        deck.tokens = ["Mage", "none", "none"]
        deck.save()
        # Soldier 3 first; Alliance, Beast and Undead tie at 2: canonical order (C-TOK-1).
        assert services.auto(deck) == ("Soldier", "Alliance", "Beast")
        assert stored(deck).tokens == ["Soldier", "Alliance", "Beast"]

    def test_c_deck_10_auto_with_no_token_keywords_clears_the_slots(self) -> None:
        self.empty.tokens = ["Holy", "none", "none"]
        assert services.auto(self.empty) == ("none", "none", "none")
        assert stored(self.empty).tokens == ["none"] * 3
