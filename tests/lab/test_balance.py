"""The balance lab (issue 25): the estimator on a rigged pool, and the same results from the
same seed however the games are spread."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marcomage.games import RULESETS, register
from marcomage.lab.analysis import benjamini_hochberg, difference, summary, wilson
from marcomage.lab.games import Setup
from marcomage.lab.report import html
from marcomage.lab.tournament import run, write

from .rigged import ACE, Rigged


@pytest.fixture
def rigged() -> object:
    ruleset = Rigged()
    register(ruleset)  # type: ignore[arg-type]
    yield ruleset
    RULESETS.pop(ruleset.id, None)


def test_the_card_that_always_wins_is_named_and_no_other(rigged: object, tmp_path: Path) -> None:
    results = run(Setup("rigged", ("random", "random"), "rig"), 3000, jobs=1, chunk=500)
    doc = summary(results, {})
    by_card = {c["card"]: c for c in doc["cards"]}
    assert doc["outliers"] == {"strong": [ACE], "weak": []}
    ace = by_card[ACE]
    assert ace["significant"] and ace["low"] > 0.3  # true difference: 0.875 - 0.375
    assert doc["cards"][0]["card"] == ACE
    assert all(not c["significant"] for c in doc["cards"] if c["card"] != ACE)
    assert doc["end_types"].keys() == {"ace", "coin"}
    page = html(doc)
    assert "Significantly stronger: ace." in page and "<svg" in page
    write(results, tmp_path / "games.jsonl")
    rows = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [r["game"] for r in rows] == list(range(3000))


def test_intervals_and_the_correction() -> None:
    low, high = wilson(0, 10)
    assert low == 0 and 0.27 < high < 0.29  # the Wilson interval of 0/10
    d, low, high, p = difference(90, 100, 50, 100)
    assert d == pytest.approx(0.4) and 0.27 < low < 0.4 < high < 0.52 and p < 1e-8
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.5]) == pytest.approx(
        [0.04, 0.04 * 4 / 3, 0.04 * 4 / 3, 0.5])


def test_same_seed_same_results_in_process_on_a_pool_and_on_local_ray() -> None:
    setup = Setup("marcomage", ("random", "greedy"), "lab-ray")
    alone = run(setup, 24, jobs=1, chunk=5)
    pool = run(setup, 24, jobs=2, chunk=5)
    on_ray = run(setup, 24, jobs=2, chunk=5, ray="local")
    fields = ("first", "winner", "end_type", "turns", "rounds", "cards")
    for results in (pool, on_ray):
        assert [getattr(results, f) for f in fields] == [getattr(alone, f) for f in fields]
    assert on_ray.backend == "ray" and len(set(alone.turns)) > 3
    other = run(Setup("marcomage", ("random", "greedy"), "lab-ray-2"), 24, jobs=1, chunk=5)
    assert other.turns != alone.turns


@pytest.mark.parametrize("game", ["marcomage", "arcana", "elder_tale", "far_wilds",
                                  "mage_wars"])
def test_every_game_systems_cards_have_their_names_in_the_report(game: str) -> None:
    """Every card a starter deck holds has its name for the report, not only its id."""
    from marcomage.lab.command import card_names

    names = card_names(game)
    for deck in RULESETS[game].starter_decks():
        for entry in deck["entries"]:
            assert names[str(entry["card"])] not in ("", str(entry["card"]))


def test_a_report_of_another_system_names_its_cards() -> None:
    from marcomage.lab.command import card_names

    names = card_names("arcana")
    doc = summary(run(Setup("arcana", ("random", "random"), "names"), 6, jobs=1), names)
    assert doc["cards"], "the run tested no card"
    for row in doc["cards"]:
        assert row["name"] == names[row["card"]] != row["card"]
