"""benchmarks/ai_tally.py adds up a match played in chunks (issue 11's 400-game measure)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from .bench_scripts import bench_script

REPORT = """games: {games}
bots: player 1 mcts (1 CPU s/move), player 2 greedy
player 1 wins: {p1}  x%
player 2 wins: {p2}  x%
draws:          {draws}   x%
mean rounds: {rounds}
"""


def tally() -> ModuleType:
    return bench_script("ai_tally.py", "ai_tally")


def test_chunks_add_up_with_weighted_rounds_and_a_wilson_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "a.txt").write_text(REPORT.format(games=20, p1=13, p2=6, draws=1, rounds=40.0))
    (tmp_path / "b.txt").write_text(REPORT.format(games=80, p1=57, p2=23, draws=0, rounds=45.0))
    assert tally().main([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]) == 0
    out = capsys.readouterr().out
    assert "games: 100 in 2 chunks" in out
    assert "player 1 wins: 70 (70.0%), 95% Wilson interval 60.4% to 78.1%" in out
    assert "mean rounds: 44.0" in out


def test_an_unfinished_chunk_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.txt").write_text("games: 20\nbots: x\nplayer 1 wins: 3\n")
    assert tally().main([str(tmp_path / "a.txt")]) == 1
    assert "no 'p2' line" in capsys.readouterr().err
