"""Conformance with the 2010 engine: the golden cases in tests/data/golden.jsonl.gz agree
field by field wherever the played card's effect is implemented; and the comparison
itself (conformance.differences) skips masked paths, compares sets as sets and types
exactly."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from marcomage.games.marcomage.golden import (
    Report,
    check,
    differences,
    format_report,
    is_unimplemented,
    read_cases,
    run_case,
)

GOLDEN = Path(__file__).resolve().parents[2] / "data" / "golden.jsonl.gz"
AGREEMENT = re.compile(r"^agreement: (\d+)/(\d+) \((\d+\.\d\d)%\)$")


@pytest.fixture(scope="module")
def cases() -> list[dict[str, Any]]:
    return list(read_cases(GOLDEN))


@pytest.fixture(scope="module")
def report(cases: list[dict[str, Any]]) -> Report:
    return check(cases)


def test_golden_cases_agree_wherever_the_card_is_implemented(report: Report) -> None:
    shown = format_report(report, show=20)
    assert report.total > 0
    assert report.mismatches == [], shown
    assert report.agreed == report.total, shown


def test_every_case_is_either_counted_or_reported_as_unimplemented(
        cases: list[dict[str, Any]], report: Report) -> None:
    assert report.total + report.unimplemented_cases == len(cases)
    assert report.unimplemented_cases == sum(is_unimplemented(c) for c in cases)


def test_format_report_ends_with_the_agreement_line(report: Report) -> None:
    last = format_report(report).splitlines()[-1]
    match = AGREEMENT.match(last)
    assert match, last
    assert (int(match[1]), int(match[2])) == (report.agreed, report.total)
    assert match[3] == "100.00"


def test_format_report_shows_mismatches_and_unimplemented_cards() -> None:
    report = Report(agreed=1, total=3, unimplemented_cases=2, unimplemented_cards={5, 9})
    report.per_card[13] = [1, 3]
    report.mismatches.append(("g1", 13, ["/state/p1/wall: 3 != 4"]))
    report.per_tag["cat:play"] += 2
    text = format_report(report)
    assert "card 13: 1/3" in text
    assert "not implemented yet: 2 cards, 2 cases (not counted)" in text
    assert "mismatch g1 (card 13):" in text and "/state/p1/wall: 3 != 4" in text
    assert "cat:play 2" in text
    assert text.splitlines()[-1] == "agreement: 1/3 (33.33%)"


def test_an_empty_report_is_full_agreement() -> None:
    assert format_report(Report()).splitlines()[-1] == "agreement: 0/0 (100.00%)"


def test_check_writes_one_answer_per_counted_case(cases: list[dict[str, Any]]) -> None:
    sample = cases[:200]
    out = io.StringIO()
    report = check(sample, answers=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == report.total
    first = json.loads(lines[0])
    assert set(first) == {"id", "result", "state", "game_over", "winner", "end_type"}


def test_run_case_reports_a_refusal_with_the_2010_text(cases: list[dict[str, Any]]) -> None:
    case = next(c for c in cases if not is_unimplemented(c))
    wrong = dict(case, action=dict(case["action"], player=3 - case["action"]["player"]))
    assert run_case(wrong)["result"] == "Action only allowed on your turn!"
    bad = dict(case, action=dict(case["action"], pos=9))
    ours = run_case(bad)
    assert ours["result"] == "Wrong card position!"
    assert ours["game_over"] is False and ours["winner"] is None


# --- differences ------------------------------------------------------------------

def test_differences_none_for_equal_documents() -> None:
    doc = {"a": 1, "b": [1, 2, {"c": None}], "d": "x", "e": True}
    assert differences(doc, json.loads(json.dumps(doc)), frozenset()) == []


def test_differences_reports_the_json_pointer_of_each_field() -> None:
    expected = {"state": {"p1": {"wall": 3, "hand": [1, 2, 3]}}, "result": "OK"}
    actual = {"state": {"p1": {"wall": 4, "hand": [1, 5, 3]}}, "result": "OK"}
    assert differences(expected, actual, frozenset()) == [
        "/state/p1/wall: 3 != 4", "/state/p1/hand/1: 2 != 5"]


def test_differences_skips_masked_paths() -> None:
    expected = {"state": {"p1": {"hand": [1, None, 3], "wall": 3}}}
    actual = {"state": {"p1": {"hand": [1, 77, 3], "wall": 3}}}
    assert differences(expected, actual, frozenset({"/state/p1/hand/1"})) == []
    assert differences(expected, actual, frozenset({"/state/p1/hand"})) == []
    assert differences(expected, actual, frozenset({"/state/p1/hand/2"})) == [
        "/state/p1/hand/1: None != 77"]
    assert differences(expected, {"other": 1}, frozenset({""})) == []


def test_differences_compares_flag_lists_as_sets() -> None:
    assert differences({"new_cards": [3, 1]}, {"new_cards": [1, 3]}, frozenset()) == []
    assert differences({"p": {"revealed": [8, 2]}}, {"p": {"revealed": [2, 8]}},
                       frozenset()) == []
    assert differences({"new_cards": [3, 1]}, {"new_cards": [1, 4]}, frozenset()) != []
    assert differences({"new_cards": [1]}, {"new_cards": [1, 1]}, frozenset()) != []


def test_differences_compares_other_lists_in_order() -> None:
    assert differences({"hand": [3, 1]}, {"hand": [1, 3]}, frozenset()) == [
        "/hand/0: 3 != 1", "/hand/1: 1 != 3"]
    assert differences({"discarded_own": [3, 1]}, {"discarded_own": [1, 3]},
                       frozenset()) != []
    assert differences({"hand": [1, 2]}, {"hand": [1, 2, 3]}, frozenset()) == [
        "/hand: [1, 2] != [1, 2, 3]"]


@pytest.mark.parametrize(("expected", "actual"), [
    (3, 3.0), (3.0, 3), (1, True), (True, 1), (0, False), (False, 0), (None, 0), (0, None),
    ("3", 3), (3, "3"), ([], {}), ({}, []), ([1], (1,)), (None, False),
])
def test_differences_types_are_exact(expected: Any, actual: Any) -> None:
    assert differences({"v": expected}, {"v": actual}, frozenset()) != []


def test_differences_reports_missing_keys_but_ignores_extra_ones() -> None:
    assert differences({"a": 1, "b": 2}, {"a": 1}, frozenset()) == ["/b: missing"]
    assert differences({"a": 1}, {"a": 1, "extra": 2}, frozenset()) == []


def test_differences_dict_against_non_dict() -> None:
    assert differences({"a": {"b": 1}}, {"a": [1]}, frozenset()) == ["/a: {'b': 1} != [1]"]
