"""Which board draws a game: the game system's own (`web/rulesets/<id>/board.py`) when it has
one, else the generic board. A board module has `TEMPLATE` (the board's template name),
`context(view, seat, legal, players)` (what the template needs beyond the common part) and
`action_from_form(data)` (the ruleset's action from a posted form)."""

from __future__ import annotations

from types import ModuleType

from marcomage.web.core.widgets import widget
from marcomage.web.rulesets.generic import board as generic_board


def board_of(ruleset_id: str) -> ModuleType:
    """The board module of this game system (the generic one when it has none)."""
    own = widget(ruleset_id, "board") if ruleset_id.isidentifier() else None
    return own if own is not None else generic_board
