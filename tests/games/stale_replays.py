"""A shared check of PL-STATE-3 for a ruleset whose version went up: a replay recorded under
an older version is not re-simulated under the new rules but reported stale, naming the
version it was recorded under."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from marcomage.platform.replay import Recorder, Replay, verify


def assert_an_older_replay_is_stale(ruleset: Any, older: int, seed: int = 4) -> None:
    """Record one move of a two-seat game of the first starter decks (a game with one
    standard pack seats it twice), check the replay verifies under the current version,
    then check that the same steps under version `older` are stale."""
    assert older < ruleset.version
    rulesets = {ruleset.id: ruleset}
    decks = (list(ruleset.starter_decks()) * 2)[:2]
    rec = Recorder(ruleset, ruleset.options_from_json({}), decks, seed=seed)
    seat = next(s for s in (0, 1) if ruleset.legal_actions(rec.state, s))
    rec.act(seat, ruleset.legal_actions(rec.state, seat)[0])
    replay = rec.replay()
    assert verify(replay, rulesets).ok
    stale = verify(Replay(replace(replay.header, version=older), replay.steps), rulesets)
    assert stale.status == "stale", stale
    assert f"{ruleset.id} version {older}" in stale.message, stale.message
