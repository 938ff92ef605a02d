"""The comments a board's template writes around each of its parts (issue 36): games/parts.py
splits a seat's rendering at them for the sockets' patches; every other rendering of a board
(the game page, a replay's sides) is drawn without them."""

from __future__ import annotations

PART_OPEN = "<!--p-->"
PART_CLOSE = "<!--/p-->"


def unmarked(text: str) -> str:
    """A rendering without part markers (the game page's board, a replay's sides)."""
    if PART_OPEN not in text:
        return text
    return text.replace(PART_OPEN, "").replace(PART_CLOSE, "")
