"""Replays (PL-STATE-3): header and steps as JSON, re-simulation, drift and stale versions."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from marcomage.games import RULESETS
from marcomage.platform.protocol import IllegalAction
from marcomage.platform.replay import (
    Recorder,
    Replay,
    ReplayError,
    Step,
    record,
    resimulate,
    state_at,
    state_hash,
    verify,
)

from .toy import RULESET as TOY
from .toy import Options

MARCOMAGE = RULESETS["marcomage"]


def toy_game(seed: int = 3) -> Recorder:
    """A toy game: two tricks, one of them doubled, then seat 1 surrenders."""
    rec = record(TOY, Options(tricks=4), TOY.starter_decks(), seed, ["ann", "bob", "cy"])
    for _ in range(2):
        for seat in (2, 0, 1):
            rec.act(seat, {"type": "bid", "slot": 0})
        (taker,) = TOY.to_act(rec.state)
        rec.act(taker, {"type": "double"})
    rec.resign(1)
    return rec


def test_PL_STATE_3_a_replay_header_holds_what_starts_the_game() -> None:
    replay = toy_game().replay()
    header = replay.to_json()["header"]
    assert header == {"ruleset": "toy", "version": 1, "options": {"tricks": 4},
                      "decks": TOY.starter_decks(), "seats": ["ann", "bob", "cy"], "seed": 3}
    assert [(s.seat, s.kind) for s in replay.steps][-2:] == [(replay.steps[-2].seat, "action"),
                                                           (1, "surrender")]


def test_PL_STATE_3_replay_json_round_trips_with_its_schema() -> None:
    replay = toy_game().replay()
    doc = json.loads(json.dumps(replay.to_json()))
    assert doc["format"] == "replay" and doc["schema"] == 1
    assert Replay.from_json(doc) == replay
    with pytest.raises(ReplayError, match="schema 2 is not supported"):
        Replay.from_json({**doc, "schema": 2})
    with pytest.raises(ReplayError, match="not a replay"):
        Replay.from_json({"steps": []})
    broken = json.loads(json.dumps(doc))
    broken["steps"][1]["kind"] = "teleport"
    with pytest.raises(ReplayError, match="Step 1: A step's kind is one of"):
        Replay.from_json(broken)
    broken["steps"][1] = {**doc["steps"][1], "seat": "one"}
    with pytest.raises(ReplayError, match="seat number or null"):
        Replay.from_json(broken)


def test_PL_STATE_3_resimulation_reproduces_every_state() -> None:
    rec = toy_game()
    states = list(resimulate(rec.replay(), TOY))
    assert len(states) == len(rec.steps) + 1
    assert [state_hash(TOY, s) for s in states[1:]] == [s.hash_after for s in rec.steps]
    assert state_hash(TOY, state_at(rec.replay(), TOY, len(rec.steps))) == state_hash(
        TOY, rec.state)
    assert TOY.outcome(state_at(rec.replay(), TOY, 0)) is None
    with pytest.raises(IndexError, match="steps 0 to"):
        state_at(rec.replay(), TOY, len(rec.steps) + 1)
    with pytest.raises(ReplayError, match="'toy' replay, not 'marcomage'"):
        state_at(rec.replay(), MARCOMAGE, 0)


def test_PL_STATE_3_verify_ok_and_the_first_drifted_step() -> None:
    replay = toy_game().replay()
    rulesets: dict[str, Any] = {"toy": TOY}
    report = verify(replay, rulesets)
    assert report.ok and report.checked == len(replay.steps)
    steps = list(replay.steps)
    steps[3] = replace(steps[3], hash_after="f" * 64)
    steps[5] = replace(steps[5], hash_after="e" * 64)
    drifted = verify(Replay(replay.header, tuple(steps)), rulesets)
    assert (drifted.ok, drifted.status, drifted.step) == (False, "drifted", 3)
    assert drifted.expected == "f" * 64 and drifted.actual == replay.steps[3].hash_after
    refused = list(replay.steps)
    refused[0] = replace(refused[0], action={"type": "bid", "slot": 9})
    report = verify(Replay(replay.header, tuple(refused)), rulesets)
    assert (report.status, report.step, report.actual) == ("drifted", 0, None)
    assert "refused" in report.message


def test_PL_STATE_3_an_old_version_runs_on_kept_code_or_is_stale() -> None:
    replay = toy_game().replay()
    old = Replay(replace(replay.header, version=0), replay.steps)
    stale = verify(old, {"toy": TOY})
    assert stale.status == "stale" and "version 0" in stale.message
    assert verify(old, {"toy": TOY}, kept={("toy", 0): TOY}).ok
    assert verify(replay, {}).status == "unknown"


def test_PL_PROTO_8_platform_steps_abort_and_abandon_are_recorded() -> None:
    rec = record(TOY, Options(), TOY.starter_decks(), 1)
    rec.end("abandon", [2])
    assert rec.steps[-1] == Step(None, "abandon", None, state_hash(TOY, rec.state), (2,))
    assert verify(rec.replay(), {"toy": TOY}).ok
    aborted = record(TOY, Options(), TOY.starter_decks(), 1)
    aborted.end("abort")
    assert TOY.outcome(aborted.state).end_type == "abort"  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="abort or abandon"):
        aborted.end("surrender")
    with pytest.raises(ReplayError, match="names its winners"):
        Step(None, "abandon", None, "0" * 64, ())
    several = record(TOY, Options(), TOY.starter_decks(), 1)
    several.end("abandon", [0, 2])  # three seats: the two who waited win together
    assert several.steps[-1].winners == (0, 2)
    assert verify(several.replay(), {"toy": TOY}).ok


def test_PL_PROTO_5_a_refused_action_records_nothing() -> None:
    rec = record(TOY, Options(), TOY.starter_decks(), 1)
    with pytest.raises(IllegalAction):
        rec.act(0, {"type": "keep"})
    assert rec.steps == []


def test_PL_STATE_3_a_marcomage_replay_verifies() -> None:
    rec = record(MARCOMAGE, MARCOMAGE.options_from_json({"hidden": True}),
                 MARCOMAGE.starter_decks()[1:], 9)
    for _ in range(30):
        (seat,) = MARCOMAGE.to_act(rec.state)
        rec.act(seat, MARCOMAGE.legal_actions(rec.state, seat)[-1])
    rec.resign(0)
    replay = Replay.from_json(json.loads(json.dumps(rec.replay().to_json())))
    assert verify(replay, RULESETS).ok
