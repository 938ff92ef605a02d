"""The `marcomage` command line, run as a user runs it: play, simulate, apply, conformance."""

from __future__ import annotations

import gzip
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from marcomage.cli import main
from marcomage.games import find_ruleset
from marcomage.games.marcomage import CARDS, Action, from_json, push, state_hash, to_json
from marcomage.games.marcomage.golden import read_cases, run_case
from marcomage.games.marcomage.ruleset import RULESET, Options, random_decks
from marcomage.platform.bots import RandomBot
from marcomage.platform.rng import seed_to_int
from marcomage.terminal import TerminalGame

GOLDEN = Path(__file__).parent / "data" / "golden.jsonl.gz"
GOBLIN = 13  # no modes
PYRAMIDS = 87  # costs 80 bricks


def new_match(seed: int) -> Any:
    """The game `marcomage play --seed SEED` deals, through the protocol."""
    return RULESET.new_game(Options(), random_decks(seed), seed_to_int(seed))


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The real command line in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-m", "marcomage.cli", *args], input=stdin, capture_output=True,
        text=True, timeout=120, check=False,
    )


def run_main(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    stdin: str = "",
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(args)
    return status, capsys.readouterr().out


# --- play -----------------------------------------------------------------------------


def test_it_plays_a_piped_game_to_the_end() -> None:
    done = run("play", "--seed", "5", "--bot", "random", stdin="d 1\n" * 600)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "seed 5" in out
    assert "You discard" in out and "Opponent " in out
    assert "Your hand (* = you can pay for it):" in out
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("Game over in round ")
    assert "surrender" not in last


def test_it_shows_the_board_a_player_needs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out = run_main(["play", "--seed", "2", "--bot", "greedy"], capsys, monkeypatch,
                           stdin="quit\n")
    assert status == 0
    for label in ("Round 1", "Tower", "Wall", "Quarry", "Magic", "Dungeons", "Bricks", "Gems",
                  "Recruits", "Your tokens:", "Opponent's tokens:", "Opponent's hand:"):
        assert label in out
    game = new_match(2)
    for card in game.players[0].hand:  # the player's hand, by name
        assert CARDS[card].name in out
    assert re.search(r"^ 1 [* ] \S", out, re.MULTILINE)
    assert out.rstrip().endswith("The opponent wins (you surrendered).")


def test_it_hides_the_bots_cards_in_hidden_mode(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, out = run_main(["play", "--seed", "2", "--hidden"], capsys, monkeypatch, stdin="show\n")
    running = out.split("(end of input)")[0]
    assert "Opponent's hand:" not in running
    assert "Opponent's hand:" in out.split("(end of input)")[1]  # shown once the game ends


def test_it_refuses_illegal_input_and_leaves_the_game_unchanged() -> None:
    game = new_match(2)
    you = game.current
    game.players[you].hand[:2] = [GOBLIN, PYRAMIDS]
    before = state_hash(game)
    out = io.StringIO()
    screen = TerminalGame(game, RandomBot(1), io.StringIO(), out, you=you)
    for line in ("p 9", "d 0", "p 2", "p 1 7", "p", "p x", "d 1 2", "p --3", "dance", "help", ""):
        assert screen.human_turn(line) is True
        assert state_hash(screen.state) == before
    text = out.getvalue()
    assert "Not allowed: There is no card position 9; positions are 1 to 8." in text
    assert "Not allowed: There is no card position 0" in text
    assert "Not allowed: Not enough bricks to play Pyramids." in text
    assert "Not allowed: Goblin has no modes; play it in mode 0." in text
    assert text.count("Usage: p SLOT [MODE] or d SLOT") == 4
    assert "Unknown command 'dance'" in text
    assert "p SLOT [MODE]" in text  # help
    assert screen.human_turn("d 2") is False
    assert state_hash(screen.state) != before


def test_it_reprompts_after_illegal_input_then_plays_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out = run_main(["play", "--seed", "1", "--bot", "random"], capsys, monkeypatch,
                           stdin="p 9\nd 3\nquit\n")
    assert status == 0
    assert out.count("Your move> ") >= 3
    after_refusal = out.split("Not allowed: There is no card position 9")[1]
    assert "You discard" in after_refusal


# --- simulate ---------------------------------------------------------------------------

TIMING = ("wall time:", "turns/s:", "games/s:")


def test_it_simulates_the_same_games_on_one_or_two_processes() -> None:
    two = run("simulate", "--games", "4", "--jobs", "2", "--seed", "9")
    one = run("simulate", "--games", "4", "--jobs", "1", "--seed", "9", "--no-progress")
    assert two.returncode == 0 and one.returncode == 0, two.stderr + one.stderr
    for label in ("games: 4", "player 1 wins:", "player 2 wins:", "draws:", "victory types:",
                  "mean rounds:", "results digest:", *TIMING):
        assert label in two.stdout
    assert "4/4 games" in two.stderr  # the progress bar
    assert one.stderr == ""

    def results(out: str) -> list[str]:
        return [line for line in out.splitlines() if not line.startswith(TIMING)]

    assert results(one.stdout) == results(two.stdout)
    counts = dict(line.split(": ", 1) for line in one.stdout.splitlines())
    wins = [int(counts[k].split()[0]) for k in ("player 1 wins", "player 2 wins", "draws")]
    assert sum(wins) == 4


def test_another_seed_gives_other_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    digests = []
    for seed in ("1", "2"):
        _, out = run_main(["simulate", "--games", "3", "--jobs", "1", "--seed", seed,
                           "--bot", "greedy", "--bot2", "random", "--no-progress"],
                          capsys, monkeypatch)
        assert "bots: player 1 greedy, player 2 random" in out
        digests.append(re.findall(r"results digest: (\w+)", out))
    assert digests[0] != digests[1]


# --- apply ----------------------------------------------------------------------------


def request(state: dict[str, Any], action: dict[str, Any], **extra: Any) -> str:
    return json.dumps({"state": state, "action": action, **extra})


def test_it_applies_actions_given_as_json_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = new_match(4)
    state = to_json(game)
    mover = game.current
    lines = [
        request(state, {"type": "discard", "pos": 1}, seat=mover),
        "{not json",
        "",
        json.dumps({"action": {"type": "discard", "pos": 1}}),
        request(state, {"type": "play", "pos": 9, "mode": 0}),
        request(state, {"type": "discard", "pos": 1}, seat=1 - mover),
        request(state, {"type": "discard", "pos": 1}, seat=2),
        request(state, {"type": "discard", "pos": "one"}),
        request({"round": 1}, {"type": "discard", "pos": 1}),
        request(state, {"type": "discard", "pos": 2}),
    ]
    status, out = run_main(["apply"], capsys, monkeypatch, stdin="\n".join(lines) + "\n")
    assert status == 0
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 9  # one per non-blank line
    expected = from_json(state)
    push(expected, Action.discard(1), game.current)
    assert answers[0] == {"ok": True, "state": to_json(expected)}
    assert [a["ok"] for a in answers] == [True] + [False] * 7 + [True]
    assert [a.get("code") for a in answers[1:8]] == [
        "bad-json", "bad-request", "bad-position", "wrong-turn", "bad-request",
        "invalid-action", "bad-state",
    ]
    assert all(a["error"] for a in answers[1:8])
    assert "no card position 9" in answers[3]["error"]


def test_apply_reads_a_file_and_continues_a_game(tmp_path: Path) -> None:
    new = run("new", "--seed", "3")
    assert new.returncode == 0
    state = json.loads(new.stdout)
    assert state["format"] == "marcomage-game" and state["version"] == 1
    path = tmp_path / "requests.jsonl"
    path.write_text(request(state, {"type": "discard", "pos": 4}) + "\n", encoding="utf-8")
    done = run("apply", str(path))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["ok"] is True
    after = from_json(answer["state"])
    assert after.players[state["current"] - 1].history[-1].played is False
    assert from_json(state).rng.state != after.rng.state  # the refill drew a card


# --- conformance ------------------------------------------------------------------------


def write_cases(path: Path, cases: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(c) + "\n" for c in cases)
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(text.encode("utf-8")))
    else:
        path.write_text(text, encoding="utf-8")


def golden_subset(n: int) -> list[dict[str, Any]]:
    """The first `n` golden cases, their expectation replaced by this engine's answer so
    that the command itself is tested, whatever the state of the card effects."""
    cases = []
    for case in read_cases(GOLDEN):
        case["expected"] = run_case(case)
        cases.append(case)
        if len(cases) == n:
            return cases
    return cases


AGREEMENT = re.compile(r"^agreement: (\d+)/(\d+) \((\d+\.\d\d)%\)$")


def test_conformance_reports_agreement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "subset.jsonl.gz"
    write_cases(path, golden_subset(20))
    answers = tmp_path / "answers.jsonl"
    status, out = run_main(["conformance", str(path), "--answers", str(answers)],
                           capsys, monkeypatch)
    match = AGREEMENT.match(out.rstrip().splitlines()[-1])
    assert match is not None
    assert match.groups() == ("20", "20", "100.00")
    assert status == 0
    assert len(answers.read_text(encoding="utf-8").splitlines()) == 20


def test_conformance_fails_on_a_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    cases = golden_subset(5)
    cases[2]["expected"]["state"]["p1"]["tower"] += 1
    path = tmp_path / "subset.jsonl"
    write_cases(path, cases)
    status, out = run_main(["conformance", str(path), "--show", "1"], capsys, monkeypatch)
    assert status == 1
    assert f"mismatch {cases[2]['id']}" in out
    assert "/state/p1/tower" in out
    assert out.rstrip().splitlines()[-1] == "agreement: 4/5 (80.00%)"


def test_conformance_on_a_missing_file_is_an_error() -> None:
    done = run("conformance", "/nonexistent/cases.jsonl")
    assert done.returncode == 2
    assert "no such file" in done.stderr


# --- simulate --game and replay verify (PL-STATE-3, PL-SHARED-5) ----------------------------


def run_err(args: list[str], capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """The exit status, output and error output of `main(args)`."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_PL_STATE_3_simulated_replays_verify_and_a_tampered_one_drifts(
        tmp_path: Path) -> None:
    done = run("simulate", "--game", "marcomage", "--games", "2", "--jobs", "1", "--seed", "4",
               "--p2", "greedy", "--replays", str(tmp_path), "--no-progress")
    assert done.returncode == 0, done.stderr
    assert f"game: MArcomage (marcomage version {find_ruleset('marcomage').version})" in done.stdout
    assert "bots: seat 0 random, seat 1 greedy" in done.stdout
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["0.json", "1.json"]
    ok = run("replay", "verify", str(files[0]))
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("OK: ") and "reproduce their hashes" in ok.stdout

    doc = json.loads(files[0].read_text())
    assert doc["header"]["decks"][0]["name"] == "deck 1"  # the starter decks (C-DECK-11)
    doc["steps"][5]["hash"] = "0" * 64
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(doc))
    drifted = run("replay", "verify", str(tampered))
    assert drifted.returncode == 1
    assert drifted.stdout.startswith("DRIFTED: ")
    assert "first drifted step: 5" in drifted.stdout and "0" * 64 in drifted.stdout


def test_PL_STATE_3_a_replay_of_an_unkept_version_is_stale(tmp_path: Path) -> None:
    run("simulate", "--game", "marcomage", "--games", "1", "--jobs", "1",
        "--replays", str(tmp_path), "--no-progress")
    doc = json.loads((tmp_path / "0.json").read_text())
    doc["header"]["version"] = 0
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    stale = run("replay", "verify", str(old))
    assert stale.returncode == 1 and stale.stdout.startswith("STALE: ")
    assert "version 0" in stale.stdout


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "is not JSON"),
    ('{"format": "replay", "schema": 9, "steps": []}', "schema 9 is not supported"),
])
def test_replay_verify_refuses_a_file_that_is_not_a_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    status, _, err = run_err(["replay", "verify", str(path)], capsys, monkeypatch)
    assert status == 2 and message in err
    status, _, err = run_err(["replay", "verify", str(tmp_path / "none.json")], capsys,
                             monkeypatch)
    assert status == 2 and "cannot read" in err


def test_PL_SHARED_5_simulate_any_registered_game_with_random_bots(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from marcomage.games import RULESETS

    from .platform.toy import RULESET as TOY

    monkeypatch.setitem(RULESETS, TOY.id, TOY)
    status, out = run_main(["simulate", "--game", "toy", "--games", "5", "--jobs", "1",
                            "--seed", "3", "--no-progress", "--replays", str(tmp_path)],
                           capsys, monkeypatch)
    assert status == 0
    assert "bots: seat 0 random, seat 1 random, seat 2 random" in out
    wins = [int(re.search(rf"seat {k} wins: (\d+)", out).group(1))  # type: ignore[union-attr]
            for k in range(3)]
    assert sum(wins) >= 5 - int(re.search(r"draws: (\d+)", out).group(1))  # type: ignore[union-attr]
    assert "end types: points 5" in out
    status, out = run_main(["replay", "verify", str(tmp_path / "4.json")], capsys, monkeypatch)
    assert status == 0 and "toy version 1" in out

    status, _, err = run_err(["simulate", "--game", "toy", "--p1", "greedy", "--no-progress"],
                             capsys, monkeypatch)
    assert status == 2
    assert "Toy (test only) has no bot 'greedy'; choose from random" in err


def test_simulate_game_takes_decks_from_a_file_and_refuses_bad_ones(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from marcomage.games import find_ruleset

    starters = find_ruleset("marcomage").starter_decks()
    good = tmp_path / "decks.json"
    good.write_text(json.dumps([starters[2], starters[2]]))
    status, out = run_main(["simulate", "--game", "marcomage", "--games", "1", "--jobs", "1",
                            "--decks", str(good), "--replays", str(tmp_path / "r"),
                            "--no-progress"], capsys, monkeypatch)
    assert status == 0 and "games: 1" in out
    replay = json.loads((tmp_path / "r" / "0.json").read_text())
    assert [d["name"] for d in replay["header"]["decks"]] == ["deck 3", "deck 3"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([starters[0], {**starters[1], "entries": []}]))
    status, _, err = run_err(["simulate", "--game", "marcomage", "--decks", str(bad)],
                             capsys, monkeypatch)
    assert status == 2 and "deck 1: The Common section holds 0 cards" in err
    status, _, err = run_err(["simulate", "--game", "chess"], capsys, monkeypatch)
    assert status == 2 and "no game 'chess'" in err
    status, _, err = run_err(["simulate", "--p1", "oracle"], capsys, monkeypatch)
    assert status == 2 and "no bot 'oracle'" in err
