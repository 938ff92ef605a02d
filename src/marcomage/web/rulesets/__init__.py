"""Each game system's widgets for the site, one folder per ruleset id (`rulesets/<id>/`):
its deck editor, card face and filters, its board. Only a game's own folder may import that
game's internals; the apps find a game's widgets here by the game's id."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from marcomage.games import RULESETS


def widget(game: str, part: str) -> ModuleType | None:
    """The module `part` of the game's widget folder, or None when the game has none."""
    name = f"{__name__}.{game}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name is not None and name.startswith(missing.name):
            return None
        raise


def deck_urlpatterns() -> list[Any]:
    """The deck pages of every registered game that has its own deck editor."""
    found: list[Any] = []
    for game in RULESETS:
        editor = widget(game, "deck_editor")
        if editor is not None:
            found += editor.urlpatterns
    return found
