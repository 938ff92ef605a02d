"""The search bot (PL-SHARED-5): it plays from the view only, its sampled battles agree with
that view, and it takes a Flux Well when one cast does it."""

from __future__ import annotations

from marcomage.games.far_wilds.bots import SearchBot, sample_state, score
from marcomage.games.far_wilds.ruleset import RULESET
from marcomage.games.far_wilds.sight import revealed
from marcomage.games.far_wilds.state import Options
from marcomage.platform.bots import bot_action, bots_for
from marcomage.platform.rng import Rng

from .builders import at, battle


def test_the_search_bot_is_offered_for_the_far_wilds() -> None:
    assert set(bots_for(RULESET)) == {"random", "search"}


def test_a_sampled_battle_agrees_with_the_view_it_came_from() -> None:
    state = RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks(), 4)
    for seat in (0, 1):
        state, _ = RULESET.apply(state, seat, {"type": "keep"})
    me = state.turn
    view = RULESET.view(state, me)
    sample = sample_state(view, Rng.from_seed(1))
    again = RULESET.view(sample, me)
    for key in ("hand", "deck", "figures", "visible", "round", "turn", "hand_status"):
        assert again[key] == view[key], key
    assert [p["hand_size"] for p in again["players"]] == [p["hand_size"] for p in
                                                          view["players"]]


def test_the_search_bot_takes_a_flux_well_when_a_cast_does_it() -> None:
    state = battle(hands=(["mossroot_lodge", "far_rider", "well_draught"], []), flux=(1, 0),
                   decks=(["far_rider"] * 5, ["far_rider"] * 5))
    action = bot_action(RULESET, state, 0, SearchBot(3, iterations=24))
    after, _ = RULESET.apply(state, 0, action)
    assert action["card"] == "mossroot_lodge"
    assert score(after, 0) > score(state, 0)
    assert at(-3, 0) in RULESET.view(after, 0)["control"][0]


def test_a_sampled_battle_keeps_the_spaces_the_view_remembers() -> None:
    """With `reveal_memory` (FW-CAST-10) the view lists remembered spaces apart from those
    seen now; the bot's sampled battle may still target them, as the real one may."""
    state = battle(hands=(["mossroot_lodge"], []), options=Options(reveal_memory=True))
    state.revealed[0] = [at(0, 0)]
    view = RULESET.view(state, 0)
    assert view["remembered"] == [at(0, 0)]
    sample = sample_state(view, Rng.from_seed(1))
    assert revealed(sample, 0) == revealed(state, 0)
    assert RULESET.legal_actions(sample, 0) == RULESET.legal_actions(state, 0)


def test_issue_32_the_search_bot_attacks_when_a_blow_kills() -> None:
    """The search bot moves and fights (issue 32): with an Ashen Titan next to an enemy
    Briar Whelp it can kill, it attacks rather than pass or walk away."""
    state = battle(figures={at(0, 0): (0, "ashen_titan", "creature"),
                            at(0, -1): (1, "briar_whelp", "creature")},
                   decks=(["far_rider"] * 5, ["far_rider"] * 5))
    action = bot_action(RULESET, state, 0, SearchBot(3, iterations=24))
    assert action == {"type": "attack", "from": at(0, 0), "to": at(0, -1)}


def test_issue_32_the_search_bot_rates_moves_toward_wells_and_foes() -> None:
    """Among many moves the bot rates the ones ending nearest a Flux Well or an enemy."""
    from marcomage.games.far_wilds.bots import MOVES_RATED, _worth_rating
    state = battle(figures={at(-2, 2): (0, "far_rider", "creature")})
    legal = RULESET.legal_actions(state, 0)
    rated = [a for a in _worth_rating(state, 0, legal) if a["type"] == "move"]
    assert len(rated) == MOVES_RATED < len([a for a in legal if a["type"] == "move"])
    assert any(a["to"] in (at(-3, 0), at(0, 0)) for a in rated)  # onto a well
