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


def test_services_cpu_counts_the_runs_database_server_only(tmp_path: Path) -> None:
    """A busy process named "postgres" and started on the port of the run's DATABASE_URL
    adds its CPU to services_cpu, read from /proc as PostgreSQL's postmaster appears there;
    one on another port (another cluster on the machine) adds nothing."""
    named = tmp_path / "postgres"
    named.symlink_to(sys.executable)
    ours, other = "postgres://u@127.0.0.1:54999/load", "postgres://u@127.0.0.1:54998/load"
    before = run.services_cpu(ours, None), run.services_cpu(other, None)
    busy = subprocess.Popen([str(named), "-c", BUSY, "-c", "port=54999"],
                            stdin=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while run.services_cpu(ours, None) - before[0] < 0.35 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert run.services_cpu(ours, None) - before[0] >= 0.35
        assert run.services_cpu(other, None) - before[1] < 0.1
        assert run.services_cpu(None, None) == 0
    finally:
        assert busy.stdin is not None
        busy.stdin.close()
        busy.wait(timeout=30)
