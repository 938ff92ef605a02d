"""The platform protocol over MArcomage (PL-PROTO, PL-SHARED-6): playouts end, illegal
actions change nothing, JSON round-trips, and views hold nothing hidden."""

from __future__ import annotations

import json
from typing import Any

import pytest

from marcomage.games.marcomage import IllegalAction, Rng, random_deck
from marcomage.games.marcomage.ruleset import RULESET, Options
from marcomage.games.marcomage.serialize import dumps


def deck_doc(seed: int, tokens: list[str] | None = None) -> dict[str, Any]:
    deck = random_deck(Rng.from_seed(seed))
    return {
        "game": "marcomage", "format": "standard", "name": f"deck {seed}",
        "entries": [{"card": c, "count": 1} for section in deck for c in section],
        "extra": {"tokens": tokens or []},
    }


def playout(seed: int, options: Options | None = None) -> list[Any]:
    """A seeded random game through the protocol; returns the states it passed."""
    rng = Rng.from_seed(seed + 1000)
    state = RULESET.new_game(options or Options(), [deck_doc(seed), deck_doc(seed + 1)], seed)
    states = [state]
    while RULESET.outcome(state) is None:
        (seat,) = RULESET.to_act(state)
        actions = RULESET.legal_actions(state, seat)
        assert RULESET.legal_actions(state, 1 - seat) == []
        state, events = RULESET.apply(state, seat, actions[rng.below(len(actions))])
        assert events and events[0]["seat"] == seat
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(4))
def test_PL_SHARED_6_seeded_playouts_reach_an_outcome(seed: int) -> None:
    states = playout(seed)
    final = states[-1]
    outcome = RULESET.outcome(final)
    assert outcome is not None and outcome["final_round"] <= 250
    assert RULESET.to_act(final) == frozenset()
    assert outcome["result"] in ("win", "draw")


def test_PL_PROTO_5_apply_refuses_unlisted_actions_and_changes_nothing() -> None:
    state = playout(7)[3]
    (seat,) = RULESET.to_act(state)
    before = dumps(state)
    legal = RULESET.legal_actions(state, seat)
    candidates = [{"type": t, "pos": p, "mode": m}
                  for t in ("play", "discard", "pass") for p in range(0, 10) for m in range(0, 9)]
    refused = 0
    for action in candidates:
        as_listed = ({"type": "discard", "pos": action["pos"]}
                     if action["type"] == "discard" and action["mode"] == 0 else action)
        if as_listed in legal:
            continue
        with pytest.raises(IllegalAction):
            RULESET.apply(state, seat, action)
        refused += 1
    with pytest.raises(IllegalAction):
        RULESET.apply(state, 1 - seat, legal[0])
    assert refused > 100
    assert dumps(state) == before


def test_PL_STATE_2_json_round_trips_through_the_protocol() -> None:
    for state in playout(11)[::10]:
        doc = RULESET.to_json(state)
        assert RULESET.to_json(RULESET.from_json(json.loads(json.dumps(doc)))) == doc


def test_PL_VIEW_hidden_hand_and_generator_never_in_a_view() -> None:
    """C-FLAG-6: in hidden-cards mode the opponent's hand does not reach the viewer;
    resampling the hidden zone leaves the view unchanged."""
    state = playout(3, Options(hidden=True))[6]
    seat = 0
    original = RULESET.view(state, seat)
    other = state.clone()
    other.players[1].hand = [c + 1 if c < 532 else c - 1 for c in other.players[1].hand]
    other.players[1].deck = random_deck(Rng.from_seed(99))
    other.rng = Rng.from_seed(12345)
    assert RULESET.view(other, seat) == original
    text = json.dumps(original)
    assert state.rng.to_json()[0] not in text


def test_PL_PROTO_8_resign_gives_the_other_seat_the_win() -> None:
    state = playout(5)[2]
    after = RULESET.resign(state, 0)
    assert RULESET.outcome(after) == {"result": "win", "winners": [1],
                                      "end_type": "Surrender", "final_round": state.round}
    assert RULESET.outcome(state) is None
    with pytest.raises(IllegalAction):
        RULESET.resign(after, 1)


def test_validate_deck_reports_reasons() -> None:
    """C-DECK-1: 15 distinct cards of each rarity; tokens are token keywords."""
    assert RULESET.validate_deck(deck_doc(1)) == []
    short = deck_doc(1)
    short["entries"] = short["entries"][:-1]
    (problem,) = RULESET.validate_deck(short)
    assert "Rare section holds 14 cards" in problem.message
    doubled = deck_doc(1)
    doubled["entries"][1] = doubled["entries"][0]
    assert RULESET.validate_deck(doubled)
    bad_tokens = deck_doc(1, ["Aqua"])
    assert "not a token keyword" in RULESET.validate_deck(bad_tokens)[0].message
    assert RULESET.validate_deck(deck_doc(1), "highlander")[0].code == "format"
