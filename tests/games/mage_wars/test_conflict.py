"""Curses and blessings, combat, winning, death and resurrection (MW-CURSE, MW-COMBAT,
MW-WIN, MW-DEATH)."""

from __future__ import annotations

from dataclasses import replace

from marcomage.games.mage_wars import decisions, drawing, engine, health, tabletop
from marcomage.games.mage_wars.cards import CARDS

from .tables import (
    RULES,
    act,
    count_cards,
    empty_hands,
    game,
    instance,
    main_turn,
    put,
    set_mage,
    take,
    to_deck_top,
)


def table(seats: int = 3, **options: str):  # type: ignore[no-untyped-def]
    state = empty_hands(main_turn(game(seats, seed=21, **options), 0))
    for seat, mage in enumerate(("lumen_warden", "umbral_tyrant", "grey_arbiter",
                                 "sage_of_rising")[:seats]):
        set_mage(state, seat, mage)
    for player in state.players:  # six health cards each, whatever mage was dealt first
        while len(player.health) < 6:
            player.health.append(state.decks["enchanted"].pop(0))
        while len(player.health) > 6:
            tabletop.discard(state, player.health.pop())
    return state


def draw_curse(state, seat: int, curse: str):  # type: ignore[no-untyped-def]
    to_deck_top(state, curse)
    from marcomage.games.mage_wars.cards import CARDS
    drawing.draw(state, seat, CARDS[curse].deck, 1)
    return state


def test_MW_CURSE_1_3_a_drawn_curse_waits_for_its_target_who_may_always_accept() -> None:
    state = draw_curse(table(), 0, "hex_of_sloth")
    assert RULES.to_act(state) == {0}
    assert RULES.legal_actions(state, 0) == [{"type": "accept"}]  # offered with no blessing
    state = act(state, 0, type="accept")
    assert state.players[0].skip == 1
    assert instance(state, "hex_of_sloth") in state.discards["fate"]


def test_MW_CURSE_3_the_decision_is_offered_on_another_players_turn() -> None:
    state = draw_curse(table(), 2, "curse_of_ruin")
    put(state, 2, "hand", "ember_shard", "dewdrop", "loam_clod")
    assert RULES.to_act(state) == {2} and state.active == 0
    state = act(state, 2, type="accept")
    assert len(state.players[2].hand) == 2  # Curse of Ruin discards 1 (ruleset 10)
    assert RULES.to_act(state) == {0}


def test_MW_CURSE_2_3_negate_spends_the_blessing_from_hand() -> None:
    state = table()
    negate = put(state, 1, "hand", "negate_curse")[0]
    state = draw_curse(state, 1, "withering_gaze")
    legal = RULES.legal_actions(state, 1)
    assert {"type": "negate", "card": negate} in legal
    state = act(state, 1, type="negate", card=negate)
    assert len(state.players[1].health) == 6 and negate in state.discards["fate"]


def test_MW_CURSE_2_3_deflect_is_crafted_then_sends_the_curse_once() -> None:
    state = table()
    deflect = put(state, 0, "hand", "deflect_curse")[0]
    assert all(a.get("card") != deflect or a["type"] == "open"
               for a in RULES.legal_actions(state, 0))
    dawn, loam = put(state, 0, "hand", "dawn_mote", "loam_clod")
    state = act(state, 0, type="open", card=deflect, alt=0)
    state = act(state, 0, type="contribute", card=dawn, target=deflect, slot=0)
    state = act(state, 0, type="contribute", card=loam, target=deflect, slot=1)
    assert state.players[0].blessings == [deflect]
    state = draw_curse(state, 0, "hex_of_sloth")
    legal = RULES.legal_actions(state, 0)
    assert {"type": "deflect", "card": deflect, "seat": 1} in legal
    assert {"type": "deflect", "card": deflect, "seat": 2} in legal
    state = act(state, 0, type="deflect", card=deflect, seat=2)
    assert RULES.to_act(state) == {2}
    assert state.decisions[0]["deflected"] == 1
    # the new target may negate but never deflect again
    assert all(a["type"] != "deflect" for a in RULES.legal_actions(state, 2))
    state = act(state, 2, type="accept")
    assert state.players[2].skip == 1 and state.players[0].skip == 0


def test_MW_CURSE_1_a_curse_drawn_by_a_fate_card_resolves_before_its_later_draws() -> None:
    """Arcane Tide draws an Arcane card then an Enchanted one: Curse of Ruin drawn first
    discards from the hand as it stands then, never the Enchanted card drawn after it."""
    state = table(2)
    put(state, 0, "hand", "spark")  # Curse of Ruin discards 1 card (ruleset 10)
    to_deck_top(state, "dewdrop", "curse_of_ruin")  # enchanted top, arcane top
    to_deck_top(state, "arcane_tide")
    state.stage, state.fate_left = "fate", 1
    engine.settle(state)
    dew = instance(state, "dewdrop")
    assert state.decisions[0]["kind"] == "curse" and dew not in state.players[0].hand
    assert state.pending_effects == [{"do": "draw", "deck": "enchanted", "n": 1, "seat": 0}]
    assert RULES.from_json(RULES.to_json(state)).pending_effects == state.pending_effects
    state = act(state, 0, type="accept")
    assert state.players[0].hand == [dew] and state.stage == "main"
    assert not state.pending_effects


def test_MW_CURSE_1_the_rest_of_a_draw_and_other_seats_draws_wait_for_the_curse() -> None:
    """A curse in the middle of "draw 3" stops the two other draws, and in "every player
    draws" it stops the later seats' draws, until its target has decided."""
    state = table(3)
    to_deck_top(state, "dewdrop", "rust_curse", "spark")
    drawing.draw(state, 0, "enchanted", 3)
    spark, dew = instance(state, "spark"), instance(state, "dewdrop")
    assert state.players[0].hand == [spark] and dew in state.decks["enchanted"]
    state = act(state, 0, type="accept")
    assert state.players[0].hand == [spark, dew]
    to_deck_top(state, "loam_clod", "rust_curse", "ember_shard")
    drawing.run_effects(state, 0, [{"do": "each_player_draws", "deck": "enchanted", "n": 1}])
    assert RULES.to_act(state) == {1} and not state.players[2].hand
    state = act(state, 1, type="accept")
    assert state.players[2].hand == [instance(state, "loam_clod")]


def test_MW_CURSE_1_MW_DEATH_1_a_curse_that_kills_cancels_the_rest_of_the_draws() -> None:
    """The mage dies of the curse at the point it was drawn: its turn ends there, and the
    draws left of that effect are not made into a dead mage's hand."""
    state = table(2)
    del state.players[0].health[1:]
    to_deck_top(state, "gust_of_fortune", "withering_gaze")
    drawing.draw(state, 0, "fate", 2)
    state, events = RULES.apply(state, 0, {"type": "accept"})
    assert not state.players[0].alive and not state.players[0].hand
    assert not any(e.get("seat") == 0 and "Gust of Fortune" in e.get("text", "")
                   for e in events)
    assert state.active == 1  # the turn passed (the next seat may draw the fate card)


def test_MW_CURSE_1_MW_DEATH_2_a_curse_in_a_dead_turn_resolves_before_the_other_draws() -> None:
    state = table(2)
    state.first = 0
    health.die(state, 1)
    put(state, 1, "hand", "spark", "loam_clod")
    to_deck_top(state, "rust_curse")  # the Enchanted draw comes first
    to_deck_top(state, "storm_hawk", "dragon_whelp")  # no curse on the other two decks
    mystic, arcane = state.decks["mystic"][-1], state.decks["arcane"][-1]
    state = act(state, 0, type="end_turn")
    state = act(state, 1, type="draw_dead", deck="enchanted")
    assert state.stage == "dead" and state.decisions[0]["kind"] == "curse"
    assert RULES.legal_actions(state, 1) == [{"type": "accept"}]
    state = act(state, 1, type="accept")
    assert len(state.players[1].hand) == 2 and RULES.to_act(state) == {1}
    state = act(state, 1, type="draw_dead", deck="mystic")
    state = act(state, 1, type="draw_dead", deck="arcane")
    assert state.players[1].hand[2:] == [mystic, arcane] and RULES.to_act(state) == {1}


def test_MW_CURSE_1_lose_item_takes_the_newest_item_with_its_charges() -> None:
    state = table(2)
    staff, bow = put(state, 0, "items", "oak_staff", "hunters_bow")
    charge = take(state, "zephyr_feather")
    state.players[0].charges[bow] = [charge]
    state = draw_curse(state, 0, "rust_curse")
    state = act(state, 0, type="accept")
    assert state.players[0].items == [staff] and bow not in state.players[0].charges
    assert bow in state.discards["mystic"] and charge in state.discards["enchanted"]
    assert count_cards(state) == len(CARDS)


def test_MW_CARD_9_destroyed_and_contributed_structure_conditions_hold_for_the_turn() -> None:
    """The challenge predicates "destroy a card this turn" and "contribute to a structure
    this turn" read the turn's flags, which the next turn clears."""
    destroy = replace(CARDS["trial_of_valor"], condition={"destroyed": True})
    build = replace(CARDS["trial_of_valor"], condition={"contributed_structure": True})
    state = table(2)
    hawk = put(state, 0, "pets", "storm_hawk")[0]  # damage 2 (ruleset 10)
    imp = put(state, 1, "pets", "ember_imp")[0]  # health 2
    assert not decisions.challenge_met(state, 0, destroy)
    state = act(state, 0, type="attack", source=hawk, target=imp)
    assert imp in state.discards["enchanted"]
    assert decisions.challenge_met(state, 0, destroy)
    assert not decisions.challenge_met(state, 0, build)
    altar, gloom = put(state, 0, "hand", "bone_altar", "gloom_mote")
    state = act(state, 0, type="open", card=altar, alt=0)
    assert not decisions.challenge_met(state, 0, build)  # opening is not contributing
    state = act(state, 0, type="contribute", card=gloom, target=altar, slot=0)
    assert decisions.challenge_met(state, 0, build)
    state = act(state, 0, type="end_turn")
    assert state.active == 1 and not decisions.challenge_met(state, 1, destroy)
    assert not decisions.challenge_met(state, 1, build)


def test_MW_COMBAT_1_2_3_armor_then_defense_then_health() -> None:
    state = table()
    put(state, 1, "armor", "leather_jerkin")
    put(state, 1, "pets", "thornvine")  # +1 defense... on the evil mage (1 pet slot for plants)
    assert tabletop.mage_damage(state, 0, 4, (), 1) == 2
    assert tabletop.mage_damage(state, 0, 4, ("ignores_armor",), 1) == 3
    assert tabletop.mage_damage(state, 0, 4, ("ignores_defense_buffs",), 1) == 3
    assert tabletop.mage_damage(state, 0, 1, (), 1) == 0  # MW-COMBAT-3: never below 0


def test_MW_COMBAT_6_a_pet_attacks_once_per_turn_and_the_target_chooses_losses() -> None:
    state = table()
    hawk = put(state, 0, "pets", "storm_hawk")[0]
    target = state.players[1].mage
    state = act(state, 0, type="attack", source=hawk, target=target)
    assert RULES.to_act(state) == {1}
    assert state.decisions[0] == {"kind": "lose_health", "seat": 1, "n": 2}  # damage 2
    for _ in range(2):
        state = act(state, 1, **RULES.legal_actions(state, 1)[0])
    assert len(state.players[1].health) == 4
    assert all(a.get("source") != hawk for a in RULES.legal_actions(state, 0))


def test_MW_COMBAT_4_5_cards_die_only_to_enough_damage_and_crafting_ones_are_safe() -> None:
    state = table()
    imp = put(state, 0, "pets", "ember_imp")[0]
    mail = put(state, 1, "armor", "bark_mail")[0]
    treant = put(state, 1, "hand", "elder_treant")[0]
    state = main_turn(state, 1)
    state = act(state, 1, type="open", card=treant, alt=0)
    state = main_turn(state, 0)
    legal = RULES.legal_actions(state, 0)
    assert {"type": "attack", "source": imp, "target": treant} not in legal
    state = act(state, 0, type="attack", source=imp, target=mail)  # 2 < 3: nothing
    assert state.players[1].armor == [mail]
    state.players[0].used = []
    put(state, 0, "levels", "ascent_of_shadows")  # +1 damage
    state = act(state, 0, type="attack", source=imp, target=mail)
    assert state.players[1].armor == [] and mail in state.discards["mystic"]


def test_MW_COMBAT_6_structures_can_be_destroyed() -> None:
    state = table()
    spire = put(state, 2, "hand", "obsidian_spire")[0]
    state.players[2].hand.remove(spire)
    state.built.append(spire)
    dragon = put(state, 0, "pets", "dragon_whelp")[0]
    put(state, 0, "levels", "ascent_of_shadows")
    hand = len(state.players[1].hand)
    state = act(state, 0, type="attack", source=dragon, target=spire)
    assert state.built == [] and spire in state.discards["quest"]
    assert len(state.players[1].hand) + sum(1 for d in state.decisions) >= hand + 1


def test_MW_WIN_2_structures_built_count_whoever_built_them() -> None:
    state = table(2)
    assert RULES.outcome(state) is None
    for name in ("sun_temple", "crystal_sanctum"):
        iid = instance(state, name)
        for zone in (*state.decks.values(), *(p.health for p in state.players)):
            if iid in zone:
                zone.remove(iid)
        state.built.append(iid)
    state = main_turn(state, 1)  # the Tyrant's turn; the Warden (seat 0) meets hers
    state = act(state, 1, type="end_turn")
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.end_type == \
        "win_condition"
    assert RULES.to_act(state) == frozenset()


def test_MW_WIN_3_the_active_player_wins_a_tie_else_the_next_in_seat_order() -> None:
    state = table(3)
    for seat in (0, 2):
        state.players[seat].level = 3  # not their conditions; Arbiter wins with level 3
    set_mage(state, 0, "sage_of_rising")
    state.active = 1
    assert engine.check_wins(state)
    assert state.outcome is not None and state.outcome.winners == (2,)
    state.outcome = None
    state.active = 0
    assert engine.check_wins(state) and state.outcome.winners == (0,)


def test_MW_WIN_4_a_player_who_surrenders_leaves_and_play_goes_on() -> None:
    state = table(3)
    hawk = put(state, 1, "pets", "storm_hawk")[0]
    after = RULES.resign(state, 1)
    assert RULES.outcome(after) is None
    assert after.players[1].left and not after.players[1].alive
    assert hawk in after.discards["mystic"] and count_cards(after) == len(CARDS)
    assert RULES.legal_actions(after, 1) == []
    # the Arbiter (seat 2) needs every other mage dead: the Warden still lives
    final = RULES.resign(after, 0)
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winners == (2,) and outcome.end_type == "surrender"


def test_MW_WIN_4_destroy_everyone_counts_a_left_mage_as_dead() -> None:
    state = table(3)
    for _ in range(engine.mage(state, 0).resurrections + 1):
        state.players[0].alive = True
        health.die(state, 0)  # the Warden falls for good (MW-DEATH-5); the Tyrant leaves
    after = RULES.resign(state, 1)
    outcome = RULES.outcome(after)
    assert outcome is not None and outcome.winners == (2,)


def test_MW_DEATH_1_death_discards_hand_kept_cards_and_manifestations_not_levels() -> None:
    state = table(3)
    imp = put(state, 1, "pets", "ember_imp")[0]
    level = put(state, 1, "levels", "trial_of_tides")[0]
    hand = put(state, 1, "hand", "spark", "dewdrop")
    altar, gloom = put(state, 1, "hand", "bone_altar", "gloom_mote")
    state = main_turn(state, 1)
    state = act(state, 1, type="open", card=altar, alt=0)
    state = act(state, 1, type="contribute", card=gloom, target=altar, slot=0)
    health.lose_health(state, 1, 6)
    player = state.players[1]
    assert not player.alive and player.hand == [] and player.pets == []
    assert player.levels == [level] and imp in state.discards["enchanted"]
    assert set(hand) <= set(state.discards["enchanted"])
    assert state.structures[0].filled[0] == gloom  # contributions to structures stay
    assert state.players[1].mage not in tabletop.targets(state, 0)  # MW-DEATH-2


def test_MW_DEATH_4_a_fallen_mage_counts_as_destroyed_a_dead_one_does_not() -> None:
    """Issue 33: a dead mage who may still rise is not destroyed; a fallen one is
    (MW-DEATH-5), and in a 3-seat game the other mages play on."""
    state = table(3)
    health.die(state, 0)
    assert not engine.check_wins(state)
    for _ in range(engine.mage(state, 0).resurrections):
        state.players[0].alive = True
        health.die(state, 0)
    assert state.players[0].fallen
    assert engine.check_wins(state)
    assert state.outcome is not None and state.outcome.winners == (1,)  # destroy_all(good)


def test_MW_WIN_1_MW_DEATH_4_a_dead_mage_meets_no_win_condition_until_resurrected() -> None:
    """Our reading where MW-WIN and MW-DEATH are silent (docs/mage_wars.md): a dead mage
    counts as destroyed and wins nothing, even when the table meets its condition; once
    resurrected, it wins at the next check."""
    state = table(2)
    health.die(state, 0)  # the Warden: two Good structures
    set_mage(state, 1, "sage_of_rising")  # alive, but two structures are not its condition
    for name in ("sun_temple", "crystal_sanctum"):
        state.built.append(take(state, name))
    assert not engine.check_wins(state) and state.outcome is None
    state.players[0].alive = True
    assert engine.check_wins(state) and state.outcome.winners == (0,)


def test_MW_DEATH_2_3_dead_turn_then_resurrection_and_an_immediate_turn() -> None:
    state = table(3)
    state.first = 0
    health.die(state, 1)
    state = empty_hands(state)
    put(state, 1, "hand", "gloom_mote", "ember_shard", "storm_glass")
    for curse in ("rust_curse", "curse_of_ruin"):
        put(state, 0, "health", curse)
    state = act(state, 0, type="end_turn")
    assert state.active == 1 and state.stage == "dead"
    for deck in ("enchanted", "mystic", "arcane"):
        state = act(state, 1, type="draw_dead", deck=deck)
    assert len(state.players[1].hand) == 6  # one card from each of the three decks
    assert {"type": "resurrect", "alt": 0} in RULES.legal_actions(state, 1)
    state = act(state, 1, type="resurrect", alt=0)
    pays = RULES.legal_actions(state, 1)
    assert {"type": "cancel"} in pays
    gloom, ember = instance(state, "gloom_mote"), instance(state, "ember_shard")
    state = act(state, 1, type="pay", card=gloom, slot=0)
    state = act(state, 1, type="pay", card=ember, slot=1)
    assert state.stage == "resurrecting"  # the Tyrant's third icon is any kind
    state = act(state, 1, type="pay", card=instance(state, "storm_glass"), slot=2)
    player = state.players[1]
    assert player.alive and len(player.health) == CARDS["umbral_tyrant"].health
    assert (state.active == 1 and state.stage == "main") or state.decisions
    assert state.resurrection is None
    lines = [line["text"] for line in state.log if line["seat"] == 1]
    after = lines[lines.index("resurrects and takes a turn"):]
    assert any(text.startswith("draws the fate card") for text in after)


def test_MW_DEATH_2_a_dead_player_may_end_the_dead_turn_and_keeps_to_the_hand_limit() -> None:
    state = table(2)
    state.first = 0
    health.die(state, 1)
    for curse in ("rust_curse", "curse_of_ruin"):
        put(state, 0, "health", curse)
    for name in ("ember_shard", "dewdrop", "loam_clod", "zephyr_feather", "dawn_mote",
                 "gloom_mote"):
        put(state, 1, "hand", name)
    state = act(state, 0, type="end_turn")
    for deck in ("enchanted", "mystic", "arcane"):
        state = act(state, 1, type="draw_dead", deck=deck)
    assert state.stage == "dead" and len(state.players[1].hand) == 9
    state = act(state, 1, type="end_turn")
    assert state.decisions[0] == {"kind": "hand_limit", "seat": 1}
    state = act(state, 1, **RULES.legal_actions(state, 1)[0])
    state = act(state, 1, **RULES.legal_actions(state, 1)[0])
    assert len(state.players[1].hand) == 7 and state.active == 0


def test_MW_DEATH_2_each_dead_turn_draw_is_the_players_choice_once_per_deck() -> None:
    """The dead turn draws nothing by itself: each of the three decks is offered as
    `draw_dead` once, and ending the turn without drawing keeps the hand as it was."""
    state = table(2)
    state.first = 0
    health.die(state, 1)
    put(state, 1, "hand", "ember_shard")
    for curse in ("rust_curse", "curse_of_ruin"):
        put(state, 0, "health", curse)
    state = act(state, 0, type="end_turn")
    assert state.active == 1 and state.stage == "dead"
    assert len(state.players[1].hand) == 1
    decks = ("enchanted", "mystic", "arcane")
    assert [a for a in RULES.legal_actions(state, 1) if a["type"] == "draw_dead"] == [
        {"type": "draw_dead", "deck": deck} for deck in decks]
    top = state.decks["mystic"][-1]
    state = act(state, 1, type="draw_dead", deck="mystic")
    assert state.players[1].hand[1:] == [top]
    assert [a.get("deck") for a in RULES.legal_actions(state, 1)
            if a["type"] == "draw_dead"] == ["enchanted", "arcane"]
    state = act(state, 1, type="end_turn")
    assert state.active == 0 and len(state.players[1].hand) == 2
    main_turn(state, 0)  # whatever seat 0's fate draws brought, then seat 1 again
    engine.begin_turn(state, 1)  # the next dead turn offers all three again
    engine.settle(state)
    assert state.stage == "dead" and len(state.players[1].hand) == 2
    assert [a.get("deck") for a in RULES.legal_actions(state, 1)
            if a["type"] == "draw_dead"] == list(decks)


def test_MW_WIN_4_a_player_who_left_loses_even_when_the_others_draw() -> None:
    state = table(3)
    state = RULES.resign(state, 2)
    state = main_turn(state, 0)
    state.first, state.round = 1, engine.ROUND_LIMIT
    state = act(state, 0, type="end_turn")
    while RULES.outcome(state) is None:
        (seat,) = RULES.to_act(state)
        state = act(state, seat, **RULES.legal_actions(state, seat)[0])
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.result == "draw"
    awards = RULES.awards(state, [0, 0, 0], False, None)
    assert [a.result for a in awards] == ["draw", "draw", "loss"]
