"""benchmarks/elder_tale_pairings.py screens chosen Elder Tale pairings (issue 35): seeded,
seats alternating, a clear error for a name that is no character."""

from __future__ import annotations

from types import ModuleType

import pytest

from .bench_scripts import bench_script


def pairings() -> ModuleType:
    return bench_script("elder_tale_pairings.py", "elder_tale_pairings")


def test_issue_35_a_screen_is_seeded_and_names_sides_by_their_first_word(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tool = pairings()
    names = ["Aren, Ember Knight", "Sefa, Stormcaller", "Brann, Stonewarden"]
    assert tool.side_index(names, "brann") == 2
    with pytest.raises(SystemExit, match="No single character named 'Nobody'"):
        tool.side_index(names, "Nobody")
    first = tool.screen(0, 1, 1, seed=7)
    assert first == tool.screen(0, 1, 1, seed=7)
    assert first[0] in (0.0, 0.5, 1.0) and first[1] == 0
    assert tool.main(["Aren-Sefa", "--games", "1", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Aren, Ember Knight v Sefa, Stormcaller: ") and "0 capped" in out
