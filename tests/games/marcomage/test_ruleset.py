"""The platform protocol over MArcomage (PL-PROTO, PL-MA, PL-SHARED-6): playouts end, illegal
actions change nothing, JSON round-trips, views hold nothing hidden, and the adapter's
options, decks, ends and awards."""

from __future__ import annotations

import json
from typing import Any

import pytest

from marcomage.games.marcomage import IllegalAction, Rng, random_deck
from marcomage.games.marcomage.awards import Rating
from marcomage.games.marcomage.ruleset import RULESET, Options
from marcomage.games.marcomage.serialize import dumps
from marcomage.platform import protocol
from marcomage.platform.protocol import DeckDoc, Outcome


def deck_doc(seed: int, tokens: list[str] | None = None) -> DeckDoc:
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
    assert outcome is not None and outcome.final_round <= 250
    assert len(states) - 1 <= RULESET.max_steps
    assert RULESET.to_act(final) == frozenset()
    assert outcome.result in ("win", "draw")
    assert outcome.end_type in ("destruction", "construction", "resource", "timeout", "draw")


def test_PL_PROTO_5_apply_refuses_unlisted_actions_and_changes_nothing() -> None:
    state = playout(7)[3]
    (seat,) = RULESET.to_act(state)
    before = dumps(state)
    legal = RULESET.legal_actions(state, seat)
    candidates: list[Any] = [{"type": t, "pos": p, "mode": m}
                             for t in ("play", "discard", "pass") for p in range(0, 10)
                             for m in range(0, 9)]
    candidates += [{"type": "discard", "pos": p} for p in (0, 9, True, "1")]
    candidates += [{**a, "extra": 1} for a in legal] + [[], "discard", None]
    refused = 0
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as refusal:
            RULESET.apply(state, seat, action)
        assert isinstance(refusal.value, protocol.IllegalAction)
        refused += 1
    with pytest.raises(IllegalAction) as wrong_turn:
        RULESET.apply(state, 1 - seat, legal[0])
    assert wrong_turn.value.code == "wrong-turn" and wrong_turn.value.legacy
    assert refused > 100
    assert dumps(state) == before


def test_PL_STATE_2_json_round_trips_through_the_protocol() -> None:
    for state in playout(11)[::10]:
        doc = RULESET.to_json(state)
        assert RULESET.to_json(RULESET.from_json(json.loads(json.dumps(doc)))) == doc


def test_PL_VIEW_hidden_hand_and_generator_never_in_a_view() -> None:
    """C-FLAG-6: in hidden-cards mode the opponent's hand does not reach the viewer;
    resampling the hidden zones leaves the view unchanged."""
    state = playout(3, Options(hidden=True))[6]
    for seat in (0, 1):
        original = RULESET.view(state, seat)
        assert original["you"] == seat and original["current"] == state.current
        assert None in original["opponent"]["hand"]
        assert "deck" not in original["opponent"] and "deck" in original["me"]
        other = RULESET.resample_hidden(state, seat, Rng.from_seed(99 + seat))
        assert other.players[1 - seat].hand != state.players[1 - seat].hand
        assert RULESET.view(other, seat) == original
        assert state.rng.to_json()[0] not in json.dumps(original)


def test_PL_VIEW_4_the_replay_view_shows_both_hands_without_decks() -> None:
    state = playout(3, Options(hidden=True))[6]
    doc = RULESET.view(state, None)
    assert doc["you"] is None and doc["current"] == state.current
    assert [p["hand"] for p in doc["players"]] == [p.hand for p in state.players]
    assert all("deck" not in p for p in doc["players"])
    assert RULESET.view(RULESET.resample_hidden(state, None, Rng.from_seed(5)), None) == doc
    with pytest.raises(ValueError, match="seats are 0 and 1"):
        RULESET.view(state, 2)


def test_PL_PROTO_8_resign_gives_the_other_seat_the_win() -> None:
    state = playout(5)[2]
    after = RULESET.resign(state, 0)
    assert RULESET.outcome(after) == Outcome("win", (1,), "surrender", state.round)
    assert RULESET.view(after, 0)["outcome"] == {
        "result": "win", "winners": [1], "end_type": "surrender", "final_round": state.round}
    assert RULESET.outcome(state) is None
    with pytest.raises(IllegalAction):
        RULESET.resign(after, 1)


def test_PL_PROTO_6_abort_has_no_winner_and_abandon_one() -> None:
    """C-END-6: abort ends without a result; abandon ("Finish") gives the win."""
    state = playout(5)[2]
    aborted = RULESET.end(state, "abort", ())
    assert RULESET.outcome(aborted) == Outcome("none", (), "abort", state.round)
    assert RULESET.to_act(aborted) == frozenset()
    abandoned = RULESET.end(state, "abandon", (0,))
    assert RULESET.outcome(abandoned) == Outcome("win", (0,), "abandon", state.round)
    with pytest.raises(ValueError, match="no winner"):
        RULESET.end(state, "abort", (1,))
    with pytest.raises(ValueError, match="exactly one winner"):
        RULESET.end(state, "abandon", ())
    with pytest.raises(ValueError, match="not an end type"):
        RULESET.end(state, "destruction", (0,))
    with pytest.raises(IllegalAction):
        RULESET.end(aborted, "abort", ())
    assert RULESET.outcome(state) is None


def test_PL_PROTO_7_options_from_json_refuse_unknown_keys_and_wrong_types() -> None:
    assert RULESET.options_from_json({"hidden": True}) == Options(hidden=True)
    assert RULESET.options_from_json({}) == Options()
    assert RULESET.options_to_json(Options(friendly=True)) == {"hidden": False,
                                                                "friendly": True}
    with pytest.raises(ValueError, match="no option 'fog'"):
        RULESET.options_from_json({"fog": True})
    with pytest.raises(ValueError, match="true or false"):
        RULESET.options_from_json({"hidden": 1})


def test_validate_deck_reports_reasons() -> None:
    """C-DECK-1: 15 distinct cards of each rarity; tokens are token keywords."""
    assert RULESET.validate_deck(deck_doc(1)) == []
    short = deck_doc(1)
    short["entries"] = short["entries"][:-1]
    (problem,) = RULESET.validate_deck(short)
    assert problem.code == "section-size"
    assert "Rare section holds 14 cards" in problem.message
    doubled = deck_doc(1)
    doubled["entries"][1] = doubled["entries"][0]
    assert [v.code for v in RULESET.validate_deck(doubled)] == ["copies"]
    bad_tokens = deck_doc(1, ["Aqua"])
    (token_problem,) = RULESET.validate_deck(bad_tokens)
    assert token_problem.code == "tokens" and "not a token keyword" in token_problem.message
    unknown = deck_doc(1)
    unknown["entries"][0] = {"card": 99999, "count": 1}
    assert "unknown-card" in [v.code for v in RULESET.validate_deck(unknown)]
    assert RULESET.validate_deck(deck_doc(1), "highlander")[0].code == "format"
    assert RULESET.validate_deck({**deck_doc(1), "game": "arcana"})[0].code == "game"
    assert RULESET.validate_deck({"entries": "all"})[0].code == "entries"


def test_C_DECK_11_starter_decks_are_the_three_valid_decks_of_a_new_player() -> None:
    decks = RULESET.starter_decks()
    assert [d["name"] for d in decks] == ["deck 1", "deck 2", "deck 3"]
    assert all(RULESET.validate_deck(d) == [] for d in decks)
    assert [e["card"] for e in decks[0]["entries"][:3]] == [54, 240, 71]
    assert decks[2]["entries"][-1]["card"] == 128
    state = RULESET.new_game(Options(), decks[:2], 1)
    assert state.players[0].token_names == ("none", "none", "none")


def test_C_DECK_10_a_deck_without_tokens_gets_auto_tokens() -> None:
    doc = deck_doc(4)
    del doc["extra"]
    state = RULESET.new_game(Options(), [doc, deck_doc(5, ["Holy"])], 1)
    assert state.players[0].token_names != ("none", "none", "none")
    assert state.players[1].token_names == ("Holy", "none", "none")
    with pytest.raises(ValueError, match="section holds"):
        RULESET.new_game(Options(), [deck_doc(1), {"entries": []}], 1)


def test_C_EXP_awards_rate_both_seats_and_the_rating_round_trips() -> None:
    """C-EXP-3 to C-EXP-13 through the protocol; friendly and aborted games give nothing."""
    states = playout(2)
    final, before = states[-1], states[-2]
    (seat,) = RULESET.to_act(before)
    action = next(a for a in RULESET.legal_actions(before, seat)
                  if RULESET.to_json(RULESET.apply(before, seat, a)[0])
                  == RULESET.to_json(final))
    outcome = RULESET.outcome(final)
    assert outcome is not None
    got = RULESET.awards(final, [3, 5], False, (seat, action))
    results = [a.result for a in got]
    if outcome.winners:
        assert results[outcome.winners[0]] == "win" and "loss" in results
    assert all(a.exp > 0 or a.result == "loss" for a in got)
    for award in got:
        rating = Rating.from_json(award.details["rating"])
        assert rating.gain == award.exp
        assert rating.to_json() == award.details["rating"]
        json.dumps(award.details)
    assert [a.exp for a in RULESET.awards(final, [3, 5], True, (seat, action))] == [0, 0]
    aborted = RULESET.end(states[3], "abort", ())
    assert RULESET.awards(aborted, [3, 5], False, None) == [
        protocol.SeatAward("none", 0), protocol.SeatAward("none", 0)]
    surrendered = RULESET.resign(states[3], 1)
    won, lost = RULESET.awards(surrendered, [0, 0], False, None)
    assert (won.result, won.exp, lost.result, lost.exp) == ("win", won.exp, "loss", 0)
    assert won.exp > 0


def test_issue_30_random_decks_are_legal_and_follow_their_generator() -> None:
    """The ruleset's random decks (the lab's, the computer's, `marcomage play`'s) are
    standard decks with their automatic tokens, and one generator gives one deck."""
    from marcomage.games.marcomage.ruleset import random_decks

    for seed in range(5):
        deck = RULESET.random_deck(Rng.from_seed(seed))
        assert RULESET.validate_deck(deck) == []
        assert deck["extra"]["tokens"] and deck == RULESET.random_deck(Rng.from_seed(seed))
    first, second = random_decks("x")
    assert first != second and random_decks("x") == [first, second]


def test_issue_30_random_playout_plays_the_random_bots_game() -> None:
    """`random_playout` (the balance lab's compiled fast path, taken by `play_out` when every
    seat is the random bot) makes the very moves the platform's random bots make one at a
    time through the protocol, and leaves the state it was given alone."""
    from marcomage.games.marcomage.ruleset import random_decks
    from marcomage.platform.bots import RandomBot, bot_action, play_out
    from marcomage.platform.replay import state_hash

    for seed in range(4):
        state = RULESET.new_game(Options(), random_decks(seed), seed)
        before = dumps(state)
        fast, moves = play_out(RULESET, state, [RandomBot(f"{seed}/0"), RandomBot(f"{seed}/1")])
        assert dumps(state) == before
        bots = [RandomBot(f"{seed}/0"), RandomBot(f"{seed}/1")]
        slow, steps = state, 0
        while RULESET.outcome(slow) is None:
            (seat,) = RULESET.to_act(slow)
            slow, _ = RULESET.apply(slow, seat, bot_action(RULESET, slow, seat, bots[seat]))
            steps += 1
        assert (state_hash(RULESET, fast), moves) == (state_hash(RULESET, slow), steps)
        assert RULESET.outcome(fast) is not None and moves > 10
