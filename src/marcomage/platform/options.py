"""A game's options from and to JSON (PL-PROTO-7), for every ruleset: the options are a
frozen dataclass whose fields carry their defaults and, made with `protocol.option`, their
choices, bounds or whether they are fixed. One parser reads them all, so every game refuses
an unknown key, a value of the wrong type or out of its range the same way."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from .protocol import BOUNDS, CHOICES, FIXED

OptionsT = TypeVar("OptionsT")

_KINDS = {bool: "true or false", int: "a whole number", str: "a text"}


def options_from_json(options_type: type[OptionsT], doc: Any, game: str) -> OptionsT:
    """The options of `game` in `doc`; a missing key takes its default. Anything else than
    an object of the dataclass's fields, each of its default's type (true or false is not a
    number) and within its choices, bounds or fixed value, raises ValueError naming it."""
    fields = {f.name: f for f in dataclasses.fields(options_type)}  # type: ignore[arg-type]
    if not isinstance(doc, Mapping):
        example = f" such as {{{next(iter(fields))!r}: ...}}" if fields else ""
        raise ValueError(f"{game} options are an object{example}.")
    unknown = sorted(set(doc) - set(fields))
    if unknown:
        known = (f"its options are {', '.join(fields)}" if fields
                 else "it has no options")
        raise ValueError(f"{game} has no option {', '.join(map(repr, unknown))}; {known}.")
    for key, value in doc.items():
        field = fields[key]
        default = field.default
        if type(value) is not type(default):
            kind = _KINDS.get(type(default), f"like {default!r}")
            raise ValueError(f"The option {key!r} is {kind}, not {value!r}.")
        choices = field.metadata.get(CHOICES)
        if choices is not None and value not in choices:
            raise ValueError(f"The option {key!r} is one of {', '.join(map(str, choices))}, "
                             f"not {value!r}.")
        bounds = field.metadata.get(BOUNDS)
        if bounds is not None and not bounds[0] <= value <= bounds[1]:
            low, high = bounds
            raise ValueError(f"The option {key!r} is {low} to {high}, not {value!r}.")
        if field.metadata.get(FIXED) and value != default:
            raise ValueError(f"The option {key!r} is always {default!r} in this version of "
                             f"{game}.")
    return options_type(**doc)


def options_to_json(options: Any) -> dict[str, Any]:
    """Every option by its field name (the dataclass's values are JSON already)."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


class FieldOptions:
    """`options_from_json` and `options_to_json` of a ruleset whose `options_type` is a
    dataclass of its options: the parser above, naming the game by the ruleset's `name`."""

    name: str
    options_type: type

    def options_from_json(self, doc: Mapping[str, Any]) -> Any:
        return options_from_json(self.options_type, doc, self.name)

    def options_to_json(self, options: Any) -> dict[str, Any]:
        return options_to_json(options)
