"""Invariants over random duels (hypothesis): cards are conserved, HP never rises above the
maximum, EN never goes negative, views never show the other hand, and the protocol's
conformance suite (PL-SHARED-6) holds for Elder Tale."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.elder_tale.cards import CLUTTER
from marcomage.games.elder_tale.ruleset import RULESET
from marcomage.games.elder_tale.state import Duel
from marcomage.platform import conformance


def places(duel: Duel) -> list[int]:
    """Every instance wherever it is: piles, discards, hands, removed and on the table."""
    out: list[int] = []
    for f in duel.fighters:
        for kind in f.piles:
            out += f.piles[kind] + f.discards[kind]
        out += f.hand + f.removed
    out += [p.iid for a in duel.attacks for p in a.cards]
    out += [p.iid for p in (*duel.played, *duel.building)]
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_duels_keep_their_invariants(seed: int) -> None:
    game = conformance.play(RULESET, seed)
    for state in game.states:
        where = places(state)
        assert sorted(where) == list(range(len(state.instances))), "a card was lost or doubled"
        for seat, f in enumerate(state.fighters):
            assert f.hp <= f.max_hp
            assert state.en >= 0
            other = RULESET.view(state, 1 - seat)
            assert "hand" in other and all(h["iid"] in state.fighters[1 - seat].hand
                                           for h in other["hand"])
            clutter_hp = sum(state.card(i).hp for i in where if state.card(i).kind == CLUTTER)
            assert clutter_hp == 0
    outcome = RULESET.outcome(game.states[-1])
    assert outcome is not None and outcome.final_round <= 30


def test_PL_SHARED_6_elder_tale_conforms() -> None:
    """More seeds than tests/platform/test_conformance.py plays, the costly checks (refusals,
    hidden views) on every 4th state."""
    conformance.check_playouts_end(RULESET, range(10, 16))
    conformance.check_all(RULESET, (21, 22), every=4)
