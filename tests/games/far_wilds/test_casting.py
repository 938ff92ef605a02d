"""FW-CAST and FW-RESULT: what a cast needs, the reasons it is refused, and its results."""

from __future__ import annotations

import pytest

from marcomage.games.far_wilds.casting import OK, REASONS, cast_check
from marcomage.games.far_wilds.engine import CannotCast, apply, legal_actions
from marcomage.games.far_wilds.ruleset import RULESET
from marcomage.games.far_wilds.sight import board, domain_levels, sees
from marcomage.games.far_wilds.state import BUILDING_KIND, CREATURE_KIND, SITE_KIND, Options

from .builders import BASE0, BASE1, at, battle

B, C, S = BUILDING_KIND, CREATURE_KIND, SITE_KIND
NEXT_TO_BASE = at(-2, 2)


def test_FW_CAST_1_flux_must_cover_the_cost() -> None:
    state = battle(hands=(["far_rider"], []), flux=(0, 0))
    assert cast_check(state, 0, "far_rider", NEXT_TO_BASE) == "flux"
    state.players[0].flux = 1
    assert cast_check(state, 0, "far_rider", NEXT_TO_BASE) == OK


def test_FW_CAST_2_domain_levels_are_per_domain_and_summed_for_unaligned() -> None:
    state = battle(hands=(["bark_strider", "wayfarer_fort"], []))
    forest = at(-2, 1)
    assert cast_check(state, 0, "bark_strider", forest) == "domain"
    assert cast_check(state, 0, "wayfarer_fort", at(-3, 2)) == "domain"
    state.figures[at(-3, 1)] = battle(figures={0: (0, "mossroot_lodge", B)}).figures[0]
    state.figures[at(-2, 3)] = battle(figures={0: (0, "tide_altar", B)}).figures[0]
    assert domain_levels(state, 0)["sylvan"] == 1
    assert cast_check(state, 0, "bark_strider", forest) == "domain"  # Sylvan 2 needed
    assert cast_check(state, 0, "wayfarer_fort", at(-3, 2)) == OK  # 1 + 1 summed


def test_FW_CAST_2_a_domain_level_is_capped_at_3() -> None:
    figures = {at(q, r): (0, "gloomspire", B) for q, r in ((-3, 2), (-2, 2), (-2, 3), (-1, 2))}
    state = battle(figures=figures)
    assert domain_levels(state, 0)["dark_legion"] == 3


def test_FW_CAST_3_sites_give_no_domain_and_a_destroyed_building_takes_it_away() -> None:
    state = battle(figures={at(-2, 2): (0, "gloomspire", S)}, hands=([], ["rockslide"]))
    assert domain_levels(state, 0)["dark_legion"] == 0
    state.figures[at(-2, 2)].kind = B  # type: ignore[union-attr]
    assert domain_levels(state, 0)["dark_legion"] == 1
    state.figures[at(0, 1)] = battle(figures={0: (1, "far_rider", C)}).figures[0]
    state.turn = 1
    state.figures[at(-1, 1)] = battle(figures={0: (1, "gloomspire", B)}).figures[0]
    state, _ = apply(state, 1, {"type": "cast", "card": "rockslide", "target": at(-2, 2)})
    assert state.figures[at(-2, 2)] is None and domain_levels(state, 0)["dark_legion"] == 0
    assert state.players[0].discard == ["gloomspire"]


def test_FW_CAST_4_figures_go_only_on_unoccupied_spaces() -> None:
    state = battle(hands=(["far_rider", "mossroot_lodge"], []),
                   figures={NEXT_TO_BASE: (0, "briar_whelp", C)})
    assert cast_check(state, 0, "far_rider", NEXT_TO_BASE) == "occupied"
    assert cast_check(state, 0, "mossroot_lodge", NEXT_TO_BASE) == "occupied"
    assert cast_check(state, 0, "mossroot_lodge", at(-3, 2)) == OK


def test_FW_CAST_5_creatures_spawn_next_to_a_base_on_land() -> None:
    state = battle(hands=(["far_rider", "briar_whelp"], []))
    assert cast_check(state, 0, "far_rider", NEXT_TO_BASE) == OK
    assert cast_check(state, 0, "far_rider", at(-1, 2)) == "spawn"  # seen but not adjacent
    targets = {a["target"] for a in legal_actions(state, 0)
               if a["type"] == "cast" and a["card"] == "far_rider"}
    assert targets == {at(-2, 2), at(-3, 2), at(-2, 3)}
    # Any Base counts, a basic building included.
    state.figures[at(-1, 2)] = battle(figures={0: (0, "mossroot_lodge", B)}).figures[0]
    assert cast_check(state, 0, "far_rider", at(0, 2)) == OK


def test_FW_CAST_5_option_domain_creatures_need_a_base_of_their_domain() -> None:
    state = battle(hands=(["briar_whelp", "far_rider"], []),
                   figures={at(-1, 2): (0, "mossroot_lodge", B), at(-3, 1): (0, "tide_altar", B)},
                   options=Options(spawn_needs_domain_base=True))
    assert cast_check(state, 0, "briar_whelp", at(0, 2)) == OK  # next to Mossroot Lodge
    assert cast_check(state, 0, "briar_whelp", at(-4 + 1, 0)) == "spawn"  # next to Tide Altar
    assert cast_check(state, 0, "far_rider", at(-3, 0)) == OK  # Unaligned: any Base
    plain = battle(hands=(["briar_whelp"], []), figures={at(-3, 1): (0, "tide_altar", B),
                                                          at(-1, 2): (0, "mossroot_lodge", B)})
    assert cast_check(plain, 0, "briar_whelp", at(-3, 0)) == OK


def test_FW_CAST_6_swimmers_and_fliers_may_spawn_on_ocean() -> None:
    lodge = {at(-1, 3): (0, "mossroot_lodge", B), at(-2, 1): (0, "gloomspire", B),
             at(-3, 1): (0, "tide_altar", B)}
    state = battle(hands=(["marsh_skimmer", "far_rider", "pit_warden"], []), figures=lodge)
    ocean = at(0, 3)
    assert cast_check(state, 0, "far_rider", ocean) == "terrain"
    assert cast_check(state, 0, "marsh_skimmer", ocean) == OK
    assert cast_check(state, 0, "pit_warden", ocean) == OK  # Aloft, next to a building


def test_FW_CAST_7_spawn_in_forest_and_next_to_a_building_away_from_bases() -> None:
    state = battle(hands=(["bark_strider", "pit_warden"], []),
                   figures={at(-3, 1): (0, "mossroot_lodge", B), at(-2, 3): (0, "mossroot_lodge",
                                                                             B),
                            at(-1, 0): (0, "far_rider", C), at(-3, 2): (0, "gloomspire", B)})
    assert cast_check(state, 0, "bark_strider", at(-1, 2)) == OK  # a forest space it sees
    assert cast_check(state, 0, "bark_strider", at(-2, 2)) == "spawn"  # land
    assert cast_check(state, 0, "pit_warden", at(-2, 1)) == OK  # next to Mossroot Lodge
    assert cast_check(state, 0, "pit_warden", at(0, 0)) == "spawn"  # seen, no building near


def test_FW_CAST_8_no_spawn_in_enemy_controlled_territory() -> None:
    state = battle(hands=(["bark_strider"], []),
                   figures={at(0, 1): (0, "far_rider", C), at(2, 0): (1, "gloomspire", B),
                            at(-3, 1): (0, "mossroot_lodge", B),
                            at(-2, 3): (0, "mossroot_lodge", B)})
    forest = at(1, 0)
    assert forest in RULESET.view(state, 0)["visible"]
    assert cast_check(state, 0, "bark_strider", forest) == "enemy_territory"
    assert cast_check(state, 0, "bark_strider", at(-1, 0)) == OK


def test_FW_CAST_9_target_specs_filter_owner_type_and_wells() -> None:
    state = battle(hands=(["rockslide", "ley_anchor", "lantern_of_eyes", "well_draught"], []),
                   figures={at(-3, 1): (0, "cairn_hall", B), at(-2, 0): (1, "gloomspire", S),
                            at(-1, 1): (0, "far_rider", C)})
    assert cast_check(state, 0, "rockslide", at(-2, 0)) == OK
    assert cast_check(state, 0, "rockslide", at(-3, 1)) == "bad_target"  # own building
    assert cast_check(state, 0, "rockslide", at(-1, 1)) == "bad_target"  # a creature
    assert cast_check(state, 0, "rockslide", at(-2, 2)) == "empty"
    assert cast_check(state, 0, "ley_anchor", at(-3, 0)) == OK  # a Flux Well
    assert cast_check(state, 0, "ley_anchor", at(-2, 2)) == "bad_target"
    assert cast_check(state, 0, "lantern_of_eyes", at(-1, 1)) == OK
    assert cast_check(state, 0, "lantern_of_eyes", at(-2, 0)) == "bad_target"
    assert cast_check(state, 0, "well_draught") == OK
    assert cast_check(state, 0, "well_draught", at(0, 0)) == "target_extra"
    assert cast_check(state, 0, "rockslide") == "target_missing"


def test_FW_CAST_10_targets_must_be_seen_now_unless_reveal_memory() -> None:
    state = battle(hands=(["mossroot_lodge", "rockslide"], []),
                   figures={at(1, -1): (1, "gloomspire", S), at(-3, 2): (0, "cairn_hall", B)})
    assert cast_check(state, 0, "mossroot_lodge", at(0, 0)) == "not_visible"
    assert cast_check(state, 0, "rockslide", at(1, -1)) == "not_visible"
    state.figures[at(0, 0)] = battle(figures={0: (0, "far_rider", C)}).figures[0]
    assert cast_check(state, 0, "rockslide", at(1, -1)) == OK
    remembered = battle(hands=(["ley_anchor", "mossroot_lodge", "rockslide"], []),
                        figures={at(1, -1): (1, "gloomspire", S),
                                 at(-3, 2): (0, "cairn_hall", B)},
                        options=Options(reveal_memory=True))
    well = next(w for w in board(remembered).wells if w not in sees(remembered, 0))
    remembered.revealed[0] = [well, at(0, 0), at(1, -1)]
    assert cast_check(remembered, 0, "ley_anchor", well) == OK  # the space itself: remembered
    # what stands on a space only remembered is hidden, so it never decides a cast: a figure
    # there is no target, and nothing is built there
    assert cast_check(remembered, 0, "rockslide", at(1, -1)) == "not_visible"
    assert cast_check(remembered, 0, "mossroot_lodge", at(0, 0)) == "not_visible"


def test_FW_CAST_11_any_space_needs_no_sight() -> None:
    state = battle(hands=(["wind_step"], []), figures={NEXT_TO_BASE: (0, "far_rider", C),
                                                       at(-3, 2): (0, "tide_altar", B)})
    far = at(2, -1)
    assert far not in RULESET.view(state, 0)["visible"]
    assert cast_check(state, 0, "wind_step", NEXT_TO_BASE, far) == OK
    assert cast_check(state, 0, "wind_step", NEXT_TO_BASE, at(0, 3)) == "terrain"  # ocean
    assert cast_check(state, 0, "wind_step", NEXT_TO_BASE, at(-3, 2)) == "occupied"  # seen
    state, _ = apply(state, 0, {"type": "cast", "card": "wind_step", "target": NEXT_TO_BASE,
                                "to": far})
    assert state.figures[far] is not None and state.figures[NEXT_TO_BASE] is None


def test_FW_CAST_11_wind_step_out_of_sight_never_tells_what_stands_there() -> None:
    """Whether a space out of sight is empty is hidden (views): Wind Step may aim at the
    enemy's Base as at any unseen space; the move then finds the space taken, the creature
    stays and the card is spent."""
    mine = {NEXT_TO_BASE: (0, "far_rider", C), at(-3, 2): (0, "tide_altar", B)}
    state = battle(hands=(["wind_step"], []), figures=mine)
    assert BASE1 not in RULESET.view(state, 0)["visible"]
    assert cast_check(state, 0, "wind_step", NEXT_TO_BASE, BASE1) == OK
    empty = battle(hands=(["wind_step"], []), figures=mine)
    empty.figures[BASE1] = None
    assert RULESET.legal_actions(state, 0) == RULESET.legal_actions(empty, 0)
    after, _ = apply(state, 0, {"type": "cast", "card": "wind_step",
                                "target": NEXT_TO_BASE, "to": BASE1})
    assert after.figures[NEXT_TO_BASE] is not None and after.figures[BASE1].owner == 1
    assert "wind_step" not in after.players[0].hand and after.turn == 1
    assert any("that space is taken" in line["text"] for line in RULESET.view(after, 0)["log"])


def test_FW_CAST_12_a_cast_that_breaks_the_rules_is_refused_and_changes_nothing() -> None:
    state = battle(hands=(["far_rider"], []), flux=(0, 0))
    before = RULESET.to_json(state)
    with pytest.raises(CannotCast, match="not have enough flux") as refused:
        apply(state, 0, {"type": "cast", "card": "far_rider", "target": NEXT_TO_BASE})
    assert refused.value.reason == "flux"
    assert RULESET.to_json(state) == before
    assert set(REASONS) >= {"flux", "domain", "occupied", "spawn", "enemy_territory",
                            "not_visible"}


def test_FW_RESULT_1_to_4_a_creature_cast_pays_and_passes_the_turn() -> None:
    state = battle(hands=(["far_rider", "rockslide"], []), flux=(3, 0))
    state, _ = apply(state, 0, {"type": "cast", "card": "far_rider", "target": NEXT_TO_BASE})
    figure = state.figures[NEXT_TO_BASE]
    assert figure is not None and figure.kind == C and figure.dimmed and figure.owner == 0
    assert state.players[0].flux == 2 and state.players[0].hand == ["rockslide"]
    assert state.turn == 1


def test_FW_RESULT_5_a_building_outside_control_is_a_site_for_three_round_ends() -> None:
    state = battle(hands=(["mossroot_lodge", "mossroot_lodge"], []),
                   figures={at(-1, 1): (0, "far_rider", C)})
    state, _ = apply(state, 0, {"type": "cast", "card": "mossroot_lodge", "target": at(-3, 2)})
    assert state.figures[at(-3, 2)].kind == B  # type: ignore[union-attr]
    state.turn = 0
    state, _ = apply(state, 0, {"type": "cast", "card": "mossroot_lodge", "target": at(0, 0)})
    site = state.figures[at(0, 0)]
    assert site is not None and site.kind == S
    assert at(0, 0) not in RULESET.view(state, 0)["control"][0]  # sites give no control
    for rounds in (1, 2):
        state, _ = apply(state, state.turn, {"type": "pass"})
        state, _ = apply(state, state.turn, {"type": "pass"})
        assert state.figures[at(0, 0)].kind == S and state.figures[at(0, 0)].progress == rounds  # type: ignore[union-attr]
    state.figures[at(0, 0)].damage = 1  # type: ignore[union-attr]
    state.figures[at(0, 0)].progress = 0  # damage resets the count (what Rockslide does)
    for _ in range(3):
        state, _ = apply(state, state.turn, {"type": "pass"})
        state, _ = apply(state, state.turn, {"type": "pass"})
    built = state.figures[at(0, 0)]
    assert built is not None and built.kind == B and built.dimmed
    assert "finishes building Mossroot Lodge" in str(RULESET.view(state, 0)["log"])


def test_FW_RESULT_5_damage_to_a_site_resets_its_count() -> None:
    state = battle(hands=([], ["rockslide"]), turn=1,
                   figures={at(-2, 2): (0, "wayfarer_fort", S), at(-1, 1): (1, "far_rider", C),
                            at(2, -3): (1, "cairn_hall", B)})
    state.figures[at(-2, 2)].progress = 2  # type: ignore[union-attr]
    state, _ = apply(state, 1, {"type": "cast", "card": "rockslide", "target": at(-2, 2)})
    site = state.figures[at(-2, 2)]
    assert site is not None and (site.damage, site.progress) == (3, 0)


def test_FW_RESULT_6_enchantments_attach_spells_resolve_to_the_discard_pile() -> None:
    state = battle(hands=(["lantern_of_eyes", "ley_anchor", "green_season", "well_draught"],
                          []), flux=(20, 0),
                   figures={at(-3, 1): (0, "cairn_hall", B), at(-2, 2): (0, "mossroot_lodge", B),
                            at(-1, 2): (0, "mossroot_lodge", B)})
    state.figures[BASE0].dimmed = False  # type: ignore[union-attr]
    for action in ({"type": "cast", "card": "lantern_of_eyes", "target": BASE0},
                   {"type": "cast", "card": "ley_anchor", "target": at(-3, 0)},
                   {"type": "cast", "card": "green_season"},
                   {"type": "cast", "card": "well_draught"}):
        state.turn = 0
        state, _ = apply(state, 0, action)
    base = state.figures[BASE0]
    assert base is not None and [e.card for e in base.enchantments] == ["lantern_of_eyes"]
    assert base.enchantments[0].dimmed
    assert [e.card for e in state.space_enchantments[at(-3, 0)]] == ["ley_anchor"]
    assert [e.card for e in state.world] == ["green_season"]
    assert state.players[0].discard == ["well_draught"]
    assert state.players[0].flux == 20 - 1 - 2 - 3 - 1 + 3
    assert RULESET.view(state, 1)["players"][0]["discard"] == ["well_draught"]  # public


def test_FW_RESULT_7_a_cancelled_cast_costs_flux_and_card_but_keeps_the_turn() -> None:
    state = battle(hands=(["far_rider", "well_draught"], ["hush_ward"]), flux=(5, 5), turn=1,
                   figures={at(-3, 1): (1, "gloomspire", B)})
    state.figures[at(-3, 1)] = None
    state.figures[at(2, -3)] = battle(figures={0: (1, "gloomspire", B)}).figures[0]
    state, _ = apply(state, 1, {"type": "cast", "card": "hush_ward"})
    assert [e.card for e in state.world] == ["hush_ward"] and state.turn == 0
    state, events = apply(state, 0, {"type": "cast", "card": "far_rider",
                                     "target": NEXT_TO_BASE})
    assert events[0]["type"] == "cancel"
    assert state.figures[NEXT_TO_BASE] is None and state.players[0].flux == 4
    assert state.players[0].hand == ["well_draught"]
    assert state.players[0].discard == ["far_rider"] and state.players[1].discard == [
        "hush_ward"]
    assert state.world == [] and state.turn == 0  # still seat 0's turn
    log = [e["text"] for e in RULESET.view(state, 0)["log"]]
    assert "casts Far Rider at (-2,2), but Hush Ward cancels it." in log
    state, _ = apply(state, 0, {"type": "cast", "card": "well_draught"})  # not cancelled
    assert state.players[0].flux == 6 and state.turn == 1


def test_FW_CAST_5_option_an_unaligned_base_serves_no_domain_creature() -> None:
    """With `spawn_needs_domain_base` the Unaligned starting Warcamp is not a Base of the
    Sylvan Briar Whelp's domain: next to it alone the whelp cannot spawn; an Unaligned
    creature still may."""
    state = battle(hands=(["briar_whelp", "far_rider"], []),
                   figures={at(-3, 1): (0, "mossroot_lodge", B)},
                   options=Options(spawn_needs_domain_base=True))
    beside_warcamp_only = at(-2, 2)
    assert cast_check(state, 0, "briar_whelp", beside_warcamp_only) == "spawn"
    assert cast_check(state, 0, "far_rider", beside_warcamp_only) == OK
    assert cast_check(state, 0, "briar_whelp", at(-3, 2)) == OK  # next to Mossroot Lodge
