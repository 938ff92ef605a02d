"""The requirement matcher as a pure function (MW-REQ-4, MW-REQ-5, MW-REQ-8)."""

from __future__ import annotations

import pytest

from marcomage.games.mage_wars.cards import ICONS
from marcomage.games.mage_wars.requirements import (
    ALL_ICONS,
    ANY,
    ONE_PER_CARD,
    RequirementError,
    can_fill,
    parse_requirement,
    permanent_slot,
    place_icons,
)


def test_MW_REQ_4_or_separates_alternatives_and_anyN_adds_any_slots() -> None:
    assert parse_requirement("fire fire @OR fire @Any2", ICONS) == (
        ("fire", "fire"), ("fire", ANY, ANY))
    assert parse_requirement("", ICONS) == ((),)
    assert parse_requirement("water,@Any1", ICONS) == (("water", ANY),)


@pytest.mark.parametrize("text", ["fire @OR", "@OR fire", "lava", "@Any", "@Any0", "@AnyX"])
def test_MW_REQ_4_malformed_requirements_are_refused(text: str) -> None:
    with pytest.raises(RequirementError):
        parse_requirement(text, ICONS)


def test_MW_REQ_5_one_per_card_a_card_fills_one_slot_only() -> None:
    twin = [("fire", "water")]
    assert can_fill(["fire"], twin, ONE_PER_CARD)
    assert not can_fill(["fire", "water"], twin, ONE_PER_CARD)
    assert can_fill(["fire", "water"], [("fire", "water"), ("water",)], ONE_PER_CARD)


def test_MW_REQ_5_all_icons_each_icon_may_fill_a_slot() -> None:
    assert can_fill(["fire", "water"], [("fire", "water")], ALL_ICONS)
    assert not can_fill(["fire", "fire"], [("fire", "water")], ALL_ICONS)


def test_MW_REQ_4_any_slots_take_every_icon_but_need_a_card_each() -> None:
    assert can_fill([ANY, ANY], [("air",), ("shadow",)], ONE_PER_CARD)
    assert not can_fill([ANY, ANY, "fire"], [("fire",), ("air",)], ONE_PER_CARD)


def test_MW_REQ_5_matching_searches_past_a_greedy_mistake() -> None:
    # the first card could take "fire", but then "water" has no card: augmenting path
    assert can_fill(["fire", "water"], [("fire", "water"), ("fire",)], ONE_PER_CARD)


def test_MW_REQ_5_place_icons_prefers_named_slots() -> None:
    assert place_icons(["fire", ANY], ["fire"]) == [0]
    assert place_icons([ANY, "water"], ["water", "fire"]) == [0, 1]
    assert place_icons(["earth"], ["fire"]) == []


def test_MW_REQ_8_permanent_fills_its_kind_first_then_any() -> None:
    assert permanent_slot([ANY, "water"], "water") == 1
    assert permanent_slot(["fire", ANY], "water") == 1
    assert permanent_slot(["fire"], "water") is None
    assert permanent_slot(["fire", ANY], ANY) == 0
