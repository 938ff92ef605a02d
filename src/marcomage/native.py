"""The compiled engine: which modules mypyc compiles, where the build lives, and the choice
between it and the pure-Python modules, made once when `marcomage` is first imported.

The build (`marcomage build-engine`, `scripts/build-engine.py`, `make setup`) compiles a copy
of the MArcomage turn pipeline, its cards and the seeded generator into
`_native/<source hash>/`. When a build matches the current sources, an import finder loads
those extension modules under their usual names (`marcomage.games.marcomage.turn`,
`marcomage.platform.rng`, ...), so every import path stays as it is; otherwise (a fresh
machine, a failed build, sources edited since the build) the pure-Python modules load, and
they stay the reference. `MARCOMAGE_ENGINE=pure` or `=compiled` forces the choice;
`compiled` without a matching build is an error, never a silent fallback.

This module uses the standard library only: it runs before any other part of the package.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final

ROOT: Final = Path(__file__).resolve().parent
"""The `marcomage` package directory."""

COMPILED_MODULES: Final[tuple[str, ...]] = tuple(
    f"marcomage.{name}" for name in (
        "platform.rng",
        *(f"games.marcomage.{m}" for m in (
            "cards", "context", "deck", "draw", "keywords", "playout", "serialize", "start",
            "state", "turn", "victory",
            "effects.patterns", "effects.common_1", "effects.common_2", "effects.common_3",
            "effects.uncommon_1", "effects.uncommon_2", "effects.rare_1", "effects.rare_2",
            "bots.mcts", "bots.sample",
        )),
    ))
"""What mypyc compiles: the whole MArcomage turn pipeline, its cards, the generator, and the
search bot with its sampling of hidden cards (its playouts are turns of the engine).
`actions` stays interpreted: a compiled Action would refuse an ill-typed field with a
TypeError at construction, where the rules refuse it as an illegal move (C-TURN-1), and its
refusal classes would lose their class attributes."""

SUPPORT_MODULES: Final[tuple[str, ...]] = ("marcomage.platform.rounding",
                                           "marcomage.platform.protocol",
                                           "marcomage.games.marcomage.guests",
                                           "marcomage.games.marcomage.concept_language")
"""Modules the compiled ones import and mypy must see, left interpreted."""

GROUP: Final = "marcomage.native_engine"
"""The shared library every compiled module of a build loads (`<GROUP>__mypyc`)."""

ENV: Final = "MARCOMAGE_ENGINE"
DIR_ENV: Final = "MARCOMAGE_ENGINE_DIR"

log = logging.getLogger("marcomage.engine")


def source_file(module: str) -> Path:
    """The .py file of a module of this package."""
    return ROOT.parent.joinpath(*module.split(".")).with_suffix(".py")


def extension_file(directory: Path, module: str) -> Path:
    """Where a build keeps a module's extension."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    parts = module.split(".")
    return directory.joinpath(*parts[:-1], parts[-1] + suffix)


def source_key() -> str:
    """A hash of what a build depends on: the compiled and support sources, this file and
    the Python ABI (the extension suffix)."""
    digest = hashlib.sha256(importlib.machinery.EXTENSION_SUFFIXES[0].encode())
    for module in (*COMPILED_MODULES, *SUPPORT_MODULES, "marcomage.native"):
        digest.update(module.encode())
        digest.update(source_file(module).read_bytes())
    return digest.hexdigest()[:16]


def builds_dir() -> Path:
    """Where builds are kept: `$MARCOMAGE_ENGINE_DIR`, else `_native/` in the package."""
    override = os.environ.get(DIR_ENV)
    return Path(override) if override else ROOT / "_native"


def build_dir(key: str | None = None) -> Path:
    return builds_dir() / (key or source_key())


def modules_of_build() -> tuple[str, ...]:
    return (*COMPILED_MODULES, GROUP + "__mypyc")


def is_built(directory: Path) -> bool:
    """A complete build: the shared library and every module's extension are there."""
    return all(extension_file(directory, m).is_file() for m in modules_of_build())


@dataclass(frozen=True)
class Choice:
    """The engine in use and why, as `marcomage --version` and the log tell it."""

    compiled: bool
    reason: str
    directory: Path | None = None

    @property
    def name(self) -> str:
        return "compiled" if self.compiled else "pure"

    def describe(self) -> str:
        return f"{self.name} engine ({self.reason})"


class EngineNotBuilt(RuntimeError):
    """MARCOMAGE_ENGINE=compiled was asked for and no build matches the sources."""


def choose() -> Choice:
    """Decide between the compiled build and the pure modules (see the module docstring)."""
    wanted = os.environ.get(ENV, "").strip().lower()
    if wanted not in ("", "auto", "pure", "compiled"):
        raise ValueError(f"{ENV} is 'pure', 'compiled' or unset, not {wanted!r}.")
    if wanted == "pure":
        return Choice(False, f"{ENV}=pure")
    key = source_key()
    directory = build_dir(key)
    if is_built(directory):
        return Choice(True, f"mypyc build {key}", directory)
    if wanted == "compiled":
        raise EngineNotBuilt(
            f"{ENV}=compiled, but there is no build for these sources ({directory}); "
            "run `marcomage build-engine`.")
    return Choice(False, f"no compiled build of sources {key}; `marcomage build-engine` makes one")


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules of one build under their ordinary names."""

    def __init__(self, directory: Path) -> None:
        self.files = {m: extension_file(directory, m) for m in modules_of_build()}

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


CHOICE: Choice | None = None
"""The choice this process made (set by `install`, which `marcomage/__init__` runs)."""


def install() -> Choice:
    """Make the choice once; with a build, put its finder in front of the import system."""
    global CHOICE
    if CHOICE is not None:
        return CHOICE
    choice = choose()
    if choice.directory is not None:
        directory = choice.directory
        loaded = [m for m in COMPILED_MODULES if m in sys.modules]
        if loaded:  # imported before the choice: mixing would break; stay pure
            choice = Choice(False, f"pure modules already imported: {', '.join(loaded)}")
        else:
            sys.meta_path.insert(0, CompiledFinder(directory))
    CHOICE = choice
    log.debug("MArcomage engine: %s", choice.describe())
    return choice


def engine() -> Choice:
    """The engine this process runs."""
    return install()
