"""The served process's garbage collector on a clock (core/collector.py, issue 36, twelfth
pass): Python's own schedule off, reference cycles still freed within a fraction of a
second, and only in `marcomage serve`'s processes (web/asgi.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from marcomage.web.core import collector


def test_issue36_a_pass_collects_young_middle_or_everything_by_its_number() -> None:
    assert [collector.generation(n) for n in (1, 9)] == [0, 0]
    assert collector.generation(collector.MIDDLE_EVERY) == 1
    assert collector.generation(3 * collector.MIDDLE_EVERY) == 1
    assert collector.generation(collector.FULL_EVERY) == 2


def _run(code: str, **env: str) -> str:
    """What `code` prints in a fresh interpreter (the test's own collector stays as it is)."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=120, env={**os.environ, **env}, check=True)
    return done.stdout.strip()


def test_issue36_the_clock_frees_reference_cycles_with_pythons_schedule_off() -> None:
    printed = _run("""
        import gc, threading, time, weakref
        from marcomage.web.core import collector

        class Node:
            pass

        assert collector.start() and not collector.start()  # once per process
        assert not gc.isenabled()
        freed = threading.Event()
        ring = Node(); ring.me = ring
        weakref.finalize(ring, freed.set)
        del ring  # only a collection frees a cycle
        print(freed.wait(5.0), [t.name for t in threading.enumerate()].count("collector"))
    """)
    assert printed == "True 1"


def test_issue36_only_served_processes_collect_on_the_clock() -> None:
    code = """
        import gc, threading
        import marcomage.web.asgi
        print(gc.isenabled(), any(t.name == "collector" for t in threading.enumerate()))
    """
    env = {"DJANGO_SETTINGS_MODULE": "marcomage.web.settings"}
    assert _run(code, **env) == "True False"  # a test or a script importing the app
    assert _run(code, **env, MARCOMAGE_SERVED="1") == "False True"
    assert _run(code, **env, MARCOMAGE_SERVED="1", GC_CLOCK="0") == "True False"
