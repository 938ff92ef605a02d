"""Resources, requirements, card types and charges (MW-REQ, MW-CARD, MW-CHARGE)."""

from __future__ import annotations

import pytest

from marcomage.games.mage_wars import crafting, health, tabletop
from marcomage.games.mage_wars.cards import CARDS
from marcomage.games.mage_wars.state import PERMANENT, WAIVED

from .tables import (
    RULES,
    act,
    empty_hands,
    game,
    instance,
    main_turn,
    manifest_of,
    put,
    set_mage,
    waive_all,
)


def table(seats: int = 2, **options: str):  # type: ignore[no-untyped-def]
    state = empty_hands(main_turn(game(seats, seed=11, **options), 0))
    set_mage(state, 0, "lumen_warden")
    set_mage(state, 1, "umbral_tyrant")
    return state


def test_MW_REQ_1_a_card_used_as_a_resource_loses_its_purpose() -> None:
    state = table()
    imp, spark = put(state, 0, "hand", "ember_imp", "spark")
    state = act(state, 0, type="open", card=imp, alt=0)
    state = act(state, 0, type="contribute", card=spark, target=imp, slot=0)
    assert spark not in state.players[0].hand
    assert {"type": "open", "card": spark, "alt": 0} not in RULES.legal_actions(state, 0)
    assert manifest_of(state, 0, "ember_imp").filled[0] == spark


def test_MW_REQ_2_3_6_a_manifestation_fills_then_activates() -> None:
    state = table()
    imp, ember, gloom = put(state, 0, "hand", "ember_imp", "ember_shard", "gloom_mote")
    state = act(state, 0, type="open", card=imp, alt=0)
    assert manifest_of(state, 0, "ember_imp").slots == ["fire", "any"]
    legal = RULES.legal_actions(state, 0)
    assert {"type": "contribute", "card": gloom, "target": imp, "slot": 0} not in legal
    assert {"type": "contribute", "card": gloom, "target": imp, "slot": 1} in legal
    state = act(state, 0, type="contribute", card=ember, target=imp, slot=0)
    state = act(state, 0, type="contribute", card=gloom, target=imp, slot=1)
    assert state.decisions[0] == {"kind": "craft", "seat": 0, "card": imp}
    # MW-REQ-7: the contributed cards go to their discard piles (no charges)
    assert {ember, gloom} <= set(state.discards["enchanted"])


def test_MW_REQ_3_many_manifestations_at_once_and_abandon() -> None:
    state = table()
    imp, staff, ember = put(state, 0, "hand", "ember_imp", "oak_staff", "ember_shard")
    state = act(state, 0, type="open", card=imp, alt=0)
    state = act(state, 0, type="open", card=staff, alt=0)
    state = act(state, 0, type="contribute", card=ember, target=imp, slot=0)
    assert len(state.players[0].manifests) == 2
    state = act(state, 0, type="abandon", target=imp)
    assert {imp, ember} <= set(state.discards["enchanted"])
    assert [m.card for m in state.players[0].manifests] == [staff]


def test_MW_REQ_4_the_alternative_is_chosen_when_opened_and_fixed() -> None:
    state = table()
    fireball = put(state, 0, "hand", "fireball")[0]
    legal = RULES.legal_actions(state, 0)
    assert {"type": "open", "card": fireball, "alt": 1} in legal
    state = act(state, 0, type="open", card=fireball, alt=1)
    assert manifest_of(state, 0, "fireball").slots == ["fire", "any", "any"]


def test_MW_REQ_5_all_icons_mode_one_card_fills_several_slots() -> None:
    state = table(resource_mode="all_icons")
    thorn, twin, loam = put(state, 0, "hand", "thornvine", "twin_crystal", "loam_clod")
    state = act(state, 0, type="open", card=thorn, alt=0)  # earth water
    state = act(state, 0, type="contribute", card=loam, target=thorn)
    assert manifest_of(state, 0, "thornvine").filled == [loam, -1]
    state = act(state, 0, type="contribute", card=twin, target=thorn)
    assert state.decisions[0]["kind"] == "craft"


def test_MW_REQ_5_one_per_card_mode_one_card_one_slot() -> None:
    state = table()
    moon, prism = put(state, 0, "hand", "moon_lily", "prism_chip")
    state = act(state, 0, type="open", card=moon, alt=0)  # water light
    state = act(state, 0, type="contribute", card=prism, target=moon, slot=0)
    assert manifest_of(state, 0, "moon_lily").filled == [prism, -1]


def test_MW_REQ_8_permanent_resource_fills_a_slot_of_each_new_manifestation() -> None:
    state = table()
    well = put(state, 0, "permanents", "well_of_tides")[0]
    thorn, moon = put(state, 0, "hand", "thornvine", "moon_lily")
    state = act(state, 0, type="open", card=thorn, alt=0)
    assert manifest_of(state, 0, "thornvine").filled == [-1, PERMANENT]
    state = act(state, 0, type="open", card=moon, alt=0)
    assert manifest_of(state, 0, "moon_lily").filled == [PERMANENT, -1]
    assert state.players[0].permanents == [well]


def test_MW_REQ_8_crafting_a_permanent_resource() -> None:
    state = table()
    well, dew, a, b = put(state, 0, "hand", "well_of_tides", "dewdrop", "loam_clod",
                          "ember_shard")
    state = act(state, 0, type="open", card=well, alt=0)
    for card, slot in ((dew, 0), (a, 1), (b, 2)):
        state = act(state, 0, type="contribute", card=card, target=well, slot=slot)
    assert state.players[0].permanents == [well]


def test_MW_CARD_1_2_3_creature_kept_as_pet_replaced_or_used_once() -> None:
    state = table()
    imp = put(state, 0, "hand", "field_mouse")[0]
    put(state, 0, "pets", "ember_imp")  # lumen warden: 1 pet slot, full
    state = act(state, 0, type="open", card=imp, alt=0)
    loam = put(state, 0, "hand", "loam_clod")[0]
    state = act(state, 0, type="contribute", card=loam, target=imp, slot=0)
    legal = RULES.legal_actions(state, 0)
    assert {"type": "keep"} not in legal
    assert {"type": "replace", "card": instance(state, "ember_imp")} in legal
    mage1 = state.players[1].mage
    assert {"type": "use_once", "target": mage1} in legal
    replaced = act(state, 0, type="replace", card=instance(state, "ember_imp"))
    assert replaced.players[0].pets == [imp]
    used = act(state, 0, type="use_once", target=mage1)
    assert imp in used.discards["enchanted"] and used.players[0].pets == [
        instance(state, "ember_imp")]
    assert len(used.players[0].hand) == 1  # the mouse's one-time draw


def test_MW_CARD_1_plants_count_against_their_own_maximum() -> None:
    state = table()
    put(state, 0, "pets", "ember_imp")
    thorn = put(state, 0, "hand", "thornvine")[0]
    state.players[0].discounts[thorn] = -1
    state = act(state, 0, type="open", card=thorn, alt=0)
    assert {"type": "keep"} in RULES.legal_actions(state, 0)


def test_MW_CARD_4_items_take_slots_and_armor_goes_on_the_armor_pile() -> None:
    state = table()
    jerkin, mail = put(state, 0, "hand", "leather_jerkin", "bark_mail")
    for card in (jerkin, mail):
        state.players[0].discounts[card] = -1
        state = act(state, 0, type="open", card=card, alt=0)
        state = act(state, 0, type="keep") if {"type": "keep"} in RULES.legal_actions(
            state, 0) else act(state, 0, type="use_once")
    assert state.players[0].armor == [jerkin, mail]  # lumen warden: armor 2
    crown = put(state, 0, "hand", "aegis_plate")[0]
    state.players[0].discounts[crown] = -1
    state = act(state, 0, type="open", card=crown, alt=0)
    assert {"type": "keep"} not in RULES.legal_actions(state, 0)


def test_MW_CARD_5_magic_is_used_as_indicated() -> None:
    state = table()
    wind = put(state, 0, "hand", "second_wind")[0]
    state.players[0].discounts[wind] = -1
    state = act(state, 0, type="open", card=wind, alt=0)
    assert wind in state.discards["enchanted"] and len(state.players[0].hand) == 2


def test_MW_CARD_6_structures_in_the_centre_any_player_contributes() -> None:
    state = table()
    altar, gloom = put(state, 0, "hand", "bone_altar", "gloom_mote")
    state = act(state, 0, type="open", card=altar, alt=0)
    assert state.structures and state.structures[0].owner == -1
    state = act(state, 0, type="contribute", card=gloom, target=altar, slot=0)
    state = main_turn(state, 1)
    loam, dew = put(state, 1, "hand", "loam_clod", "dewdrop")
    state = act(state, 1, type="contribute", card=loam, target=altar, slot=1)
    state = act(state, 1, type="contribute", card=dew, target=altar, slot=2)
    assert state.built == [altar] and not state.structures
    assert {gloom, loam, dew} <= set(state.discards["enchanted"])
    assert tabletop.stat(state, 1, "fate") == 3  # evil: +1 fate from the altar
    assert tabletop.stat(state, 0, "fate") == 2


def test_MW_CARD_7_8_level_exactly_one_higher_then_buffs() -> None:
    state = table()
    tides, stars = put(state, 0, "hand", "trial_of_tides", "ascent_of_stars")
    legal = RULES.legal_actions(state, 0)
    assert {"type": "open", "card": stars, "alt": 0} not in legal
    assert {"type": "open", "card": tides, "alt": 0} in legal
    state.players[0].discounts[tides] = -1
    state = act(state, 0, type="open", card=tides, alt=0)
    assert state.players[0].level == 2 and state.players[0].levels == [tides]
    # Trial of Tides: +1 hand size only since ruleset 11 (its extra fate card went, issue 33)
    assert tabletop.stat(state, 0, "fate") == 2 and tabletop.stat(state, 0, "max_cards") == 8
    assert {"type": "open", "card": stars, "alt": 0} in RULES.legal_actions(state, 0)


def test_MW_CARD_7_a_second_card_of_the_same_level_stays_in_hand_while_one_is_filled() -> None:
    """Two level-2 cards opened at level 1 would both complete and stack their buffs; only
    one card of the next level may be in progress (abandoning it frees the other)."""
    state = table()
    embers, tides = put(state, 0, "hand", "trial_of_embers", "trial_of_tides")
    state = act(state, 0, type="open", card=embers, alt=0)
    assert {"type": "open", "card": tides, "alt": 0} not in RULES.legal_actions(state, 0)
    state = act(state, 0, type="abandon", target=embers)
    assert {"type": "open", "card": tides, "alt": 0} in RULES.legal_actions(state, 0)


def test_MW_CARD_7_8_a_level_card_that_is_not_the_next_level_takes_no_effect() -> None:
    """A level card completed when it is no longer exactly one higher (a stale state) gives
    no buffs and never lowers the level (the `level_reached` win reads it)."""
    state = table()
    embers, tides, stars = put(state, 0, "hand", "trial_of_embers", "trial_of_tides",
                               "ascent_of_stars")
    for card in (embers, tides):  # both opened at level 1, as the old rules allowed
        crafting.open_card(state, 0, card, 0)
    manifest_of(state, 0, "trial_of_embers").filled[:] = [WAIVED] * 4
    crafting.activate(state, 0, manifest_of(state, 0, "trial_of_embers"))
    crafting.open_card(state, 0, stars, 0)
    manifest_of(state, 0, "ascent_of_stars").filled[:] = [WAIVED] * 5
    crafting.activate(state, 0, manifest_of(state, 0, "ascent_of_stars"))
    assert state.players[0].level == 3
    fate, hand = tabletop.stat(state, 0, "fate"), tabletop.stat(state, 0, "max_cards")
    crafting.activate(state, 0, manifest_of(state, 0, "trial_of_tides"))
    assert state.players[0].level == 3 and state.players[0].levels == [embers, stars]
    assert tabletop.stat(state, 0, "fate") == fate and tabletop.stat(state, 0, "max_cards") == hand
    assert tides in state.discards["quest"]


def test_MW_CARD_9_challenge_claimed_or_its_consequence_applies() -> None:
    state = table()
    hoard, _e1, _e2 = put(state, 0, "hand", "trial_of_hoard", "ember_shard", "twin_crystal")
    state = act(state, 0, type="play_challenge", card=hoard)
    assert {"type": "claim", "card": hoard} in RULES.legal_actions(state, 0)
    claimed = act(state, 0, type="claim", card=hoard)
    assert len(claimed.players[0].hand) == 3 or claimed.decisions  # drew an Arcane card
    valor = put(state, 0, "hand", "trial_of_valor")[0]
    state = act(state, 0, type="play_challenge", card=valor)
    assert {"type": "claim", "card": valor} not in RULES.legal_actions(state, 0)
    health = len(state.players[0].health)
    state = act(state, 0, type="end_turn")
    assert state.decisions[0] == {"kind": "lose_health", "seat": 0, "n": 1} or len(
        state.players[0].health) == health - 1
    assert hoard in state.discards["quest"] and valor in state.discards["quest"]


def test_MW_CHARGE_1_charges_are_the_contributed_cards_one_spent_per_use() -> None:
    state = table()
    bow, air, loam, dew = put(state, 0, "hand", "hunters_bow", "zephyr_feather",
                              "loam_clod", "dewdrop")
    state = act(state, 0, type="open", card=bow, alt=0)
    for card, slot in ((air, 0), (loam, 1), (dew, 2)):
        state = act(state, 0, type="contribute", card=card, target=bow, slot=slot)
    state = act(state, 0, type="keep")
    assert state.players[0].charges[bow] == [air, loam, dew]
    target = instance(state, "sun_temple")
    state.built.append(state.decks["quest"].pop(state.decks["quest"].index(target)))
    for _turn in range(3):
        state = main_turn(state, 0)
        state.players[0].used = []
        state = act(state, 0, type="attack", source=bow, target=target)
    assert bow not in state.players[0].items and bow in state.discards["mystic"]
    assert {air, loam, dew} <= set(state.discards["enchanted"])


def test_MW_CHARGE_1_a_charged_item_without_charges_is_only_used_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Fully discounted, the bow gets no charges: kept, it could never be used, so the
    craft decision offers its one-time use only (MW-CARD-4), which discards it."""
    state = table()
    waive_all(monkeypatch)
    set_mage(state, 0, "sage_of_rising")  # discount all
    bow = put(state, 0, "health", "hunters_bow")[0]
    state = act(state, 0, type="use_health", card=bow)
    state = act(state, 0, type="open", card=bow, alt=0)
    legal = RULES.legal_actions(state, 0)
    assert legal and {a["type"] for a in legal} == {"use_once"}
    mage = state.players[1].mage
    assert {"type": "use_once", "target": mage} in legal
    state = act(state, 0, type="use_once", target=mage)
    assert bow in state.discards["mystic"] and bow not in state.players[0].items
    assert bow not in state.players[0].charges


def test_MW_CARD_2_a_pet_may_be_discarded_to_make_room() -> None:
    state = table()
    imp = put(state, 0, "pets", "ember_imp")[0]
    assert {"type": "discard_pet", "card": imp} in RULES.legal_actions(state, 0)
    state = act(state, 0, type="discard_pet", card=imp)
    assert state.players[0].pets == [] and imp in state.discards["enchanted"]
    assert all(a["type"] != "discard_pet" for a in RULES.legal_actions(state, 0))


def test_MW_CARD_4_an_item_may_be_discarded_to_make_room_like_a_pet() -> None:
    """Items work the same as creatures (MW-CARD-4): an item in an item slot may be
    discarded in the main step, with its charges, as a pet may (MW-CARD-2)."""
    state = table()
    staff = put(state, 0, "items", "oak_staff")[0]
    charge = put(state, 0, "hand", "ember_shard")[0]
    state.players[0].hand.remove(charge)
    state.players[0].charges[staff] = [charge]
    assert {"type": "discard_item", "card": staff} in RULES.legal_actions(state, 0)
    state = act(state, 0, type="discard_item", card=staff)
    assert state.players[0].items == [] and staff not in state.players[0].charges
    assert staff in state.discards[CARDS["oak_staff"].deck]
    assert charge in state.discards[CARDS["ember_shard"].deck]
    assert all(a["type"] != "discard_item" for a in RULES.legal_actions(state, 0))


def test_MW_CARD_5_MW_COMBAT_6_a_damage_spell_with_nothing_to_attack_fizzles() -> None:
    """No living opponent and no structure: the only answer to the spell's target decision
    is `fizzle`, which discards it."""
    state = table()
    health.die(state, 1)
    spark = put(state, 0, "hand", "spark")[0]
    state.players[0].discounts[spark] = -1  # no requirements: it activates when opened
    state = act(state, 0, type="open", card=spark, alt=0)
    assert RULES.legal_actions(state, 0) == [{"type": "fizzle"}]
    state = act(state, 0, type="fizzle")
    assert spark in state.discards["enchanted"] and not state.decisions
    assert state.stage == "main" and RULES.to_act(state) == {0}


def test_MW_REQ_1_storm_hawk_needs_two_air_and_one_any() -> None:
    """Ruleset 11 (issue 33): Storm Hawk needs air, air and any 1 (it needed air and any 2),
    so once a card of another element fills its "any" slot only air cards may go in."""
    state = table()
    hawk, loam, dew, feather = put(state, 0, "hand", "storm_hawk", "loam_clod", "dewdrop",
                                   "zephyr_feather")
    state = act(state, 0, type="open", card=hawk, alt=0)
    assert manifest_of(state, 0, "storm_hawk").open_slots() == [0, 1, 2]
    state = act(state, 0, type="contribute", card=loam, target=hawk, slot=2)
    into_hawk = [a for a in RULES.legal_actions(state, 0)
                 if a["type"] == "contribute" and a["target"] == hawk]
    assert into_hawk == [{"type": "contribute", "card": feather, "target": hawk, "slot": 0}]
    assert dew not in {a["card"] for a in into_hawk}
