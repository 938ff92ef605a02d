"""The standard deck format (ET-DECK) and the starter characters."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from marcomage.games.elder_tale.ruleset import RULESET

from .builders import card_doc


def starter(index: int = 0) -> dict[str, Any]:
    return copy.deepcopy(dict(RULESET.starter_decks()[index]))


def codes(deck: dict[str, Any]) -> list[str]:
    return [v.code for v in RULESET.validate_deck(deck, "standard")]  # type: ignore[arg-type]


def entry(deck: dict[str, Any], card: str) -> dict[str, Any]:
    return next(e for e in deck["entries"] if e["card"] == card)


def test_the_two_characters_are_legal_with_ten_cards_a_deck_and_at_most_one_epic() -> None:
    """Sefa carries the Epic Aurora Sanctuary; Aren plays without Worldbreaker since the
    issue 35 balance pass (the Epic stays in the card set for players' decks)."""
    for index, held in ((0, 0), (1, 1)):
        deck = starter(index)
        assert codes(deck) == []
        epics = [e for e in deck["entries"] if e["card"] in ("worldbreaker",
                                                              "aurora_sanctuary")]
        assert len(epics) == held and all(e["count"] == 1 for e in epics)
        assert sum(e["count"] for e in deck["entries"]) == 30


def test_ET_DECK_1_each_deck_needs_ten_cards() -> None:
    deck = starter()
    entry(deck, "ember_cut")["count"] -= 1
    found = RULESET.validate_deck(deck, "standard")  # type: ignore[arg-type]
    assert [v.code for v in found] == ["DECK_TOO_SMALL"]
    assert "Attack deck holds 9 cards" in found[0].message


def test_ET_DECK_1_a_card_placed_in_another_deck_is_wrong() -> None:
    deck = starter()
    deck["extra"] = {"decks": {"defense": ["ember_cut"]}}
    assert codes(deck) == ["WRONG_DECK"]


def test_ET_DECK_2_copies_by_rarity() -> None:
    deck = starter()
    entry(deck, "bastion_of_roots")["count"] = 3
    assert codes(deck) == ["TOO_MANY_COPIES"]
    deck = starter()
    entry(deck, "ember_cut")["count"] = 9  # Commons have no limit
    assert codes(deck) == []


def test_ET_DECK_3_one_copy_of_each_epic() -> None:
    deck = starter(1)
    entry(deck, "aurora_sanctuary")["count"] = 2
    assert codes(deck) == ["EPIC_DUPLICATE"]


def test_ET_DECK_4_no_clutter_in_decks_and_unknown_cards_are_named() -> None:
    deck = starter()
    deck["entries"].append({"card": "burning", "count": 1})
    deck["entries"].append({"card": "moonblade", "count": 1})
    assert codes(deck) == ["CLUTTER_IN_DECK", "UNKNOWN_CARD"]


def test_ET_DECK_6_custom_cards_must_pass_the_validator() -> None:
    deck = starter()
    legal = card_doc(id="custom-7", name="Cinder Edge")
    deck["extra"] = {"custom": [legal]}
    deck["entries"].append({"card": "custom-7", "count": 3})
    assert codes(deck) == []
    deck["extra"]["custom"][0] = card_doc(id="custom-7", name="Cinder Edge", hits=2, value=9)
    problems = RULESET.validate_deck(deck, "standard")  # type: ignore[arg-type]
    assert [v.code for v in problems] == ["ILLEGAL_CUSTOM_CARD"]
    assert "Cinder Edge" in problems[0].message and "DP_OVER_BUDGET" in problems[0].message


def test_a_duel_with_a_custom_card_deals_it() -> None:
    deck = starter()
    deck["extra"] = {"custom": [card_doc(id="custom-7", name="Cinder Edge")]}
    deck["entries"].append({"card": "custom-7", "count": 2})
    duel = RULESET.new_game(RULESET.options_from_json({}), [deck, starter(1)], 5)  # type: ignore[list-item]
    assert duel.instances.count("custom-7") == 2
    assert duel.fighters[0].max_hp == 39 + 4
    again = RULESET.from_json(RULESET.to_json(duel))
    assert again.cards["custom-7"].name == "Cinder Edge"


def test_ET_SCOPE_1_ET_DECK_6_a_custom_card_must_be_uncommon_or_rare() -> None:
    """A deck's own card of another rarity would escape the design rules, which judge only
    Uncommon and Rare cards: a Common "God Hand" of 0 EN and 9 hits of 50, or an Epic, is an
    ILLEGAL_CUSTOM_CARD and no duel starts with it."""
    for rarity in ("common", "epic"):
        deck = starter()
        forged = {"id": "custom-godhand", "name": "God Hand", "kind": "attack",
                  "rarity": rarity, "en": 0, "hits": 9, "value": 50, "required": [],
                  "grants": [], "effects": []}
        deck["extra"] = {"custom": [forged]}
        deck["entries"].append({"card": "custom-godhand", "count": 20})
        problems = RULESET.validate_deck(deck, "standard")  # type: ignore[arg-type]
        assert problems[0].code == "ILLEGAL_CUSTOM_CARD", rarity
        assert "God Hand" in problems[0].message and rarity in problems[0].message
        with pytest.raises(ValueError, match="God Hand"):
            RULESET.new_game(RULESET.options_from_json({}), [deck, starter(1)], 1)  # type: ignore[list-item]


def test_ET_DECK_6_a_duel_refuses_one_custom_id_defined_two_ways() -> None:
    """Two decks that carry the same custom id with different cards are refused with the
    reason; before, the second seat's definition silently replaced the first's. The same
    definition in both decks is one card and plays."""
    mine = starter()
    mine["extra"] = {"custom": [card_doc(id="custom-1", name="Mine")]}
    mine["entries"].append({"card": "custom-1", "count": 3})
    theirs = starter(1)
    theirs["extra"] = {"custom": [card_doc(id="custom-1", name="Theirs", value=1)]}
    theirs["entries"].append({"card": "custom-1", "count": 1})
    assert codes(mine) == [] and codes(theirs) == []
    options = RULESET.options_from_json({})
    with pytest.raises(ValueError, match="define the card 'custom-1' differently"):
        RULESET.new_game(options, [mine, theirs], 1)  # type: ignore[list-item]
    theirs["extra"] = copy.deepcopy(mine["extra"])
    duel = RULESET.new_game(options, [mine, theirs], 1)  # type: ignore[list-item]
    assert duel.cards["custom-1"].name == "Mine"
