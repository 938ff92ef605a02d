"""What an action may look like before a ruleset reads it (PL-PROTO-4): the one check of
its shape that every ruleset makes before it compares an action with its legal ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def is_plain_action(action: Any) -> bool:
    """Whether `action` is an object of text keys whose values are only strings and true
    integers: a boolean is not taken for 1 nor a float for a whole number, so an action that
    merely compares equal to a legal one is refused."""
    return isinstance(action, Mapping) and all(
        isinstance(k, str) and (type(v) is int or type(v) is str) for k, v in action.items())
