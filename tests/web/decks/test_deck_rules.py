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
from marcomage.web.rulesets.marcomage import editing
from marcomage.web.rulesets.marcomage.slots import slots, store

from ..base import BaseTestCase

COMMONS, UNCOMMONS, RARES = card_ids(COMMON), card_ids(UNCOMMON), card_ids(RARE)


def stored(deck: Deck) -> Deck:
    """The deck as the database holds it."""
    return Deck.objects.get(pk=deck.pk)


def put(deck: Deck, **parts: object) -> None:
    """Set some of the deck's slot lists or its tokens in memory, as the editor would."""
    layout = slots(deck)
    for name, value in parts.items():
        setattr(layout, name, value)
    store(deck, layout)


class DeckRulesTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.empty = Deck.objects.get(owner=self.alice, name="deck 4")
        self.starter = Deck.objects.get(owner=self.alice, name="deck 1")

    def test_c_deck_1_take_fills_the_first_empty_slot_of_the_cards_rarity(self) -> None:
        deck = self.empty
        assert editing.take(deck, COMMONS[0]) == 0
        assert editing.take(deck, RARES[0]) == 0
        assert editing.take(deck, COMMONS[1]) == 1
        editing.return_card(deck, COMMONS[0])
        assert editing.take(deck, COMMONS[2]) == 0  # the first empty slot, not the last
        saved = stored(deck)
        assert slots(saved).common[:3] == [COMMONS[2], COMMONS[1], 0]
        assert slots(saved).rare[0] == RARES[0] and slots(saved).uncommon == [0] * 15

    def test_c_deck_1_a_card_is_at_most_once_in_a_deck(self) -> None:
        editing.take(self.empty, COMMONS[5])
        with pytest.raises(DeckError, match="already in the deck"):
            editing.take(self.empty, COMMONS[5])
        assert slots(stored(self.empty)).common.count(COMMONS[5]) == 1

    def test_c_deck_1_take_into_a_full_section_is_refused(self) -> None:
        for card_id in UNCOMMONS[:15]:
            editing.take(self.empty, card_id)
        with pytest.raises(DeckError, match="Uncommon section is full"):
            editing.take(self.empty, UNCOMMONS[15])
        assert slots(stored(self.empty)).uncommon == list(UNCOMMONS[:15])

    def test_c_deck_1_return_empties_the_slot_and_refuses_absent_cards(self) -> None:
        deck = self.starter
        editing.return_card(deck, 240)
        assert slots(stored(deck)).common[1] == 0 and stored(deck).card_count == 44
        with pytest.raises(DeckError, match="not in the deck"):
            editing.return_card(deck, 240)
        with pytest.raises(DeckError, match="no card"):
            editing.take(deck, 0)  # the Empty placeholder is not a card
        with pytest.raises(DeckError, match="no card"):
            editing.take(deck, len(CARDS))

    def test_c_deck_2_ready_only_with_all_45_slots(self) -> None:
        assert self.starter.ready
        editing.return_card(self.starter, 32)
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
        put(self.starter, tokens=["Holy", "Mage", "none"])
        self.starter.save()
        editing.reset(self.starter)
        saved = stored(self.starter)
        assert saved.card_count == 0 and slots(saved).tokens == ["none"] * 3

    def test_c_deck_6_randomize_gives_15_distinct_cards_per_rarity_and_keeps_tokens(self) -> None:
        put(self.starter, tokens=["Beast", "none", "none"])
        editing.randomize(self.starter, random.Random(7))
        saved = stored(self.starter)
        for section, rarity in zip(slots(saved).sections, (COMMON, UNCOMMON, RARE), strict=True):
            assert len(set(section)) == 15
            assert all(CARDS[c].rarity == rarity for c in section)
        assert slots(saved).tokens == ["Beast", "none", "none"]
        assert saved.ready

    def test_c_deck_6_randomize_is_uniform_over_the_whole_card_set(self) -> None:
        rng = random.Random(11)
        counts = dict.fromkeys(RARES, 0)
        rounds = 400
        for _ in range(rounds):
            editing.randomize(self.empty, rng)
            for card_id in slots(self.empty).rare:
                counts[card_id] += 1
        expected = rounds * 15 / len(RARES)
        assert all(count > 0 for count in counts.values())  # every rare can come
        chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
        assert chi2 < 2 * len(RARES)  # far below what a biased pick would give

    def test_c_deck_7_finish_fills_only_empty_slots_with_new_distinct_cards(self) -> None:
        editing.take(self.empty, COMMONS[3])
        editing.take(self.empty, RARES[7])
        added = editing.finish(self.empty, random.Random(3))
        saved = stored(self.empty)
        assert added == 43 and saved.ready
        assert slots(saved).common[0] == COMMONS[3] and slots(saved).rare[0] == RARES[7]
        for section, rarity in zip(slots(saved).sections, (COMMON, UNCOMMON, RARE), strict=True):
            assert len(set(section)) == 15 and all(CARDS[c].rarity == rarity for c in section)

    def test_c_deck_7_finish_of_a_full_deck_changes_nothing(self) -> None:
        before = [list(s) for s in slots(self.starter).sections]
        assert editing.finish(self.starter) == 0
        assert [list(s) for s in slots(stored(self.starter)).sections] == before

    def test_c_deck_8_average_cost_weights_each_rarity_and_rounds_half_up(self) -> None:
        deck = self.empty
        assert editing.average_cost(deck) == editing.AverageCost(
            Decimal("0.00"), Decimal("0.00"), Decimal("0.00"))
        cheap = [c for c in COMMONS if CARDS[c].bricks == 1 and not CARDS[c].gems
                 and not CARDS[c].recruits][:2]
        editing.take(deck, cheap[0])
        # Only Common cards: 0.65 x 1 brick; the other rarities count 0.
        assert editing.average_cost(deck).bricks == Decimal("0.65")
        put(deck, common=[cheap[0], cheap[1]] + [0] * 13, rare=[RARES[0]] + [0] * 14)
        rare = CARDS[RARES[0]]
        average = editing.average_cost(deck)
        assert average.bricks == (Decimal("0.65") + Decimal("0.06") * rare.bricks).quantize(
            Decimal("0.01"))
        assert average.gems == (Decimal("0.06") * rare.gems).quantize(Decimal("0.01"))

    def test_c_deck_8_rounding_is_half_up_on_the_exact_value(self) -> None:
        # 0.29 x 1/2 = 0.145 exactly: half up gives 0.15 (binary floats would give 0.14).
        one_gem = next(c for c in UNCOMMONS if (CARDS[c].bricks, CARDS[c].gems,
                                                 CARDS[c].recruits) == (0, 1, 0))
        free = next(c for c in UNCOMMONS if CARDS[c].cost_total == 0)
        put(self.empty, uncommon=[one_gem, free] + [0] * 13)
        assert editing.average_cost(self.empty).gems == Decimal("0.15")
        assert round(0.29 * 1 / 2, 2) == 0.14  # why Decimal/Fraction is used

    def test_c_deck_9_set_tokens_drops_none_and_repeats_and_packs(self) -> None:
        assert editing.set_tokens(self.empty, ["none", "Holy", "Holy"]) == ("Holy", "none",
                                                                            "none")
        assert slots(stored(self.empty)).tokens == ["Holy", "none", "none"]
        with pytest.raises(DeckError, match="not a token keyword"):
            editing.set_tokens(self.empty, ["Aqua", "none", "none"])
        assert slots(stored(self.empty)).tokens == ["Holy", "none", "none"]

    def test_c_deck_10_auto_takes_the_three_most_frequent_token_keywords(self) -> None:
        def with_keyword(name: str, pool: tuple[int, ...], n: int) -> list[int]:
            return [c for c in pool if CARDS[c].keywords == (name,)][:n]

        deck = self.empty
        common = (with_keyword("Soldier", COMMONS, 3) + with_keyword("Beast", COMMONS, 2)
                  + with_keyword("Undead", COMMONS, 2) + with_keyword("Alliance", COMMONS, 2))
        put(deck, common=common + [0] * (15 - len(common)), tokens=["Mage", "none", "none"])
        deck.save()
        # Soldier 3 first; Alliance, Beast and Undead tie at 2: canonical order (C-TOK-1).
        assert editing.auto(deck) == ("Soldier", "Alliance", "Beast")
        assert slots(stored(deck)).tokens == ["Soldier", "Alliance", "Beast"]

    def test_c_deck_10_auto_with_no_token_keywords_clears_the_slots(self) -> None:
        put(self.empty, tokens=["Holy", "none", "none"])
        assert editing.auto(self.empty) == ("none", "none", "none")
        assert slots(stored(self.empty)).tokens == ["none"] * 3
