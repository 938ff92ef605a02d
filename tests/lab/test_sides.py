"""`marcomage balance --sides` (issues 32-35): ready-made sides played against each other,
the matchup table with Wilson intervals, the seats' shares and the share of capped games."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from marcomage.cli import main as cli_main
from marcomage.games import RULESETS, register
from marcomage.lab.analysis import summary
from marcomage.lab.games import Setup
from marcomage.lab.matchups import markdown, sides_summary
from marcomage.lab.seating import seating, total_games
from marcomage.lab.tournament import run
from marcomage.platform.protocol import DeckDoc

from .rigged import ACE, Rigged


class CappedRigged(Rigged):
    """The rigged game where a coin toss counts as running into the cap."""

    id = "rigged_sides"
    cap_end_types = frozenset({"coin"})

    def starter_decks(self) -> list[DeckDoc]:
        plain, ace = super().starter_decks()
        return [{**plain, "name": "Plain"}, {**ace, "name": "Ace"}]


@pytest.fixture
def rigged() -> Iterator[CappedRigged]:
    ruleset = CappedRigged()
    register(ruleset)  # type: ignore[arg-type]
    yield ruleset
    RULESETS.pop(ruleset.id, None)


def test_two_seats_play_every_pairing_equally_in_both_seat_orders() -> None:
    seated = [seating(3, 2, False, "s", i) for i in range(12)]
    assert Counter(tuple(sorted(s)) for s in seated) == {(0, 1): 4, (0, 2): 4, (1, 2): 4}
    assert Counter(seated)[(0, 1)] == Counter(seated)[(1, 0)] == 2
    assert total_games(3, 2, 4, mirrors=True) == 4 * 6
    assert (1, 1) in {seating(3, 2, True, "s", i) for i in range(6)}


def test_many_seats_seat_distinct_sides_from_the_game_seed() -> None:
    games = [seating(5, 3, False, "s", i) for i in range(200)]
    assert all(len(set(g)) == 3 for g in games)
    assert games == [seating(5, 3, False, "s", i) for i in range(200)]
    firsts = Counter(g[0] for g in games)
    assert set(firsts) == set(range(5)) and min(firsts.values()) > 20


def test_the_side_holding_the_ace_wins_its_pairing_and_the_table_says_so(
        rigged: CappedRigged) -> None:
    sides = tuple(rigged.sides())
    setup = Setup(rigged.id, ("random", "random"), "sides", sides=sides, mirrors=True)
    games = total_games(len(sides), 2, 20, mirrors=True)
    results = run(setup, games, jobs=1)
    doc = summary(results, {})
    table = sides_summary(results, [s.name for s in sides], rigged.cap_end_types,
                          doc["cards"])
    pairing = next(r for r in table["pairings"] if not r["mirror"])
    assert ACE in [e["card"] for e in sides[1].deck["entries"]]
    assert (pairing["a"], pairing["b"]) == ("Plain", "Ace")
    wins_of_ace = pairing["b_wins"]
    assert pairing["games"] == 20 and wins_of_ace == 20 and not pairing["in_target"]
    # Only the two mirrors (no ace, or both aces) are decided by the coin: "capped" here.
    assert table["capped"]["games"] == 40 and not table["capped"]["in_target"]
    assert "| NO |" in markdown(table) and "mirror" in markdown(table)


def test_the_command_prints_the_table_and_refuses_bad_settings(
        rigged: CappedRigged, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["balance", "--game", rigged.id, "--sides", "--games", "6", "--jobs", "1",
            "--quiet", "--no-latest", "--format", "jsonl"]
    assert cli_main([*base, "--out", str(tmp_path / "run")]) == 0
    printed = capsys.readouterr().out
    assert "| side A | side B |" in printed and "Capped games (coin)" in printed
    summary_doc = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary_doc["sides"]["pairings"][0]["games"] == 6
    assert cli_main([*base, "--options", "[1]"]) == 2
    assert "JSON object" in capsys.readouterr().err
    assert cli_main([*base, "--bots", "random:depth=x"]) == 2
    assert "key=whole number" in capsys.readouterr().err
    assert cli_main([*base, "--seats", "3"]) == 2
    assert "not 3" in capsys.readouterr().err


def test_a_time_limit_stops_the_run_after_whole_rounds_of_pairings(
        rigged: CappedRigged, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 34: a table on a busy machine must end at a known time. `--time-limit` stops
    taking games once it has passed; with --sides a chunk is one round of every pairing in
    both seat orders, so the games finished still give every pairing equally."""
    base = ["balance", "--game", rigged.id, "--sides", "--mirrors", "--games", "40",
            "--jobs", "1", "--quiet", "--no-latest", "--format", "jsonl"]
    assert cli_main([*base, "--time-limit", "1e-9", "--out", str(tmp_path / "run")]) == 0
    printed = capsys.readouterr().out
    assert "stopped by --time-limit" in printed and "6 of 120 games" in printed
    doc = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert doc["stopped"] and doc["games"] == 6 and doc["planned_games"] == 120
    assert [r["games"] for r in doc["sides"]["pairings"]] == [2, 2, 2]
    assert cli_main([*base, "--time-limit", "-1"]) == 2
    assert "--time-limit" in capsys.readouterr().err
    whole = run(Setup(rigged.id, ("random", "random"), "t", sides=tuple(rigged.sides())),
                8, jobs=1, chunk=2, time_limit=3600)
    assert not whole.stopped and len(whole.winner) == 8
