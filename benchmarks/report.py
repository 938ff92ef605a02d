"""BENCHMARKS.md is shared by every benchmark: each one owns a section between two markers and
rewrites only that section, so running one benchmark never loses another's figures."""

from __future__ import annotations

from pathlib import Path

TITLE = ("# Benchmarks\n\n"
         "Figures written by `make bench` (each benchmark rewrites its own section).\n")


def put_section(path: Path | str, key: str, markdown: str) -> None:
    """Replace the section `key` of the file with `markdown` (added at the end if new)."""
    path = Path(path)
    begin, end = f"<!-- bench:{key} -->", f"<!-- /bench:{key} -->"
    block = f"{begin}\n{markdown.strip()}\n{end}\n"
    text = path.read_text("utf-8") if path.exists() else TITLE
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + block + rest.split(end, 1)[1].lstrip("\n")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    path.write_text(text, "utf-8")
