"""The first run (issue 31): `make run` serves as soon as the dependencies are in, on the
pure-Python engine, while the compiled engine builds in the background and says when it is
done; every long step says what it does."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from marcomage import native
from marcomage.native_build import build_in_background, needs_build

ROOT = Path(__file__).resolve().parents[1]


def make_rule(target: str) -> str:
    """The prerequisites and recipe of one Makefile target."""
    text = (ROOT / "Makefile").read_text()
    found = re.search(rf"^{target}:(.*?)(?=^\S|\Z)", text, re.M | re.S)
    assert found, target
    return found.group(1)


def test_make_run_does_not_wait_for_the_compile_but_make_test_does() -> None:
    run = make_rule("run")
    assert "engine" not in run.splitlines()[0]
    assert "serve --build-engine" in run
    assert "engine" in make_rule("test").splitlines()[0].split()  # CI tests the compiled one


def test_setting_up_announces_each_long_step() -> None:
    setup = make_rule(r"\$\(STAMP\)")
    assert setup.count("@echo") >= 3
    assert "installing the dependencies" in setup


@pytest.fixture
def no_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(native.DIR_ENV, str(tmp_path / "native"))
    monkeypatch.delenv(native.ENV, raising=False)
    return tmp_path / "native"


def test_without_a_build_it_compiles_in_the_background_and_says_when_done(
        no_build: Path) -> None:
    said: list[str] = []
    waiter = build_in_background(said.append, [sys.executable, "-c", "print('built')"])
    assert waiter is not None
    assert "background" in said[0] and "pure-Python engine meanwhile" in said[0]
    waiter.join(timeout=30)
    assert "the compiled engine is ready" in said[1]
    assert "next start" in said[1]


def test_a_failed_background_compile_says_why_and_keeps_the_pure_engine(
        no_build: Path) -> None:
    said: list[str] = []
    waiter = build_in_background(
        said.append, [sys.executable, "-c", "import sys; print('no C compiler'); sys.exit(1)"])
    assert waiter is not None
    waiter.join(timeout=30)
    assert "compiling failed (no C compiler)" in said[1]
    assert "pure-Python engine stays" in said[1]


def test_nothing_is_compiled_when_a_build_is_current_or_the_pure_engine_is_forced(
        no_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    directory = native.build_dir()
    for module in native.modules_of_build():
        path = native.extension_file(directory, module)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    assert not needs_build()
    assert build_in_background(print, [sys.executable, "-c", "raise SystemExit(3)"]) is None
    monkeypatch.setenv(native.DIR_ENV, str(no_build.parent / "elsewhere"))
    assert needs_build()
    monkeypatch.setenv(native.ENV, "pure")
    assert not needs_build()
