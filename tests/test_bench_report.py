"""benchmarks/report.py: each benchmark rewrites only its own section of BENCHMARKS.md."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from .bench_scripts import bench_script


def report() -> ModuleType:
    return bench_script("report.py", "bench_report")


def test_a_section_is_replaced_and_the_others_kept(tmp_path: Path) -> None:
    put_section = report().put_section
    path = tmp_path / "BENCHMARKS.md"
    put_section(path, "engine", "## Engine\n\n1 turn/s")
    put_section(path, "arcana", "## Arcana\n\n2 games/s")
    put_section(path, "engine", "## Engine\n\n3 turns/s")
    text = path.read_text()
    assert text.startswith("# Benchmarks\n")
    assert "1 turn/s" not in text and "3 turns/s" in text and "2 games/s" in text
    assert text.count("<!-- bench:engine -->") == 1
    assert text.index("3 turns/s") < text.index("2 games/s"), "a section keeps its place"
