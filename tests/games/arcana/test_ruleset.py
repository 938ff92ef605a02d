"""The ruleset behind the protocol: refusals, views (ARCANA.md views table, PL-VIEW),
and properties over random duels."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.arcana import engine, field
from marcomage.games.arcana.ruleset import RULESET
from marcomage.platform import conformance
from marcomage.platform.protocol import IllegalAction
from marcomage.platform.replay import canonical_json

from ..stale_replays import assert_an_older_replay_is_stale
from .build import Duel


def test_PL_PROTO_5_bad_input_is_refused_with_a_message_and_changes_nothing() -> None:
    d = Duel(turn=5, current=0)
    d.hand(0, "Ember Whelp")
    before = canonical_json(RULESET.to_json(d.g))
    for seat, action, words in (
            (1, {"type": "end_turn"}, "not your decision"),
            (0, {"type": "summon", "card": 3, "position": "attack"}, "not a legal move"),
            (0, {"type": "summon", "card": True, "position": "attack"}, "not a legal move"),
            (0, {"type": "no-such"}, "not a legal move"),
            (0, ["summon"], "not a move"),
            (0, {"type": "block", "zone": 0}, "not a legal move")):
        with pytest.raises(IllegalAction, match=words):
            RULESET.apply(d.g, seat, action)  # type: ignore[arg-type]
    assert canonical_json(RULESET.to_json(d.g)) == before


def test_views_hide_face_down_cards_set_runes_and_hands_from_the_opponent() -> None:
    d = Duel(turn=5, current=0)
    d.defender(0, "Mist Diviner", face_up=False)
    d.creature(0, "Thornling")
    d.rune(0, "Decay")
    d.hand(0, "Inferno Wyrm")
    mine, theirs, replay = (RULESET.view(d.g, s) for s in (0, 1, None))
    down = theirs["players"][0]["creatures"][0]
    assert down["card"] is None and down["position"] == "defense" and not down["face_up"]
    assert theirs["players"][0]["runes"][0]["card"] is None
    assert "hand" not in theirs["players"][0] and theirs["players"][0]["hand_count"] == 1
    assert theirs["players"][0]["creatures"][1]["card"] == engine.CARDS[7].id   # face up
    assert mine["players"][0]["creatures"][0]["card"] == 6
    assert replay["players"][0]["runes"][0]["card"] == 15
    for view in (mine, theirs, replay):
        assert "deck" not in view["players"][0] and "rng" not in view
    text = json.dumps(theirs)
    assert '"card": 13' not in text and '"card": 6' not in text and '"card": 15' not in text


def test_views_reveal_a_face_down_creature_once_flipped() -> None:
    d = Duel(turn=5, current=1)
    d.defender(0, "Reef Warden", face_up=False)
    d.creature(1, "Cinder Scout")
    d.to_battle().acts((1, {"type": "attack", "zone": 0}), (1, {"type": "add", "zone": 0}),
                       (1, {"type": "confirm"}))
    assert RULESET.view(d.g, 1)["players"][0]["creatures"][0]["card"] == 5


def test_windows_and_to_act_follow_public_facts_only() -> None:
    """AR-CHAIN-4: two positions that differ only in which rune is set give the same
    decision to the same seat."""
    seats = []
    for rune in ("Decay", "Stone Skin"):
        d = Duel(turn=5, current=0)
        d.rune(1, rune)
        d.hand(0, "Ember Whelp")
        d.act(0, type="summon", card=0, position="defense")
        seats.append(RULESET.to_act(d.g))
    assert seats[0] == seats[1] == {1}


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_random_duels_keep_the_invariants(seed: int) -> None:
    """No negative HP; each player's 30 cards are all somewhere (hand, deck, fields, wards,
    netherworlds); at most five creatures and five runes a side; face-down creatures are in
    defense; the duel ends within the cap."""
    game = conformance.play(RULESET, seed)
    for g in [*game.states[::7], game.states[-1]]:
        owned = [0, 0]
        for c in field.all_pieces(g):
            owned[c.owner] += 1
        assert owned == [30, 30]
        for p in g.players:
            assert 0 <= p.hp <= 10
            assert len(p.creatures) == len(p.runes) == 5
            assert all(c.face_up or c.position == "defense" for c in p.creatures if c)
    assert RULESET.outcome(game.states[-1]) is not None


def test_PL_STATE_3_a_state_saved_before_version_4_keeps_the_free_empty_draw() -> None:
    """AR-START-5 changed in ruleset 4 (an empty deck costs HP at the draw). A game saved
    under version 3 has no `empty_deck_hp` in its options: it goes on with version 3's
    reading (no HP lost), and a new game's state names the option."""
    state = RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks()[:2], 4)
    doc = RULESET.to_json(state)
    assert doc["options"]["empty_deck_hp"] == 1
    del doc["options"]["empty_deck_hp"]
    assert RULESET.from_json(doc).options.empty_deck_hp == 0


def test_PL_STATE_3_a_ruleset_3_duel_reports_its_version_after_the_empty_deck_rule() -> None:
    """A replay recorded under version 3 is not re-simulated under version 4's empty-deck
    rule (AR-START-5) but reported stale, naming its own version."""
    assert_an_older_replay_is_stale(RULESET, 3)
