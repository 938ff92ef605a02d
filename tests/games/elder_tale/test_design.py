"""The design calculator and validator (ET-DP, ET-COPO, ET-GRANT, ET-ATK, ET-DEF, ET-UTIL,
ET-FX): every worked example of the page and of ELDERTALE.md reproduced to the point, and
each error, warning and note code raised by a card that breaks just that rule."""

from __future__ import annotations

from collections import Counter

import pytest

from marcomage.games.elder_tale.cards import CLUTTER_KINDS, card_set
from marcomage.games.elder_tale.design import (
    DESIGN_RULES_VERSION,
    DesignOptions,
    breakdown_text,
    copo_breakdown,
    dp_breakdown,
    report,
    validate_card,
)

from .builders import card, fx


def codes(found: list) -> list[str]:  # type: ignore[type-arg]
    return [f.code for f in found]


def errors_of(c) -> list[str]:  # type: ignore[no-untyped-def]
    return codes(validate_card(c)[0])


def dp_text(c) -> str:  # type: ignore[no-untyped-def]
    return breakdown_text(dp_breakdown(c)[0])


# --- worked examples of the page (ET-DP-3, ET-DP-4, ET-DP-5, ET-DP-8) ---------------------


def test_ET_DP_3_two_hits_of_three_damage_cost_six() -> None:
    c = card(hits=2, value=3, effects=[])
    assert dp_text(c) == "2 Hits of 3 Damage --> 2x3 --> 6 DP"
    assert dp_breakdown(c)[1] == 6


def test_ET_DP_3_two_hits_of_two_defense_base_is_four() -> None:
    steps, _total, _ = dp_breakdown(card("defense", hits=2, value=2))
    assert steps[0].what == "2 Hits of 2 Defense --> 2x2" and steps[0].total == 4


def test_ET_DP_4_three_hits_of_three_damage_cost_ten() -> None:
    c = card(hits=3, value=3, effects=[])
    assert dp_text(c) == "3 Hits of 3 Damage --> 3x3 --> 9 DP --> +1 for High Hits --> 10 DP"


def test_ET_DP_5_two_hits_of_two_defense_cost_five() -> None:
    c = card("defense", hits=2, value=2)
    assert dp_text(c) == "2 Hits of 2 Defense --> 2x2 --> 4 DP --> +1 for First Defensive --> 5 DP"


def test_ET_DP_8_three_hits_of_two_defense_cost_eight_in_page_order() -> None:
    c = card("defense", hits=3, value=2, grants=[["Physical", 1], ["Evasion", 1], ["Air", 1]],
             required=["Physical", "Evasion", "Air"])
    assert dp_text(c) == ("3 Hits of 2 Defense --> 3x2 --> 6 DP --> +1 for High Hits --> 7 DP "
                          "--> +1 for First Defensive --> 8 DP")
    assert dp_breakdown(c)[1:] == (8, 10)


def test_ET_DP_5_gain_defense_on_an_attack_card_costs_nine() -> None:
    c = card(hits=2, value=3, effects=[fx("gain_defense", intensity=2)])
    assert dp_text(c) == ("2 Hits of 3 Damage --> 2x3 --> 6 DP --> Gain Defense(2) as +2 DP "
                          "--> 8 DP --> +1 for First Defensive --> 9 DP")


def test_ET_DP_5_first_defensive_is_paid_once_per_card() -> None:
    c = card("defense", hits=2, value=2, effects=[
        fx("gain_defense", intensity=1), fx("start_guard", intensity=1, rounds=1)])
    steps, total, _ = dp_breakdown(c)
    assert [s.what for s in steps].count("+1 for First Defensive") == 1
    assert total == 4 + 1 + 1 + 1


def test_ET_DP_6_utility_has_no_base() -> None:
    steps, total, _ = dp_breakdown(card("utility", effects=[fx("facedown")]))
    assert steps[0].total == 0 and total == 1


def test_ET_DP_1_budgets_by_rarity_and_en() -> None:
    assert dp_breakdown(card(en=1))[2] == 10
    assert dp_breakdown(card(en=2))[2] == 20
    assert dp_breakdown(card(rarity="rare", en=1))[2] == 13
    assert dp_breakdown(card(rarity="rare", en=2))[2] == 26


# --- effect prices (ET-FX) ---------------------------------------------------------------


@pytest.mark.parametrize(("n", "price"), [(1, 3), (2, 5), (3, 8), (4, 12), (5, 17)])
def test_ET_FX_14_heal_over_time_is_the_triangular_number_plus_two(n: int, price: int) -> None:
    c = card("utility", effects=[fx("heal_over_time", intensity=n)])
    assert dp_breakdown(c)[1] == price


@pytest.mark.parametrize(("n", "price"), [(1, 2), (2, 4), (3, 7), (4, 11), (5, 16)])
def test_ET_FX_15_poison_is_the_triangular_number_plus_one(n: int, price: int) -> None:
    assert dp_breakdown(card("utility", effects=[fx("poison", intensity=n)]))[1] == price


@pytest.mark.parametrize(("kind", "price"), [("burning", 6), ("drowning", 6), ("bleeding", 5),
                                             ("cursed", 5)])
def test_ET_FX_1_add_card_prices_per_copy(kind: str, price: int) -> None:
    c = card("utility", effects=[fx("add_card", clutter=kind, copies=2)])
    assert dp_breakdown(c)[1] == 2 * price


def test_ET_FX_2_modifiers_per_hit_on_attack_cards_and_per_round_on_utility() -> None:
    atk = card(hits=2, value=3, effects=[fx("attack_down", intensity=2, hits=1, rounds=1)])
    assert dp_breakdown(atk)[1] == 6 + 2
    by_hits = card("utility", effects=[fx("guard_up", intensity=2, hits=3)])
    assert dp_breakdown(by_hits)[1] == 6
    by_rounds = card("utility", effects=[fx("guard_down", intensity=1, rounds=2)])
    assert dp_breakdown(by_rounds)[1] == 8


def test_ET_FX_3_blind_costs_intensity_times_hits() -> None:
    assert dp_breakdown(card("utility", effects=[fx("blind", intensity=2, hits=3)]))[1] == 6


def test_ET_FX_5_6_discard_random_and_doom_per_round() -> None:
    c = card("utility", effects=[fx("discard_random", intensity=2, rounds=2),
                                 fx("doom", rounds=3)])
    assert dp_breakdown(c)[1] == 8 + 6


def test_ET_FX_7_draw_is_priced_by_the_deck_drawn_from() -> None:
    atk = card("utility", effects=[fx("draw", deck="attack")])
    utl = card("utility", effects=[fx("draw", deck="utility")])
    assert dp_breakdown(atk)[1] == 2 and dp_breakdown(utl)[1] == 1
    by_card = DesignOptions(draw_price_by="card_deck")
    assert dp_breakdown(atk, by_card)[1] == 1


def test_ET_FX_7_8_card_deck_reading_caps_rounds_by_the_deck_it_prices_issue_35() -> None:
    """Issue 35: with draw_price_by="card_deck" the price of Draw Up/Down follows the card's
    deck, so its round cap does too (ET-FX-8 "As in ET-FX-7, the deck is the ... deck" the
    price reads): a Utility card's Draw Up on the Attack deck for 2 rounds is priced and
    capped as a Utility draw (1 per round, 2 rounds on an Uncommon); an Attack card's Draw
    Up on the Utility deck is capped at 1 round like its price of 2 per round."""
    by_card = DesignOptions(draw_price_by="card_deck")
    util = card("utility", effects=[fx("draw_up", deck="attack", rounds=2)])
    assert dp_breakdown(util, by_card)[1] == 2
    assert "ROUNDS_CAP" not in codes(validate_card(util, options=by_card)[0])
    assert "ROUNDS_CAP" in codes(validate_card(util)[0])
    atk = card("attack", effects=[fx("draw_up", deck="utility", rounds=2)])
    assert "ROUNDS_CAP" in codes(validate_card(atk, options=by_card)[0])
    assert "ROUNDS_CAP" not in codes(validate_card(atk)[0])


def test_ET_FX_8_10_draw_modifiers_per_round() -> None:
    c = card("utility", effects=[fx("draw_up", deck="defense", rounds=1),
                                 fx("draw_down", deck="utility", rounds=2),
                                 fx("random_draw_up", rounds=2)])
    assert dp_breakdown(c)[1] == 2 + 2 + 2


def test_ET_FX_9_11_12_flat_prices() -> None:
    c = card("utility", effects=[fx("draw_random"), fx("facedown"),
                                 fx("gain_defense", intensity=3)])
    assert dp_breakdown(c)[1] == 1 + 1 + 3 + 1


def test_ET_FX_13_harm_self_is_a_credit_on_rare_cards_only() -> None:
    rare = card("utility", rarity="rare", effects=[fx("poison", intensity=3),
                                                   fx("harm_self", intensity=2)])
    unc = card("utility", effects=[fx("poison", intensity=3), fx("harm_self", intensity=2)])
    assert dp_breakdown(rare)[1] == 5 and dp_breakdown(unc)[1] == 7


def test_ET_FX_17_18_19_per_intensity_per_round() -> None:
    c = card("utility", effects=[fx("start_guard", intensity=2, rounds=2),
                                 fx("thorn_bind", intensity=1, rounds=3),
                                 fx("thorns", intensity=2, rounds=1)])
    assert dp_breakdown(c)[1] == 4 + 3 + 2 + 1


@pytest.mark.parametrize(("resist", "intensity", "price"),
                         [("Physical", 3, 2), ("Melee", 4, 2), ("Fire", 4, 2), ("Slashing", 3, 1),
                          ("Air", 6, 2)])
def test_ET_FX_20_type_resist_rounds_fractions_up(resist: str, intensity: int, price: int) -> None:
    c = card("defense", hits=1, value=1, effects=[
        fx("type_resist", resist=resist, intensity=intensity, rounds=1)])
    assert dp_breakdown(c)[1] == 1 + price + 1


# --- concept points (ET-COPO) -----------------------------------------------------------


def test_ET_COPO_2_3_multipliers_minus_free_groups() -> None:
    c = card(grants=[["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 2],
                     ["Magical", 1]])
    steps, total, budget = copo_breakdown(c)
    assert total == 6 - 3 and budget == 7
    assert [s.what for s in steps][-3:] == ["-1 free Physical or Magical",
                                           "-1 free Melee or Ranged",
                                           "-1 free Bludgeoning, Piercing or Slashing"]
    assert copo_breakdown(card(rarity="rare"))[2] == 8


# --- the validator's codes ----------------------------------------------------------------


def test_the_sample_customs_are_legal() -> None:
    customs = [c for c in card_set().cards.values() if c.rarity in ("uncommon", "rare")]
    assert len(customs) == 8
    for c in customs:
        assert validate_card(c)[0] == [], c.name
    assert validate_card(card())[0] == [] and validate_card(card("utility"))[0] == []
    assert validate_card(card("defense"))[0] == []


def test_the_sample_content_has_the_checklists_counts() -> None:
    """ELDERTALE.md, "Sample content": 30 Commons (10 Attack, 10 Defense, 10 Utility); 8
    customs, 4 Uncommon and 4 Rare, with one Add Card, one Type Resist, one Blind and one
    Heal over Time among them; 4 clutter definitions, one per kind; 2 Epics."""
    cards = list(card_set().cards.values())
    commons = Counter(c.kind for c in cards if c.rarity == "common")
    assert commons == {"attack": 10, "defense": 10, "utility": 10}
    customs = [c for c in cards if c.rarity in ("uncommon", "rare")]
    assert Counter(c.rarity for c in customs) == {"uncommon": 4, "rare": 4}
    used = {e.type for c in customs for e in c.effects}
    assert {"add_card", "type_resist", "blind", "heal_over_time"} <= used
    clutter = [c for c in cards if c.kind == "clutter"]
    assert sorted(c.id for c in clutter) == sorted(CLUTTER_KINDS)
    assert all(c.rarity == "clutter" for c in clutter)
    assert len([c for c in cards if c.rarity == "epic"]) == 2
    assert len(cards) == 30 + 8 + 4 + 2


def test_ET_SCOPE_1_common_and_epic_cards_are_exempt() -> None:
    for rarity in ("common", "epic"):
        errors, warnings, notes = validate_card(card(rarity=rarity, en=5))
        assert (errors, warnings, codes(notes)) == ([], [], ["EXEMPT_RARITY"])


def test_ET_SCOPE_4_bad_en() -> None:
    assert "BAD_EN" in errors_of(card(en=3))


def test_ET_DP_2_over_budget_is_an_error_and_under_by_two_a_warning() -> None:
    assert "DP_OVER_BUDGET" in errors_of(card(hits=2, value=6))
    errors, warnings, _ = validate_card(card(hits=2, value=3, effects=[]))
    assert errors == [] and codes(warnings) == ["DP_UNDER_BUDGET"]
    one_under = card(hits=2, value=4, effects=[fx("facedown")])
    assert "DP_UNDER_BUDGET" not in codes(validate_card(one_under)[1])


def test_ET_COPO_1_seven_is_legal_eight_is_not_on_an_uncommon() -> None:
    base = [["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 2]]
    req = ["Physical", "Melee", "Slashing", "Fire", "Song", "Dance", "Craft"]
    seven = card(grants=[*base, ["Song", 2], ["Dance", 2], ["Craft", 1]], required=req)
    eight = card(grants=[*base, ["Song", 2], ["Dance", 2], ["Craft", 2]], required=req)
    assert copo_breakdown(seven)[1] == 7 and "COPO_OVER_BUDGET" not in errors_of(seven)
    assert copo_breakdown(eight)[1] == 8 and "COPO_OVER_BUDGET" in errors_of(eight)


def test_ET_GRANT_1_2_3_origin_and_elements() -> None:
    assert "NO_POWER_ORIGIN" in errors_of(card(grants=[["Melee", 1], ["Slashing", 1],
                                                       ["Fire", 1]]))
    assert "NO_ELEMENT" in errors_of(card(grants=[["Physical", 1], ["Melee", 1],
                                                  ["Slashing", 1]]))
    many = card(grants=[["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 1],
                        ["Dark", 1], ["Light", 1], ["Water", 1]],
                required=["Physical", "Melee", "Slashing", "Fire", "Dark", "Light", "Water"])
    assert "TOO_MANY_ELEMENTS" in errors_of(many)
    three = card(grants=[["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 1],
                         ["Dark", 1], ["Light", 1]],
                 required=["Physical", "Melee", "Slashing", "Fire", "Dark", "Light"])
    assert "TOO_MANY_ELEMENTS" not in errors_of(three)


def test_ET_GRANT_4_grant_must_be_required() -> None:
    assert "GRANT_NOT_REQUIRED" in errors_of(card(required=["Physical", "Melee", "Slashing"]))


def test_ET_GRANT_5_noncombat_grant_not_owned_is_a_note() -> None:
    c = card(grants=[["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 1], ["Song", 1]],
             required=["Physical", "Melee", "Slashing", "Fire", "Song"])
    assert codes(validate_card(c)[2]) == []
    assert codes(validate_card(c, creator_concepts=["Dance"])[2]) == ["NONCOMBAT_NOT_OWNED"]
    assert codes(validate_card(c, creator_concepts=["Song"])[2]) == []


def test_ET_GRANT_6_multiplier_caps() -> None:
    assert "MULTIPLIER_TOO_HIGH" in errors_of(card(grants=[
        ["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 3]]))
    assert "MULTIPLIER_TOO_HIGH" not in errors_of(card(rarity="rare", grants=[
        ["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 3]]))


def test_ET_ATK_1_5_6_attack_concepts() -> None:
    assert "NO_DAMAGE_TYPE" in errors_of(card(grants=[["Physical", 1], ["Melee", 1],
                                                      ["Fire", 1]]))
    assert "NO_RANGE" in errors_of(card(grants=[["Physical", 1], ["Slashing", 1], ["Fire", 1]]))
    both = [["Physical", 1], ["Melee", 1], ["Ranged", 1], ["Slashing", 1], ["Fire", 1]]
    req = ["Physical", "Melee", "Ranged", "Slashing", "Fire"]
    assert "BOTH_RANGES_NOT_RARE" in errors_of(card(grants=both, required=req))
    assert "BOTH_RANGES_NOT_RARE" not in errors_of(card(grants=both, required=req,
                                                        rarity="rare"))
    assert "FORBIDDEN_CONCEPT" in errors_of(card(
        grants=[["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 1], ["Shield", 1]],
        required=["Physical", "Melee", "Slashing", "Fire", "Shield"]))


def test_ET_ATK_2_3_hit_bands_of_every_damage_type() -> None:
    assert "TOO_MANY_HITS" in errors_of(card(hits=4, value=1, effects=[]))
    assert "HITS_OUT_OF_BAND" in errors_of(card(hits=3, value=2, effects=[]))  # Slashing 2
    pierce = card(hits=3, value=2, effects=[], grants=[
        ["Physical", 1], ["Melee", 1], ["Piercing", 1], ["Air", 1]],
        required=["Physical", "Melee", "Piercing", "Air"])
    assert "HITS_OUT_OF_BAND" not in errors_of(pierce)
    two = dict(grants=[["Physical", 1], ["Melee", 1], ["Piercing", 1], ["Slashing", 1],
                       ["Air", 1]], required=["Physical", "Melee", "Piercing", "Slashing", "Air"])
    rare3 = card(rarity="rare", hits=3, value=3, effects=[], **two)  # both allow 3 on a Rare
    assert "HITS_OUT_OF_BAND" not in errors_of(rare3)
    rare4 = card(rarity="rare", hits=4, value=2, effects=[], **two)  # Slashing stops at 3
    assert "HITS_OUT_OF_BAND" in errors_of(rare4)
    assert "HITS_OUT_OF_BAND" not in codes(validate_card(
        rare4, options=DesignOptions(multi_type_bands="any"))[0])


def test_ET_ATK_4_damage_type_without_its_element_warns() -> None:
    c = card(grants=[["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Air", 1]],
             required=["Physical", "Melee", "Slashing", "Air"])
    assert "ELEMENT_MISMATCH" in codes(validate_card(c)[1])
    assert "ELEMENT_MISMATCH" not in codes(validate_card(card())[1])


def test_ET_ATK_7_modifiers_on_attack_cards_need_both_bounds_of_one_round() -> None:
    assert "MISSING_BOUND" in errors_of(card(effects=[fx("attack_up", intensity=1, hits=1)]))
    assert "ROUNDS_CAP" in errors_of(card(effects=[fx("attack_up", intensity=1, hits=1,
                                                      rounds=2)]))


def test_ET_DEF_1_2_4_defense_concepts_and_bands() -> None:
    assert "NO_DEFENSE_TYPE" in errors_of(card("defense", grants=[["Physical", 1],
                                                                  ["Earth", 1]]))
    assert "BOTH_DEFENSE_TYPES" in errors_of(card(
        "defense", grants=[["Physical", 1], ["Shield", 1], ["Evasion", 1], ["Earth", 1]],
        required=["Physical", "Shield", "Evasion", "Earth"]))
    assert "HITS_OUT_OF_BAND" in errors_of(card("defense", hits=3, value=2))  # Shield 1-2
    assert "FORBIDDEN_CONCEPT" in errors_of(card(
        "defense", grants=[["Physical", 1], ["Shield", 1], ["Earth", 1], ["Slashing", 1]],
        required=["Physical", "Shield", "Earth", "Slashing"]))
    rare_evasion = card("defense", rarity="rare", hits=2, value=4, grants=[
        ["Physical", 1], ["Evasion", 1], ["Air", 1]], required=["Physical", "Evasion", "Air"])
    assert "HITS_OUT_OF_BAND" in errors_of(rare_evasion)  # Rare Evasion is 3-4


def test_ET_DEF_3_defense_element_mismatch_warns() -> None:
    c = card("defense", grants=[["Physical", 1], ["Shield", 1], ["Air", 1]],
             required=["Physical", "Shield", "Air"])
    assert "ELEMENT_MISMATCH" in codes(validate_card(c)[1])


def test_ET_UTIL_1_2_4_utility_rules() -> None:
    assert "FORBIDDEN_CONCEPT" in errors_of(card(
        "utility", grants=[["Magical", 1], ["Water", 1], ["Piercing", 1]],
        required=["Magical", "Water", "Piercing", "Pharmacy"]))
    assert "MULTIPLE_CLUTTER" in errors_of(card("utility", effects=[
        fx("add_card", clutter="cursed"), fx("add_card", clutter="bleeding")]))
    assert "CLUTTER_OUTSIDE_UTILITY" in errors_of(card(effects=[fx("add_card",
                                                                   clutter="cursed")]))
    assert "TOO_MANY_HITS" in errors_of(card("utility", hits=1, value=1))


def test_ET_UTIL_3_utility_modifier_needs_one_bound() -> None:
    assert "MISSING_BOUND" in errors_of(card("utility", effects=[fx("attack_up",
                                                                    intensity=1)]))
    assert "MISSING_BOUND" not in errors_of(card("utility", effects=[
        fx("attack_up", intensity=1, rounds=1)]))


def test_ET_FX_3_blind_hit_cap() -> None:
    assert "HITS_CAP" in errors_of(card("utility", effects=[fx("blind", intensity=1, hits=4)]))
    assert "HITS_CAP" not in errors_of(card("utility", rarity="rare",
                                            effects=[fx("blind", intensity=1, hits=4)]))


def test_ET_FX_4_destroy_card_is_for_epics_and_clutter() -> None:
    assert "DESTROY_CARD_NOT_ALLOWED" in errors_of(card(effects=[fx("destroy_card")]))


def test_ET_FX_7_8_10_draw_caps() -> None:
    assert "INTENSITY_CAP" in errors_of(card("utility", effects=[fx("draw", deck="attack",
                                                                    intensity=2)]))
    assert "ROUNDS_CAP" in errors_of(card("utility", effects=[fx("draw_up", deck="attack",
                                                                 rounds=2)]))
    assert "ROUNDS_CAP" not in errors_of(card("utility", effects=[fx("draw_up",
                                                                     deck="utility",
                                                                     rounds=2)]))
    assert "ROUNDS_CAP" in errors_of(card("utility", effects=[fx("random_draw_down",
                                                                 rounds=3)]))


def test_ET_FX_14_15_time_caps() -> None:
    assert "INTENSITY_CAP" in errors_of(card("utility", effects=[fx("heal_over_time",
                                                                    intensity=4)]))
    assert "INTENSITY_CAP" not in errors_of(card("utility", rarity="rare", effects=[
        fx("heal_over_time", intensity=4)]))


def test_ET_FX_16_retaliate_is_not_in_use() -> None:
    for kind in ("retaliate", "retaliate_attack_down", "retaliate_guard_down"):
        assert "EFFECT_NOT_IN_USE" in errors_of(card("utility", effects=[fx(kind)]))


def test_ET_FX_20_type_resist_rules() -> None:
    assert "TYPE_RESIST_OUTSIDE_DEFENSE" in errors_of(card("utility", effects=[
        fx("type_resist", resist="Fire", intensity=3, rounds=1)]))
    assert "TYPE_RESIST_NEEDS_EVASION" in errors_of(card("defense", hits=1, value=1, effects=[
        fx("type_resist", resist="Magical", intensity=2, rounds=1)]))
    assert "TYPE_RESIST_NEEDS_SHIELD" in errors_of(card(
        "defense", hits=2, value=1, grants=[["Physical", 1], ["Evasion", 1], ["Air", 1]],
        required=["Physical", "Evasion", "Air"],
        effects=[fx("type_resist", resist="Melee", intensity=2, rounds=1)]))
    assert "INTENSITY_CAP" in errors_of(card("defense", hits=1, value=1, effects=[
        fx("type_resist", resist="Fire", intensity=7, rounds=1)]))
    assert "MISSING_BOUND" in errors_of(card("defense", hits=1, value=1, effects=[
        fx("type_resist", resist="Fire", intensity=3)]))


def test_ET_FX_21_effect_without_its_concept_warns() -> None:
    c = card("utility", required=["Magical", "Water"], effects=[fx("blind", intensity=1,
                                                                   hits=2)])
    assert "EFFECT_CONCEPT_MISSING" in codes(validate_card(c)[1])
    assert "EFFECT_CONCEPT_MISSING" not in codes(validate_card(card("utility"))[1])


def test_ET_DP_9_same_effect_twice_is_an_error() -> None:
    assert "DUPLICATE_EFFECT" in errors_of(card("utility", effects=[
        fx("poison", intensity=1), fx("poison", intensity=2)]))


def test_ET_SCOPE_5_report_records_the_rules_version() -> None:
    doc = report(card())
    assert doc["rules_version"] == DESIGN_RULES_VERSION == "2023-02-10"
    assert doc["legal"] and doc["dp"]["total"] == 9 and doc["dp"]["budget"] == 10


def test_ET_DEF_5_modifiers_on_defense_cards_need_both_bounds() -> None:
    assert "MISSING_BOUND" in errors_of(card("defense", effects=[fx("guard_up", intensity=1,
                                                                     hits=1)]))
    assert "MISSING_BOUND" not in errors_of(card("defense", effects=[
        fx("guard_up", intensity=1, hits=1, rounds=1)]))


def test_ET_GRANT_ET_COPO_2_combat_concept_names_ignore_letter_case() -> None:
    """Concepts typed in any letter case ("physical, melee, slashing, fire", "AIRx2",
    "system arte", a Type Resist against "magical") are the combat concepts of the rules:
    the card is as legal, and pays the same CoPo with its free groups, as when they are
    written as the page writes them."""
    typed = card("attack", required=["physical", "MELEE", "slashing", "fire", "air"],
                 grants=["physical", "Melee", "slashing", "fire", "AIRx2", "system arte"])
    assert typed.required == ("Physical", "Melee", "Slashing", "Fire", "Air")
    assert typed.grants == (("Physical", 1), ("Melee", 1), ("Slashing", 1), ("Fire", 1),
                            ("Air", 2), ("System Arte", 1))
    assert errors_of(typed) == ["GRANT_NOT_REQUIRED"]  # System Arte is not required
    lower = card("attack", required=["physical", "melee", "slashing", "fire"],
                 grants=[["physical", 1], ["melee", 1], ["slashing", 1], ["fire", 1]])
    assert errors_of(lower) == [] and copo_breakdown(lower)[1] == copo_breakdown(card())[1]
    resist = card("defense", required=["Physical", "Evasion", "Air"],
                  grants=[["Physical", 1], ["Evasion", 1], ["Air", 1]],
                  effects=[fx("type_resist", resist="magical", intensity=2, rounds=1)])
    assert resist.effects[0].resist == "Magical" and errors_of(resist) == []
