"""The JSON export of a replay (PL-STATE-3) and `marcomage replay verify` on it: OK as
downloaded, drift at the step whose hash is altered."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from marcomage.cli import main
from marcomage.platform.replay import Replay
from marcomage.web.accounts.models import User
from marcomage.web.games.models import Seat
from marcomage.web.replays import services

from .games import finished_game


@pytest.fixture
def game(db: None) -> Any:
    alice = User.objects.create_user("alice", "secret words")
    bob = User.objects.create_user("bob", "secret words")
    return finished_game(alice, bob, seed=7, hidden=True)


def download(game: Any) -> dict[str, Any]:
    response = Client().get(f"/replays/{game.pk}.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert f'filename="replay-{game.pk}.json"' in response["Content-Disposition"]
    return json.loads(response.content)


def test_pl_state_3_the_export_holds_the_header_and_every_step_with_its_hash(game: Any) -> None:
    doc = download(game)
    header = doc["header"]
    seats = list(Seat.objects.filter(game=game).order_by("number"))
    assert header["ruleset"] == "marcomage" and header["version"] == game.ruleset_version
    assert header["seed"] == game.seed == 7
    assert header["options"] == {"hidden": True, "friendly": False}
    assert header["seats"] == ["alice", "bob"]
    assert header["decks"] == [seat.deck_doc for seat in seats]
    steps = list(game.steps.order_by("index"))
    assert [s["hash"] for s in doc["steps"]] == [s.hash_after for s in steps]
    assert [(s["seat"], s["kind"], s["action"]) for s in doc["steps"]] == [
        (s.seat, s.kind, s.action) for s in steps]
    assert Replay.from_json(doc).to_json() == doc == services.replay_of(game).to_json()


def test_pl_state_3_replay_verify_says_ok_then_drift_at_an_altered_hash(
        game: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = download(game)
    exported = tmp_path / "replay.json"
    exported.write_text(json.dumps(doc), "utf-8")
    assert main(["replay", "verify", str(exported)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK:") and f"All {len(doc['steps'])} steps" in out

    doc["steps"][4]["hash"] = "0" * 64
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(doc), "utf-8")
    assert main(["replay", "verify", str(tampered)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("DRIFTED:")
    assert "first drifted step: 4" in out
    assert "expected hash: " + "0" * 64 in out
