"""JSON as the site takes it from clients: plain data that every database can store.

Python's `json` accepts more than JSON: `NaN` and `Infinity`, numbers such as `1e400`
(infinite once read), nesting as deep as the stack allows, strings with NUL characters
(which PostgreSQL refuses in text) and lone UTF-16 surrogates (which no UTF-8 column can
hold). Each of those once reached the services and ended in a 500 or a dropped socket
(issue 37); here each is refused with a reason before anything is done.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects a client document may have."""


class MalformedJson(ValueError):
    """A document that is not plain JSON data; the message says why."""


def _no_constant(name: str) -> Any:
    raise MalformedJson(f"{name} is not a JSON number.")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise MalformedJson(f"The number {text[:20]} is too large.")
    return value


def _nesting(text: str) -> int:
    """The deepest nesting of brackets outside strings (read without recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def check_text(value: str) -> None:
    """Refuse a string no database column may hold: NUL, or a lone surrogate."""
    if "\x00" in value:
        raise MalformedJson("Text may not contain the NUL character.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise MalformedJson("Text may not contain a lone surrogate (\\ud800-\\udfff).") from None


def check_data(document: Any) -> Any:
    """`document` back when every string in it (keys too) may be stored; MalformedJson else."""
    pending = [document]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            check_text(item)
        elif isinstance(item, dict):
            for key, value in item.items():
                check_text(str(key))
                pending.append(value)
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise MalformedJson("Numbers must be finite.")
    return document


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Read a client's JSON document strictly; MalformedJson (a ValueError) with the reason."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedJson("A JSON document is UTF-8 text.") from None
    if _nesting(text) > max_depth:
        raise MalformedJson(f"A JSON document nests at most {max_depth} levels deep.")
    try:
        document = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except MalformedJson:
        raise
    except (ValueError, RecursionError) as problem:  # JSONDecodeError, huge integers
        raise MalformedJson(f"Not JSON: {str(problem)[:120]}") from None
    return check_data(document)
