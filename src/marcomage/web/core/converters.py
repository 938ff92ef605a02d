"""The `<id:...>` URL converter: a database id, at most 18 digits.

Django's `<id:...>` takes any number of digits, and an id past the database's 64-bit
integers makes the query itself fail (SQLite: OverflowError) before any "not found"; an id
of 19 or more digits simply matches no URL here, so it is a 404.
"""

from __future__ import annotations

from django.urls import register_converter


class IdConverter:
    """A positive whole number below 10**18, as a Python int."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        """The id as a number."""
        return int(value)

    def to_url(self, value: int | str) -> str:
        """The id as written in a URL."""
        return str(int(value))


def register() -> None:
    """Make `<id:...>` known to every URL pattern (done once, when the web package loads)."""
    register_converter(IdConverter, "id")


def parse_id(raw: object) -> int | None:
    """An id sent in a form or query (same rule as the converter), or None.

    >>> parse_id("12"), parse_id("abc"), parse_id("9" * 30), parse_id("-1"), parse_id("\u0661")
    (12, None, None, None, None)
    """
    text = str(raw).strip()
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        return None
    return int(text)
