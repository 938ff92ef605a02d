"""The card kinds and effects issue 33 added from the seed: potions (MW-POTION), meddling
with cards being crafted (MW-MEDDLE), structure effects that reach only some mages
(MW-STRUCT) and the `pets_kept` win condition (MW-WIN-5)."""

from __future__ import annotations

from marcomage.games.mage_wars import engine, tabletop
from marcomage.games.mage_wars.cards import CARDS

from .tables import (
    RULES,
    act,
    count_cards,
    empty_hands,
    game,
    instance,
    main_turn,
    manifest_of,
    put,
    set_mage,
    take,
)


def duel(seats: int = 2):  # type: ignore[no-untyped-def]
    state = empty_hands(main_turn(game(seats, seed=21), 0))
    for seat, mage in enumerate(("lumen_warden", "umbral_tyrant", "briarmother")[:seats]):
        set_mage(state, seat, mage)
    return state


def brew(state, seat: int, potion: str):  # type: ignore[no-untyped-def]
    """Open a potion with its requirements waived (a health-card discount of all)."""
    iid = put(state, seat, "hand", potion)[0]
    state.players[seat].discounts[iid] = -1
    return act(state, seat, type="open", card=iid, alt=0), iid


def test_MW_POTION_1_a_brewed_potion_waits_on_the_shelf_which_holds_two() -> None:
    state, tonic = brew(duel(), 0, "ironbark_tonic")
    assert state.players[0].shelf == [tonic]
    state, mending = brew(state, 0, "draught_of_mending")
    assert state.players[0].shelf == [tonic, mending]
    third = put(state, 0, "hand", "elixir_of_insight")[0]
    assert not any(a["type"] == "open" and a["card"] == third
                   for a in RULES.legal_actions(state, 0))  # the shelf is full


def test_MW_POTION_2_a_healing_potion_draws_health_up_to_the_mage_health() -> None:
    state, mending = brew(duel(), 0, "draught_of_mending")
    player = state.players[0]
    full = CARDS["lumen_warden"].health
    for iid in player.health[1:]:
        state.discards[state.homes[state.cards[iid]]].append(iid)
    del player.health[1:]
    before = len(player.health)
    state = act(state, 0, type="drink", card=mending)
    assert len(state.players[0].health) == before + 2
    assert mending in state.discards["enchanted"]  # no lasting effect: gone at once
    state, tears = brew(state, 0, "phoenix_tears")
    state.flags.clear()
    state = act(state, 0, type="drink", card=tears)
    assert len(state.players[0].health) == min(full, before + 5)
    assert count_cards(state) == len(CARDS)


def test_MW_POTION_3_one_potion_a_turn_lasting_to_the_end_of_the_next_own_turn() -> None:
    state, tonic = brew(duel(), 0, "ironbark_tonic")
    state, _second = brew(state, 0, "berserkers_brew")
    base = tabletop.stat(state, 0, "defense")
    state = act(state, 0, type="drink", card=tonic)
    assert tabletop.stat(state, 0, "defense") == base + 1
    assert not any(a["type"] == "drink" for a in RULES.legal_actions(state, 0))
    state = act(state, 0, type="end_turn")
    assert tabletop.stat(state, 0, "defense") == base + 1  # through the others' turns
    engine.end_of_turn(state, 0)  # the end of its next own turn
    assert tabletop.stat(state, 0, "defense") == base and tonic in state.discards["enchanted"]


def test_MW_POTION_4_death_discards_potions_brewed_and_drunk() -> None:
    from marcomage.games.mage_wars import health
    state, tonic = brew(duel(), 0, "ironbark_tonic")
    state, brew2 = brew(state, 0, "berserkers_brew")
    state = act(state, 0, type="drink", card=tonic)
    health.die(state, 0)
    assert state.players[0].shelf == [] and state.players[0].draughts == {}
    assert brew2 in state.discards["mystic"] and tonic in state.discards["enchanted"]


def crafting_table():  # type: ignore[no-untyped-def]
    """Seat 1 has Storm Hawk open with Zephyr Feather in it; seat 0 holds meddling cards."""
    state = duel()
    state = main_turn(state, 1)
    hawk, feather = put(state, 1, "hand", "storm_hawk", "zephyr_feather")
    state = act(state, 1, type="open", card=hawk, alt=0)
    state = act(state, 1, type="contribute", card=feather, target=hawk, slot=0)
    return main_turn(state, 0), hawk, feather


def cast(state, seat: int, card_id: str):  # type: ignore[no-untyped-def]
    iid = put(state, seat, "hand", card_id)[0]
    state.players[seat].discounts[iid] = -1
    return act(state, seat, type="open", card=iid, alt=0)


def test_MW_MEDDLE_1_a_stalled_craft_takes_nothing_until_its_owner_next_turn_ends() -> None:
    state, hawk, _ = crafting_table()
    state = cast(state, 0, "tangleweed_snare")
    assert RULES.legal_actions(state, 0) == [{"type": "meddle", "target": hawk}]
    state = act(state, 0, type="meddle", target=hawk)
    assert manifest_of(state, 1, "storm_hawk").stalled == 1
    state = main_turn(state, 1)
    dew = put(state, 1, "hand", "dewdrop")[0]
    assert not any(a["type"] == "contribute" and a["target"] == hawk
                   for a in RULES.legal_actions(state, 1))
    engine.end_of_turn(state, 1)
    assert any(a["type"] == "contribute" and a["target"] == hawk and a["card"] == dew
               for a in RULES.legal_actions(state, 1))


def test_MW_MEDDLE_2_steal_takes_a_contributed_card_into_the_hand_and_reopens_its_slot() -> None:
    state, hawk, feather = crafting_table()
    state = cast(state, 0, "sly_fingers")
    assert {"type": "meddle", "target": hawk, "card": feather} in RULES.legal_actions(state, 0)
    state = act(state, 0, type="meddle", target=hawk, card=feather)
    assert feather in state.players[0].hand
    assert manifest_of(state, 1, "storm_hawk").open_slots() == [0, 1, 2]
    assert any("steals Zephyr Feather from {seat:1}'s Storm Hawk" in line["text"]
               for line in state.log)


def test_MW_MEDDLE_3_shatter_discards_a_contributed_card_also_from_a_structure() -> None:
    state, hawk, feather = crafting_table()
    temple, dawn = put(state, 0, "hand", "sun_temple", "dawn_mote")
    state = act(state, 0, type="open", card=temple, alt=0)
    state = act(state, 0, type="contribute", card=dawn, target=temple, slot=0)
    state = cast(state, 0, "shatterglass")
    targets = RULES.legal_actions(state, 0)
    assert {"type": "meddle", "target": temple, "card": dawn} in targets
    state = act(state, 0, type="meddle", target=hawk, card=feather)
    assert feather in state.discards["enchanted"]
    assert manifest_of(state, 1, "storm_hawk").open_slots() == [0, 1, 2]
    assert count_cards(state) == len(CARDS)


def test_MW_MEDDLE_a_meddling_card_with_nothing_to_reach_fizzles() -> None:
    state = cast(duel(), 0, "shatterglass")
    assert RULES.legal_actions(state, 0) == [{"type": "fizzle"}]


def test_MW_STRUCT_1_persistent_effects_reach_by_alignment_element_level_and_pets() -> None:
    state = duel(3)  # Warden (good, light), Tyrant (evil, shadow), Briarmother (neutral)
    base = [tabletop.stat(state, s, "defense") for s in range(3)]
    state.built.append(take(state, "tidal_shrine"))  # level 2 or higher: +1 defense
    assert [tabletop.stat(state, s, "defense") for s in range(3)] == base
    state.players[1].level = 2
    assert tabletop.stat(state, 1, "defense") == base[1] + 1
    state.built.append(take(state, "menagerie_gate"))  # pet owners: +1 defense
    put(state, 2, "pets", "ember_imp")
    assert tabletop.stat(state, 2, "defense") == base[2] + 1
    assert tabletop.stat(state, 0, "defense") == base[0]
    fate = [tabletop.stat(state, s, "fate") for s in range(3)]
    state.built.append(take(state, "ember_beacon"))  # still at level 1: +1 fate
    assert [tabletop.stat(state, s, "fate") for s in range(3)] == [fate[0] + 1, fate[1],
                                                                   fate[2] + 1]
    set_mage(state, 2, "cinder_regent")
    damage = tabletop.stat(state, 2, "damage")
    state.built.append(take(state, "forge_of_cinders"))  # Fire mages: +1 damage
    assert tabletop.stat(state, 2, "damage") == damage + 1
    assert tabletop.stat(state, 0, "damage") == 0


def test_MW_STRUCT_2_a_one_time_effect_reaches_only_the_mages_it_names() -> None:
    state = duel(3)
    health = [len(p.health) for p in state.players]
    crypt = put(state, 1, "hand", "wailing_crypt")[0]
    state = main_turn(state, 1)
    state.players[1].discounts[crypt] = -1
    state = act(state, 1, type="open", card=crypt, alt=0)  # every Good mage loses 1
    assert crypt in state.built
    if state.decisions:  # the Warden chooses which health card to lose
        state = act(state, 0, **RULES.legal_actions(state, 0)[0])
    assert [len(p.health) for p in state.players] == [health[0] - 1, health[1], health[2]]


def test_MW_WIN_5_pets_kept_counts_pets_and_plants_at_once() -> None:
    state = duel(3)
    state.active = 2
    put(state, 2, "pets", "ember_imp", "thornvine")
    assert not engine.check_wins(state)
    put(state, 2, "pets", "storm_hawk")
    assert engine.check_wins(state) and state.outcome is not None
    assert state.outcome.winners == (2,)
    assert instance(state, "storm_hawk") in state.players[2].pets
