"""Finding a game system's widgets (`web/rulesets/<id>/`) by the game's id, so that the apps
use them without importing them: decks opens a game's deck editor, messaging its battle
report. A game without a widget folder gets the apps' generic pages."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from marcomage.games import RULESETS

ROOT = "marcomage.web.rulesets"


def widget(game: str, part: str) -> ModuleType | None:
    """The module `part` of the game's widget folder, or None when the game has none."""
    name = f"{ROOT}.{game}.{part}"
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
