"""benchmarks/load/run.py's CPU accounting (issue 36): the load table's figures divide the
machine's two cores between the server, the services and the load generator."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from .bench_scripts import bench_script

run = bench_script("load/run.py", "load_run")

BUSY = ("import sys, time\nend = time.process_time() + 0.4\n"
        "while time.process_time() < end: pass\nsys.stdin.read()")
"""0.4 s of CPU, then wait for standard input to close."""


def test_services_cpu_counts_a_process_named_like_the_database(tmp_path: Path) -> None:
    """A busy process whose name is "postgres" adds its CPU to services_cpu: the figure is
    read from /proc by process name, as PostgreSQL's backends and Redis appear there."""
    named = tmp_path / "postgres"
    named.symlink_to(sys.executable)
    before = run.services_cpu()
    busy = subprocess.Popen([str(named), "-c", BUSY], stdin=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while run.services_cpu() - before < 0.35 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert run.services_cpu() - before >= 0.35
    finally:
        assert busy.stdin is not None
        busy.stdin.close()
        busy.wait(timeout=30)
