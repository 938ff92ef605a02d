"""The compiled (mypyc) engine and the pure-Python one give identical results (issue 25):
the golden cases (6011/6011), the random-card cases of tests/data/random, the golden seeded
games, 300 random playouts (step by step and by `random_playout`) and the search bot's
moves, each engine in its own process (MARCOMAGE_ENGINE forces the choice). The build is
made here when missing (cached by source hash, as `make engine` does)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from marcomage import native
from marcomage.native_build import BuildFailed, build

from .test_golden_games import load
from .test_random_conformance import RANDOM

ROOT = Path(__file__).resolve().parents[3]


def run(engine: str, cases: Path) -> dict[str, object]:
    env = {**os.environ, native.ENV: engine,
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    out = subprocess.run(
        [sys.executable, "-m", "tests.games.marcomage.engine_fingerprint", str(cases)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    doc: dict[str, object] = json.loads(out)
    return doc


def run_version(extra: dict[str, str]) -> str:
    env = {k: v for k, v in os.environ.items() if k not in (native.ENV, native.DIR_ENV)}
    env.update(PYTHONPATH=str(ROOT / "src"), **extra)
    return subprocess.run([sys.executable, "-m", "marcomage.cli", "--version"],
                          capture_output=True, text=True, env=env, check=True).stdout


def test_both_engines_agree_on_golden_cases_random_cards_golden_games_and_playouts(
        tmp_path: Path) -> None:
    try:
        build()  # cached: returns at once when the build for these sources exists
    except BuildFailed:  # no C compiler here: the fallback must be in use, and say so
        assert run_version({}).startswith("marcomage 0.1.0, pure engine (no compiled build")
        return
    cases = tmp_path / "random.jsonl"
    subprocess.run(
        [sys.executable, str(RANDOM / "random_stats.py"), "expand",
         str(RANDOM / "random_cases.jsonl.gz"), "5", "--base-seed", "1",
         "--reference", str(RANDOM / "random_reference.json.gz"), "--out", str(cases)],
        check=True, capture_output=True)
    pure, compiled = run("pure", cases), run("compiled", cases)
    assert pure["engine"] == "pure" and compiled["engine"] == "compiled"
    assert pure["golden"] == compiled["golden"]
    assert compiled["golden"]["agreed"] == compiled["golden"]["total"] == 6011  # type: ignore[index]
    assert pure["random"] == compiled["random"]
    assert compiled["random"]["total"] == 155 * 4 * 5  # type: ignore[index]
    assert pure["golden_games"] == compiled["golden_games"] == load()
    assert pure["playouts"] == compiled["playouts"]
    # random_playout (the benchmark's and the balance lab's loop) plays the very same games
    assert pure["random_playout"] == compiled["random_playout"] == pure["playouts"]
    assert pure["search"] == compiled["search"]  # the compiled search bot thinks alike


def test_the_choice_is_forced_and_reported(tmp_path: Path) -> None:
    """MARCOMAGE_ENGINE=compiled without a build refuses; =pure says so in --version."""
    env = {k: v for k, v in os.environ.items() if k not in (native.ENV, native.DIR_ENV)}
    env["PYTHONPATH"] = str(ROOT / "src")
    forced = subprocess.run(
        [sys.executable, "-m", "marcomage.cli", "--version"], capture_output=True, text=True,
        env={**env, native.ENV: "compiled", native.DIR_ENV: str(tmp_path)})
    assert forced.returncode != 0 and "marcomage build-engine" in forced.stderr
    pure = subprocess.run(
        [sys.executable, "-m", "marcomage.cli", "--version"], capture_output=True, text=True,
        env={**env, native.ENV: "pure"}, check=True)
    assert "pure engine (MARCOMAGE_ENGINE=pure)" in pure.stdout
    fallback = subprocess.run(
        [sys.executable, "-m", "marcomage.cli", "--version"], capture_output=True, text=True,
        env={**env, native.DIR_ENV: str(tmp_path)}, check=True)
    assert "pure engine (no compiled build" in fallback.stdout
