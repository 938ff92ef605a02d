"""The fog in views (issue 38): what stands where a viewer cannot see moves nothing the view
shows; wells held, areas of control, income and the enemy-territory check are computed
from what the viewer may know (FARWILDS.md "Views" and "Fog", PL-VIEW-1)."""

from __future__ import annotations

import json

from marcomage.games.far_wilds.ruleset import RULESET
from marcomage.games.far_wilds.sight import sees, wells_held
from marcomage.platform.rng import Rng

from .builders import BASE0, BASE1, at, battle

WEST_WELL = at(-3, 0)


def test_issue_38_an_unseen_enemy_building_by_an_unseen_well_shows_no_well_held() -> None:
    """The probe's leak: one unseen enemy building next to an unseen Flux Well turned the
    opponent's shown "wells held" from 0 to 1."""
    state = battle(figures={at(-2, 0): (1, "gloomspire", "building")})
    assert at(-2, 0) not in sees(state, 0) and WEST_WELL not in sees(state, 0)
    assert WEST_WELL in wells_held(state, 1)             # the rules still count it
    mine = RULESET.view(state, 0)
    assert mine["players"][1]["wells"] == 0
    held = len(wells_held(state, 1))
    assert RULESET.view(state, 1)["players"][1]["wells"] == held
    assert RULESET.view(state, None)["players"][1]["wells"] == held


def test_issue_38_own_wells_income_and_control_ignore_an_unseen_enemy_building() -> None:
    """An enemy building out of sight whose vision reaches a well the viewer holds does not
    show in the viewer's wells, income or area of control (it would tell where it stands)."""
    # Seat 0's Old Oak Watch at (-2,1) sees 3 and reaches the centre well; seat 1's
    # Gloomspire at (2,-1) reaches the centre too but stands 4 from the Watch, out of sight;
    # the same Gloomspire at (3,-1), out of sight too, does not reach the centre.
    mine_only = {at(-2, 1): (0, "old_oak_watch", "building")}
    state = battle(figures={**mine_only, at(2, -1): (1, "gloomspire", "building")})
    same = battle(figures={**mine_only, at(3, -1): (1, "gloomspire", "building")})
    centre = at(0, 0)
    assert at(2, -1) not in sees(state, 0) and centre in sees(state, 0)
    assert at(3, -1) not in sees(same, 0)
    assert centre not in wells_held(state, 0) and centre in wells_held(same, 0)
    mine = RULESET.view(state, 0)
    assert mine["players"][0]["wells"] == len(wells_held(same, 0))
    assert centre in mine["control"][0]
    assert json.dumps(RULESET.view(same, 0)) == json.dumps(mine)


def test_FW_fog_spawning_is_judged_by_the_enemy_buildings_the_caster_sees() -> None:
    """Fog: legal actions never depend on what the acting player cannot see. A forest
    space whose enemy control comes only from an unseen Base is not refused as enemy
    territory: the same actions as with that Base elsewhere out of sight."""
    mine = {BASE0: (0, "warcamp", "building"), at(-3, 2): (0, "mossroot_lodge", "building"),
            at(-3, 1): (0, "old_oak_watch", "building"),
            at(-1, 0): (0, "far_rider", "creature")}
    state = battle(hands=(["bark_strider"], []), bases=False,
                   figures={**mine, BASE1: (1, "warcamp", "building")})
    moved = battle(hands=(["bark_strider"], []), bases=False,
                   figures={**mine, at(3, -1): (1, "warcamp", "building")})
    forest = at(1, -2)
    assert forest in sees(state, 0) and BASE1 not in sees(state, 0)
    assert at(3, -1) not in sees(moved, 0)
    assert {"type": "cast", "card": "bark_strider", "target": forest} in \
        RULESET.legal_actions(moved, 0)
    assert RULESET.legal_actions(state, 0) == RULESET.legal_actions(moved, 0)
    assert RULESET.view(state, 0) == RULESET.view(moved, 0)


def test_issue_38_resample_fog_moves_only_what_the_viewer_cannot_see() -> None:
    """`resample_fog` moves the opponent's figures out of sight to other unseen spaces
    that fit them, and keeps everything the viewer sees, its own figures included."""
    state = battle(figures={at(-2, 0): (1, "gloomspire", "building"),
                            at(-2, 2): (0, "briar_whelp", "creature")})
    seen = sees(state, 0)
    moved = 0
    rng = Rng.from_seed(3)
    for _ in range(20):
        other = RULESET.resample_fog(state, 0, rng)
        for space in seen:
            assert other.figures[space] == state.figures[space]
        assert other.figures[at(-2, 2)] == state.figures[at(-2, 2)]
        assert sorted(f.card for f in other.figures if f) == \
            sorted(f.card for f in state.figures if f)
        moved += other.figures[at(-2, 0)] is None
        assert RULESET.view(other, 0) == RULESET.view(state, 0)
    assert moved
    assert RULESET.resample_fog(state, None, rng).figures == state.figures
