"""The game system whose cards concepts are (MArcomage's: the card template, the effect
language, guest cards), reached through the widget registry: the concepts app names no
game's web folder (`tests/test_layers.py`)."""

from __future__ import annotations

from marcomage.web.core.widgets import Concepts, concepts_of

GAME = "marcomage"
"""The ruleset id of the game whose card concepts this app keeps."""


def concept_widget() -> Concepts:
    """The game's card-concept widget (its keywords, effect code, guest cards)."""
    found = concepts_of(GAME)
    if found is None:
        raise LookupError(f"The game system {GAME!r} has no card concepts.")
    return found
