"""Replay golden cases recorded from the 2010 engine and compare our results field by field.

A case is a state, an action and the expected result (schema: the golden README). Cases
that play a card whose effect is not implemented yet are reported apart, never as agreement.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from . import Action, IllegalAction, from_json, implemented, push
from .actions import PLAY
from .serialize import outcome_to_json, player_to_json
from .state import Game

SETS = ("/new_cards", "/revealed")


def read_cases(path: str | Path) -> Iterator[dict[str, Any]]:
    """Cases from a .jsonl or .jsonl.gz file."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def result_state(game: Game) -> dict[str, Any]:
    """The state in the golden schema (decks left out)."""
    return {
        "round": game.round,
        "current": game.current + 1,
        "state": "finished" if game.outcome is not None else "in progress",
        "p1": player_to_json(game.players[0], with_deck=False),
        "p2": player_to_json(game.players[1], with_deck=False),
    }


def run_case(case: dict[str, Any]) -> dict[str, Any]:
    """Our answer to one case, in the schema of `expected`."""
    game = from_json(case["state"], seed=case.get("seed", case["id"]))
    act = case["action"]
    result, over, winner, end_type = "OK", False, None, None
    try:
        push(game, Action(str(act["action"]), int(act["pos"]), int(act["mode"])),
             int(act["player"]) - 1)
    except IllegalAction as refusal:
        result = refusal.legacy
    else:
        out = outcome_to_json(game.outcome)
        if out is not None:
            over, winner, end_type = True, out["winner"], out["end_type"]
    return {"result": result, "state": result_state(game), "game_over": over,
            "winner": winner, "end_type": end_type}


def differences(
    expected: Any, actual: Any, masked: frozenset[str], path: str = ""
) -> list[str]:
    """Field-level differences as 'pointer: expected != actual', skipping masked paths."""
    if path in masked:
        return []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: {expected!r} != {actual!r}"]
        out: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{path}/{key}: missing")
            else:
                out += differences(value, actual[key], masked, f"{path}/{key}")
        return out
    if isinstance(expected, list):
        if path.endswith(SETS) and isinstance(actual, list):
            expected, actual = sorted(expected), sorted(actual)
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: {expected!r} != {actual!r}"]
        out = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            out += differences(e, a, masked, f"{path}/{i}")
        return out
    if type(expected) is not type(actual) or expected != actual:
        return [f"{path}: {expected!r} != {actual!r}"]
    return []


def is_unimplemented(case: dict[str, Any]) -> bool:
    """A successful play of a card whose effect does not exist yet."""
    card = case.get("card")
    return (
        case["action"]["action"] == PLAY and case["expected"]["result"] == "OK"
        and card is not None and not implemented(card)
    )


@dataclass
class Report:
    """Agreement counts overall and per card, and the mismatches found."""

    agreed: int = 0
    total: int = 0
    unimplemented_cases: int = 0
    unimplemented_cards: set[int] = field(default_factory=set)
    per_card: dict[int | None, list[int]] = field(
        default_factory=lambda: defaultdict(lambda: [0, 0]))
    per_tag: Counter[str] = field(default_factory=Counter)
    mismatches: list[tuple[str, int | None, list[str]]] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * self.agreed / self.total if self.total else 100.0


def check(cases: Iterable[dict[str, Any]], answers: TextIO | None = None) -> Report:
    """Run every case; write our answers as JSON lines when `answers` is given."""
    report = Report()
    for case in cases:
        if is_unimplemented(case):
            report.unimplemented_cases += 1
            report.unimplemented_cards.add(case["card"])
            continue
        ours = run_case(case)
        if answers is not None:
            answers.write(json.dumps({"id": case["id"], **ours}) + "\n")
        diffs = differences(case["expected"], ours, frozenset(case.get("masked", ())))
        report.total += 1
        tally = report.per_card[case.get("card")]
        tally[1] += 1
        if diffs:
            report.mismatches.append((case["id"], case.get("card"), diffs))
            for tag in case.get("tags", ()):
                report.per_tag[tag] += 1
        else:
            report.agreed += 1
            tally[0] += 1
    return report


def format_report(report: Report, *, show: int = 10) -> str:
    """A readable summary whose last line is `agreement: X/Y (P%)`."""
    lines = []
    failing = {card: t for card, t in report.per_card.items() if t[0] != t[1]}
    lines.append(f"cards checked: {len(report.per_card)}, with mismatches: {len(failing)}")
    for card, (ok, n) in sorted(failing.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)):
        lines.append(f"  card {card}: {ok}/{n}")
    if report.unimplemented_cases:
        lines.append(
            f"not implemented yet: {len(report.unimplemented_cards)} cards, "
            f"{report.unimplemented_cases} cases (not counted)")
    if report.per_tag:
        common = ", ".join(f"{t} {n}" for t, n in report.per_tag.most_common(8))
        lines.append(f"mismatching tags: {common}")
    for case_id, card, diffs in report.mismatches[:show]:
        lines.append(f"mismatch {case_id} (card {card}):")
        lines.extend(f"    {d}" for d in diffs[:12])
    lines.append(f"agreement: {report.agreed}/{report.total} ({report.percent:.2f}%)")
    return "\n".join(lines)
