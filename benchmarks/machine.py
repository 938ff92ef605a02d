"""What the benchmarks record about the machine and the code they ran on."""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path


def pin_one_core() -> str:
    """Keep this process on one CPU, so figures are per core; says what was done."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def cpu_model() -> str:
    """The processor's model name, as the kernel reports it."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def git_revision() -> str:
    """The commit measured, marked when the working tree differs from it."""
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return rev + (" with uncommitted changes" if dirty else "")


def footer(command: str) -> list[str]:
    """The Markdown lines every section ends with: command, date, machine, load and commit."""
    from datetime import UTC, datetime

    return [
        f"- command: `{command}`",
        f"- date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        f"- machine: {cpu_model()}; {os.cpu_count()} CPUs; load average "
        f"{os.getloadavg()[0]:.2f} at the end",
        f"- code: git {git_revision()}",
    ]
