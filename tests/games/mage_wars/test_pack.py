"""The pack validator and its violation codes (MAGEWARS.md, "Pack validator"), and the
sample pack (MW-SETUP-2)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from marcomage.games.mage_wars import deck as packs
from marcomage.games.mage_wars.cards import CARDS, DECKS, ICONS, card_from_json
from marcomage.games.mage_wars.deck import (
    sample_pack,
    seat_problems,
    standard_pack,
    validate_pack,
)
from marcomage.games.mage_wars.ruleset import RULESET


def codes(problems: list[Any]) -> set[str]:
    return {p.code for p in problems}


def without(*card_ids: str) -> dict[str, Any]:
    doc = sample_pack()
    doc["entries"] = [e for e in doc["entries"] if e["card"] not in card_ids]
    return dict(doc)


def test_the_standard_pack_is_a_real_pack_and_the_starter() -> None:
    """Issue 33: at least 150 cards over the six decks with copy counts (cheap resources
    and common spells several times, mages and structures once); it and the every-card-once
    sample pack are valid at 2, 3 and 4 seats."""
    doc = standard_pack()
    assert validate_pack(doc) == [] and validate_pack(sample_pack()) == []
    decks: Counter[str] = Counter()
    for entry in doc["entries"]:
        decks[CARDS[str(entry["card"])].deck] += int(entry["count"])
    assert sum(decks.values()) >= 150 and set(decks) == set(DECKS)
    counts = {str(e["card"]): int(e["count"]) for e in doc["entries"]}
    assert set(counts) == set(CARDS) and max(counts.values()) <= 4
    assert all(counts[c] == 1 for c in CARDS if CARDS[c].type == "mage")
    assert counts["ember_shard"] > counts["dragon_whelp"]
    assert len({i for c in CARDS.values() for i in c.resources}) == 6
    for seats in (2, 3, 4):
        assert seat_problems(doc, seats) == [] and seat_problems(sample_pack(), seats) == []
    assert RULESET.starter_decks() == [doc]


def test_eight_mages_differ_in_win_condition_stats_and_resurrection() -> None:
    """Issue 33: at least 8 mages, every alignment, each with its own win condition, and
    stats and resurrection costs that differ."""
    mages = [c for c in CARDS.values() if c.type == "mage"]
    assert len(mages) >= 8
    assert {m.alignment for m in mages} == {"good", "evil", "neutral"}
    assert len({str(m.win) for m in mages}) == len(mages)
    assert len({(m.health, m.armor_max, m.pets, m.plants, m.items, m.max_cards,
                 str(m.health_card_discount)) for m in mages}) >= 6
    assert len({(m.resurrect, m.resurrections) for m in mages}) == len(mages)
    assert all(m.resurrections >= 1 for m in mages)
    for card in CARDS.values():
        assert len(card.resources) <= 3


def test_the_set_holds_every_kind_the_seed_names() -> None:
    """Issue 33 / the seed: potions, the three meddling effects, and structures whose
    effects reach by alignment, element, level and pet ownership."""
    kinds = Counter(c.type for c in CARDS.values())
    assert kinds["potion"] >= 4
    assert {c.meddle for c in CARDS.values() if c.meddle} == {"stall", "steal", "shatter"}
    reach: set[str] = set()
    for card in CARDS.values():
        if card.type == "structure":
            reach |= set(card.persistent) - {"fate", "max_cards", "defense", "damage"}
            for effect in (*card.on_complete, *card.on_destroy):
                reach |= set(effect.get("who", {}))
    assert {"alignment", "element", "min_level", "max_level", "pet_owner"} <= reach


def test_MISSING_DECK_and_TOO_FEW_MAGES() -> None:
    mages = [c for c in CARDS if CARDS[c].type == "mage"]
    problems = validate_pack(without(*mages[:5], *[c for c in CARDS
                                                  if CARDS[c].deck == "arcane"]))
    assert {"MISSING_DECK", "TOO_FEW_MAGES"} <= codes(problems)
    assert any("Arcane" in p.message for p in problems if p.code == "MISSING_DECK")


def test_DUPLICATE_MAGE_and_TOO_FEW_MAGES_count_different_mages() -> None:
    """MW-SETUP-3: four copies of one mage are one mage; a pack holding them would deal two
    identical mages, so the validator and game creation refuse it."""
    doc = without(*[c for c in CARDS if CARDS[c].type == "mage" and c != "lumen_warden"])
    for entry in doc["entries"]:
        if entry["card"] == "lumen_warden":
            entry["count"] = 4
    problems = validate_pack(doc)
    assert {"DUPLICATE_MAGE", "TOO_FEW_MAGES"} <= codes(problems)
    assert any("Lumen Warden" in p.message and "4 times" in p.message
               for p in problems if p.code == "DUPLICATE_MAGE")
    assert "PACK_TOO_SMALL_FOR_SEATS" in codes(seat_problems(doc, 2))
    with pytest.raises(ValueError):
        RULESET.new_game(RULESET.options_from_json({}), [doc, doc], 1)
    doc = sample_pack()
    doc["entries"] = [{**e, "count": 2} if e["card"] == "grey_arbiter" else e
                      for e in doc["entries"]]
    assert codes(validate_pack(doc)) == {"DUPLICATE_MAGE"}


def test_WRONG_DECK_names_the_card() -> None:
    doc = sample_pack()
    doc["extra"] = {"placement": {"fireball": "fate", "hex_of_sloth": "mystic"}}
    problems = [p for p in validate_pack(doc) if p.code == "WRONG_DECK"]
    assert len(problems) == 1 and "Fireball" in problems[0].message  # curses go anywhere


def test_DECK_TOO_SMALL_and_PACK_TOO_SMALL_FOR_SEATS() -> None:
    enchanted = [c for c in CARDS if CARDS[c].deck == "enchanted"]
    small = without(*enchanted[:-6])  # 6 left; two mages may need 4 + 4
    assert "DECK_TOO_SMALL" in codes(validate_pack(small))
    thin = without(*enchanted[:-10])  # 10 left: enough for two mages, not for four
    assert codes(seat_problems(thin, 4)) == {"PACK_TOO_SMALL_FOR_SEATS"}
    assert seat_problems(thin, 2) == []


def test_LEVEL_GAP() -> None:
    problems = validate_pack(without("trial_of_embers", "trial_of_tides"))
    assert [p.code for p in problems] == ["LEVEL_GAP"]
    assert "level 2" in problems[0].message


def test_unknown_cards_are_named() -> None:
    doc = sample_pack()
    doc["entries"].append({"card": "no_such_card", "count": 1})
    assert "UNKNOWN_CARD" in codes(validate_pack(doc))


def patched(card_id: str, **changes: Any) -> list[Any]:
    """The violations of the sample pack with one card's data changed."""
    original = CARDS[card_id]
    doc = {k: getattr(original, k) for k in original.__dataclass_fields__
           if k not in ("alternatives", "resurrection", "armor_max")}
    if original.type == "mage":
        doc["armor"] = original.armor_max
    doc = {k: list(v) if isinstance(v, tuple) else v for k, v in doc.items()}
    doc.update(changes)
    CARDS[card_id] = card_from_json(doc, ICONS)
    try:
        return validate_pack(sample_pack())
    finally:
        CARDS[card_id] = original


def test_BAD_HEALTH_COUNTS_health_sum_fate_and_resurrection() -> None:
    assert "BAD_HEALTH_COUNTS" in codes(patched("lumen_warden", health=7))
    assert "BAD_HEALTH_COUNTS" in codes(patched("lumen_warden", fate=0))
    assert "BAD_HEALTH_COUNTS" in codes(patched("lumen_warden", resurrect="light"))
    assert "BAD_HEALTH_COUNTS" in codes(patched("lumen_warden", resurrect="@Any6"))


def test_BAD_WIN_CONDITION() -> None:
    assert "BAD_WIN_CONDITION" in codes(patched("lumen_warden", win={"rule_all": 1}))
    assert "BAD_WIN_CONDITION" in codes(patched("lumen_warden", win={"or": [
        {"level_reached": 3}]}))
    assert "BAD_WIN_CONDITION" in codes(patched("lumen_warden", win={
        "structures_built": 2, "alignment": "purple"}))


def test_TOO_MANY_REQUIREMENTS_six_on_quests_four_elsewhere() -> None:
    assert "TOO_MANY_REQUIREMENTS" in codes(patched("spark", requires="fire @Any4"))
    assert codes(patched("sun_temple", requires="light earth @Any4")) == set()
    assert "TOO_MANY_REQUIREMENTS" in codes(patched("sun_temple", requires="light @Any6"))


def test_TOO_MANY_RESOURCES_and_FORBIDDEN_RESOURCES() -> None:
    assert "TOO_MANY_RESOURCES" in codes(patched("prism_chip", resources=["fire"] * 6))
    assert "FORBIDDEN_RESOURCES" in codes(patched("gust_of_fortune", resources=["fire"]))
    assert "FORBIDDEN_RESOURCES" in codes(patched("hex_of_sloth", requires="fire"))
    assert "FORBIDDEN_RESOURCES" in codes(patched("trial_of_valor", resources=["air"]))
    assert "FORBIDDEN_RESOURCES" in codes(patched("negate_curse", resources=["air"]))
    assert codes(patched("negate_curse", requires="light")) == set()


def test_the_ruleset_refuses_a_game_the_pack_cannot_deal() -> None:
    enchanted = [c for c in CARDS if CARDS[c].deck == "enchanted"]
    doc: Any = without(*enchanted[:-10])
    RULESET.new_game(RULESET.options_from_json({}), [doc, doc], 1)
    try:
        RULESET.new_game(RULESET.options_from_json({}), [doc] * 4, 1)
    except ValueError as err:
        assert "Enchanted" in str(err)
    else:
        raise AssertionError("a 4-seat game was dealt from a pack too small for it")
    assert packs.FORMAT in RULESET.formats
