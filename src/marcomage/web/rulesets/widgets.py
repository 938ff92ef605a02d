"""Which board draws a game: the game system's own (`web/rulesets/<id>/board.py`) when it has
one, else the generic board. A board module has `TEMPLATE` (the board's template name),
`context(view, seat, legal, players)` (what the template needs beyond the common part) and
`action_from_form(data)` (the ruleset's action from a posted form)."""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType


@cache
def board_of(ruleset_id: str) -> ModuleType:
    """The board module of this game system (the generic one when it has none)."""
    if ruleset_id.isidentifier():
        try:
            return importlib.import_module(f"marcomage.web.rulesets.{ruleset_id}.board")
        except ModuleNotFoundError as missing:
            if missing.name not in (f"marcomage.web.rulesets.{ruleset_id}",
                                    f"marcomage.web.rulesets.{ruleset_id}.board"):
                raise
    return importlib.import_module("marcomage.web.rulesets.generic.board")
