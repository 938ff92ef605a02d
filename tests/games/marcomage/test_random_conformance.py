"""The 155 cards of chance agree in distribution with the 2010 engine (issue 16, C-FX-12 to
C-FX-17): every situation of tests/data/random is played under 100 seeds and compared with
the original's outcome distribution by the spec's own checker (chi-square per view, Holm at
1%, plus outcomes the original never produces). Deterministic: the seeds are fixed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from marcomage.games.marcomage.golden import check, read_cases

RANDOM = Path(__file__).resolve().parents[2] / "data" / "random"
SEEDS_PER_SITUATION = 100
"""The K of `make conformance-random`: enough power to see each of the 14 cards that
differed before issue 16 (at K = 60 Tribute's subtler difference went unseen)."""


def test_every_random_card_agrees_with_the_original_in_distribution(tmp_path: Path) -> None:
    cases, answers = tmp_path / "cases.jsonl", tmp_path / "answers.jsonl"
    subprocess.run(
        [sys.executable, str(RANDOM / "random_stats.py"), "expand",
         str(RANDOM / "random_cases.jsonl.gz"), str(SEEDS_PER_SITUATION), "--base-seed", "1",
         "--reference", str(RANDOM / "random_reference.json.gz"), "--out", str(cases)],
        check=True, capture_output=True)
    with answers.open("w", encoding="utf-8") as out:
        check(read_cases(cases), out)
    report = subprocess.run(
        [sys.executable, str(RANDOM / "stat_compare.py"), str(RANDOM / "random_reference.json.gz"),
         str(answers), "--brief", "--show", "8"],
        capture_output=True, text=True).stdout
    agreement = re.search(r"^random agreement: (\d+)/(\d+)", report, re.M)
    assert agreement, report
    assert agreement.group(1) == agreement.group(2) == "620", report
    assert re.search(r"^impossible outcomes: 0 situations$", report, re.M), report
