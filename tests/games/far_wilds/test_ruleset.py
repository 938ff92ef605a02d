"""The Far Wilds behind the protocol: conformance (PL-SHARED-6), views and fog (PL-VIEW),
refusals (PL-PROTO-5), options (PL-PROTO-7) and hypothesis properties over random battles."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.far_wilds.cards import CARDS
from marcomage.games.far_wilds.engine import apply
from marcomage.games.far_wilds.ruleset import RULESET, army_cards
from marcomage.games.far_wilds.sight import sees
from marcomage.games.far_wilds.state import Options
from marcomage.platform import conformance
from marcomage.platform.protocol import IllegalAction

from ..stale_replays import assert_an_older_replay_is_stale
from .builders import at, battle


def test_PL_SHARED_6_conformance_on_every_map_and_more_army_pairings() -> None:
    """The conformance checks on the two maps the platform suite does not play (it plays
    the default map with seeds 1 and 2, armies (1, 2) and (2, 3)) and more pairings of the
    premade armies: seat i takes army (seed + i) mod 5, so seeds 12, 8 and 14 seat (2, 3),
    (3, 4) and (4, 0). The seeds are picked for short random battles (73 to 142 actions):
    the refusal check fingerprints the whole state after every refused action, so its cost
    grows with the square of a battle's length (issue 32: 76 s in CI with seeds 4 to 6, one
    of 440 actions)."""
    for map_id, seed in (("wide_wilds", 12), ("default", 8), ("twin_fords", 14)):
        game = conformance.play(RULESET, seed, RULESET.options_from_json({"map": map_id}))
        assert game.states[0].options.map == map_id
        conformance.check_refusals(RULESET, game, every=3)
        conformance.check_views_hide(RULESET, game, seed, every=3)
        conformance.check_json_round_trip(RULESET, game)
        conformance.check_replay(RULESET, game)


def test_PL_VIEW_the_opponent_hand_is_a_count_and_the_fog_hides_figures() -> None:
    state = battle(hands=(["far_rider", "rockslide"], ["hush_ward"]),
                   figures={at(2, -1): (1, "gloomspire", "building"),
                            at(-2, 2): (0, "briar_whelp", "creature")})
    seen = RULESET.view(state, 0)
    assert seen["hand"] == ["far_rider", "rockslide"] and "hands" not in seen
    assert seen["players"][1]["hand_size"] == 1
    assert "hush_ward" not in json.dumps(seen)
    spaces = {f["space"] for f in seen["figures"]}
    assert at(-2, 2) in spaces and at(2, -1) not in spaces
    assert at(2, -1) in {f["space"] for f in RULESET.view(state, 1)["figures"]}
    replay = RULESET.view(state, None)
    assert replay["hands"] == [["far_rider", "rockslide"], ["hush_ward"]]
    assert len(replay["figures"]) == 4
    open_map = battle(figures={at(2, -1): (1, "gloomspire", "building")})
    object.__setattr__(open_map, "options", RULESET.options_from_json({"fog": False}))
    assert at(2, -1) in {f["space"] for f in RULESET.view(open_map, 0)["figures"]}


def test_PL_VIEW_deck_order_is_hidden_even_from_its_owner() -> None:
    state = RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks()[:2], 3)
    mine = RULESET.view(state, 0)
    assert mine["deck"] == sorted(state.players[0].deck)
    assert "deck" not in mine["players"][1] and mine["players"][1]["deck_size"] == len(
        state.players[1].deck)


def test_FW_CAST_hand_status_says_in_words_why_a_card_cannot_be_cast() -> None:
    state = battle(hands=(["far_rider", "bark_strider", "ashen_titan"], []), flux=(3, 0))
    status = {s["card"]: s for s in RULESET.view(state, 0)["hand_status"]}
    assert status["far_rider"]["castable"] is True
    assert status["bark_strider"]["reason"] == "domain"
    assert status["ashen_titan"]["text"] == "You do not have enough flux."
    waiting = {s["card"]: s for s in RULESET.view(state, 1)["hand_status"]}
    assert waiting == {}


@pytest.mark.parametrize("action", [
    {"type": "cast", "card": "far_rider", "target": 999},
    {"type": "cast", "card": "far_rider", "target": "3"},
    {"type": "cast", "card": "dragon", "target": 3},
    {"type": "cast", "card": "far_rider", "target": 3, "extra": 1},
    {"type": "cycle", "card": "rockslide"},
    {"type": "keep"},
    {"type": "fly"},
    {"type": "pass", "target": True},
])
def test_PL_PROTO_5_bad_actions_are_refused_with_a_message_and_change_nothing(
        action: dict[str, object]) -> None:
    state = battle(hands=(["far_rider"], []))
    before = RULESET.to_json(state)
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, 0, action)
    assert str(refused.value)
    assert RULESET.to_json(state) == before


def test_PL_PROTO_7_options_round_trip_and_refuse_unknown_or_mistyped_keys() -> None:
    options = RULESET.options_from_json({"autodraw": False, "round_limit": 30})
    assert RULESET.options_from_json(RULESET.options_to_json(options)) == options
    for bad in ({"colour": 1}, {"autodraw": 1}, {"round_limit": 0}, {"map": "moon"}):
        with pytest.raises(ValueError):
            RULESET.options_from_json(bad)


def test_FW_views_the_replay_view_and_state_json_carry_no_floats() -> None:
    state = RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks()[:2], 9)
    assert RULESET.to_json(RULESET.from_json(json.loads(json.dumps(RULESET.to_json(state))))) \
        == RULESET.to_json(state)


def _army_total(state, seat: int) -> int:  # type: ignore[no-untyped-def]
    p = state.players[seat]
    on_map = sum(1 for f in state.figures if f is not None and f.owner == seat
                 and CARDS[f.card].deckable)
    enchantments = sum(1 for f in state.figures if f is not None for e in f.enchantments
                       if e.owner == seat)
    enchantments += sum(1 for es in state.space_enchantments.values() for e in es
                        if e.owner == seat)
    enchantments += sum(1 for e in state.world if e.owner == seat)
    return len(p.hand) + len(p.deck) + len(p.external) + len(p.discard) + on_map + enchantments


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10**6), min_size=60,
                                                   max_size=60))
def test_FW_properties_cards_are_conserved_and_counters_never_go_negative(
        seed: int, picks: list[int]) -> None:
    """Over random legal actions: every army card is in exactly one zone, flux and glory
    stay at 0 or more, a hand never exceeds seven, one figure per space."""
    decks = RULESET.starter_decks()[:2]
    sizes = [len(army_cards(d)) for d in decks]
    state = RULESET.new_game(RULESET.options_from_json({}), decks, seed)
    for pick in picks:
        if RULESET.outcome(state) is not None:
            break
        seat = min(RULESET.to_act(state))
        legal = RULESET.legal_actions(state, seat)
        state, _ = RULESET.apply(state, seat, legal[pick % len(legal)])
        for s in (0, 1):
            assert _army_total(state, s) == sizes[s]
            assert state.players[s].flux >= 0 and state.players[s].glory >= 0
            assert len(state.players[s].hand) <= 7
        assert len(state.figures) == 37


def test_FW_views_wind_step_destination_is_told_only_to_a_seat_that_saw_it() -> None:
    """Hidden information never reaches a seat (FW views): seat 1 sees where Wind Step's
    creature left but not where it went, so its log names the start and not the
    destination; the caster's log names both."""
    state = battle(hands=(["wind_step"], []),
                   figures={at(-2, 2): (0, "far_rider", "creature"),
                            at(-3, 2): (0, "tide_altar", "building"),
                            at(-1, 1): (1, "briar_whelp", "creature")})
    start, dest = at(-2, 2), at(-3, 0)
    state, _ = apply(state, 0, {"type": "cast", "card": "wind_step", "target": start,
                                "to": dest})
    assert dest not in sees(state, 1) and start in sees(state, 1)
    assert RULESET.view(state, 1)["log"][-1]["text"] == "casts Wind Step at (-2,2)."
    assert "(-3,0)" not in json.dumps(RULESET.view(state, 1))
    assert RULESET.view(state, 0)["log"][-1]["text"] == "casts Wind Step at (-2,2) to (-3,0)."


def test_FW_views_a_destroyed_buildings_owner_saw_where_the_rockslide_fell() -> None:
    """What a seat saw of a cast is taken when the card is cast: Rockslide destroying a
    player's only building there took that player's sight of the space, yet the owner saw it
    happen and the log says where."""
    state = battle(hands=([], ["rockslide"]), turn=1,
                   figures={at(1, -1): (0, "gloomspire", "building"),
                            at(2, -1): (1, "cairn_hall", "building")})
    state, _ = apply(state, 1, {"type": "cast", "card": "rockslide", "target": at(1, -1)})
    assert state.figures[at(1, -1)] is None and at(1, -1) not in sees(state, 0)
    assert [e["text"] for e in RULESET.view(state, 0)["log"][-2:]] == [
        "casts Rockslide on Gloomspire at (1,-1), dealing 3 damage.",
        "loses Gloomspire at (1,-1): destroyed by Rockslide, leaving ruins."]


def test_FW_CAST_10_reveal_memory_shows_no_figures_on_a_remembered_space() -> None:
    """With `reveal_memory` a space once seen stays a target (FW-CAST-10), but figures and
    area of control show only where the viewer sees now (views): an enemy cast onto a
    remembered space stays hidden, in the map and in the log."""
    state = battle(hands=([], ["far_rider"]), options=Options(reveal_memory=True), turn=1)
    space = at(2, -2)
    state.revealed[0] = [space]
    assert space not in sees(state, 0)
    state, _ = apply(state, 1, {"type": "cast", "card": "far_rider", "target": space})
    mine = RULESET.view(state, 0)
    assert [f for f in mine["figures"] if f["owner"] == 1] == []
    assert space in mine["remembered"] and space not in mine["visible"]
    assert space not in mine["control"][1]
    assert mine["log"][-1]["text"] == "casts Far Rider where you cannot see."


def test_issue_32_a_spell_that_changes_hp_names_its_target_and_the_death_its_cause() -> None:
    """Every change of HP is in the log with its cause (issue 32): the Firebolt's line names
    the figure it burns and the damage, and its owner reads the death with the spell that
    caused it. (The target's name shows only where the reader saw the space, as the space
    itself does: `view.log_text`.)"""
    state = battle(hands=(["firebolt", "tide_altar"], []),
                   figures={at(-2, 3): (0, "tide_altar", "building"),
                            at(-1, 2): (1, "briar_whelp", "creature")})
    target = at(-1, 2)
    after, _ = RULESET.apply(state, 0, {"type": "cast", "card": "firebolt", "target": target})
    mine = RULESET.view(after, 0)["log"][-2:]
    assert any("casts Firebolt on Briar Whelp at (-1,2), dealing 2 damage." in e["text"]
               for e in mine), mine
    assert any("loses Briar Whelp at (-1,2): killed by Firebolt" in e["text"]
               for e in RULESET.view(after, 1)["log"])


def test_PL_STATE_3_a_version_6_battle_reports_its_version_after_the_issue_32_retune() -> None:
    """Ruleset 7 changed card numbers (issue 32: Drowned Thrall, Spark Wisp, Fern Stalker,
    Reef Serpent): a battle recorded under version 6 is reported stale, not re-simulated."""
    assert_an_older_replay_is_stale(RULESET, 6)
