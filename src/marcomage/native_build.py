"""Compile the engine's hot path with mypyc into `_native/<source hash>/` (see native.py).

A copy of the compiled modules and the platform modules they import is type-checked and
compiled in a temporary directory, so an edit made meanwhile cannot mix into a build; the
result is moved into place only when complete. A build that exists for the current sources
is reused: the key is the hash of the sources, so `make setup` costs nothing the second time.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import native

_EMPTY_INIT = '"""Stand-in package of the engine build."""\n'


@dataclass(frozen=True)
class BuildResult:
    """What `build` did: the build's directory, whether it compiled now, how long it took."""

    directory: Path
    compiled_now: bool
    seconds: float


class BuildFailed(RuntimeError):
    """mypyc or the C compiler failed; the pure engine stays in use."""


@contextlib.contextmanager
def _cwd(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def _stage(src: Path) -> list[str]:
    """Copy the sources into `src` as a package tree (packages as empty stand-ins); return
    the compiled files' paths relative to `src`."""
    compiled = []
    for module in (*native.COMPILED_MODULES, *native.SUPPORT_MODULES):
        relative = Path(*module.split(".")).with_suffix(".py")
        (src / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(native.source_file(module), src / relative)
        for parent in relative.parents:
            if parent != Path(".") and not (src / parent / "__init__.py").exists():
                (src / parent / "__init__.py").write_text(_EMPTY_INIT, encoding="utf-8")
        if module in native.COMPILED_MODULES:
            compiled.append(str(relative))
    (src / "marcomage" / "py.typed").write_text("", encoding="utf-8")
    return compiled


def build(*, force: bool = False, quiet: bool = True, jobs: int | None = None,
          progress: Callable[[str], None] | None = None) -> BuildResult:
    """Compile the engine unless a build for the current sources exists (or `force`);
    `progress` hears each long step as it starts (a silent minute reads as a hang)."""
    tell = progress or (lambda _message: None)
    start = time.perf_counter()
    key = native.source_key()
    target = native.build_dir(key)
    if native.is_built(target) and not force:
        return BuildResult(target, False, time.perf_counter() - start)
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution  # type: ignore[import-untyped]
        from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]
    except ImportError as error:
        raise BuildFailed(f"mypyc or setuptools is missing ({error})") from error
    native.builds_dir().mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="engine-build-") as tmp:
        root = Path(tmp)
        files = _stage(root / "src")
        out = root / "out"
        try:
            tell(f"engine: mypyc type-checks {len(files)} modules and writes C")
            with _cwd(root / "src"), contextlib.ExitStack() as stack:
                if quiet:
                    devnull = stack.enter_context(open(os.devnull, "w"))
                    stack.enter_context(contextlib.redirect_stdout(devnull))
                extensions = mypycify(
                    ["--strict", "--python-version", "3.11", *files],
                    opt_level="3", debug_level="0", multi_file=True,
                    group_name=native.GROUP, target_dir=str(root / "c"))
                # mypyc writes a dotted group's headers under the group's package folder.
                headers = str(root / "c" / "marcomage")
                for extension in extensions:
                    extension.include_dirs.append(headers)
                dist = Distribution({"ext_modules": extensions, "script_name": "setup.py"})
                command = build_ext(dist)
                command.build_lib = str(out)
                command.build_temp = str(root / "tmp")
                command.parallel = jobs or os.cpu_count() or 1
                tell(f"engine: the C compiler builds {len(extensions)} extensions "
                     f"({time.perf_counter() - start:.0f} s so far)")
                command.ensure_finalized()
                command.run()
        except (Exception, SystemExit) as error:
            raise BuildFailed(f"compiling the engine failed: {error}") from error
        if not native.is_built(out):
            found = sorted(str(p.relative_to(out)) for p in out.rglob("*.so"))
            raise BuildFailed(f"the build is incomplete: {found}")
        staging = native.builds_dir() / f".{key}.{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(out, staging)
        if target.exists():
            shutil.rmtree(target)
        staging.rename(target)
    _prune(keep=target)
    return BuildResult(target, True, time.perf_counter() - start)


def _prune(keep: Path) -> None:
    """Drop builds of older sources: only the current one is ever loaded."""
    for path in native.builds_dir().iterdir():
        if path != keep and path.is_dir():
            shutil.rmtree(path, ignore_errors=True)


def needs_build() -> bool:
    """True when this process could use a compiled engine that is not built yet: no build
    matches the sources and the pure engine is not forced (`MARCOMAGE_ENGINE=pure`)."""
    if os.environ.get(native.ENV, "").strip().lower() == "pure":
        return False
    return not native.is_built(native.build_dir())


def _lower_priority() -> None:  # pragma: no cover - runs in the child before exec
    with contextlib.suppress(OSError):
        os.nice(10)


def build_in_background(say: Callable[[str], None],
                        command: Sequence[str] | None = None) -> threading.Thread | None:
    """Compile the engine in a child process at low priority while this one goes on (a
    first `marcomage serve` answers with the pure engine at once, issue 31); a daemon thread
    waits for it and reports through `say` when it is done, or why it failed. The running
    process keeps the engine it chose at import; the next start loads the build.

    Returns the waiting thread, or None when no build is needed."""
    if not needs_build():
        return None
    argv = list(command or [sys.executable, "-m", "marcomage.native_build", "--strict"])
    say("engine: compiling the fast engine in the background (a minute or two); "
        "the site runs on the pure-Python engine meanwhile")
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, text=True,
                             preexec_fn=_lower_priority if os.name == "posix" else None)

    def wait() -> None:
        output, _ = child.communicate()
        seconds = time.perf_counter() - start
        if child.returncode == 0:
            say(f"engine: the compiled engine is ready ({seconds:.0f} s); "
                "the next start of the site uses it")
        else:
            last = (output or "").strip().splitlines()[-1:] or ["no output"]
            say(f"engine: compiling failed ({last[0]}); the pure-Python engine stays in use")

    waiter = threading.Thread(target=wait, name="engine-build", daemon=True)
    waiter.start()
    return waiter


def main(argv: list[str] | None = None) -> int:
    """`marcomage build-engine`: build, or say why not and that the pure engine is used."""
    args = sys.argv[1:] if argv is None else argv
    force = "--force" in args
    if force or not native.is_built(native.build_dir()):
        print("engine: compiling the MArcomage engine with mypyc (a minute or two)", flush=True)
    try:
        result = build(force=force, quiet="--verbose" not in args,
                       progress=lambda message: print(message, flush=True))
    except BuildFailed as error:
        print(f"engine: {error}; the pure-Python engine is used", file=sys.stderr)
        return 0 if "--strict" not in args else 1
    if result.compiled_now:
        print(f"engine: compiled with mypyc into {result.directory} in {result.seconds:.1f} s")
    else:
        print(f"engine: compiled build up to date ({result.directory})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
