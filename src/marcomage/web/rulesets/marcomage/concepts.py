"""MArcomage's card concepts as the concepts app reaches them (`core.widgets.concepts_of`): the
card template's keywords, the effect code's problems and words (the concept effect
language, `games/marcomage/concept_language.py`), and the deck with a concept as a guest
card (`concept_cards.with_guest`)."""

from __future__ import annotations

from marcomage.web.core.widgets import Concepts

from .concept_cards import code_in_words, code_problems, with_guest
from .keywords import KEYWORDS

WIDGET = Concepts(keywords=tuple(KEYWORDS), code_problems=code_problems,
                  code_in_words=code_in_words, with_guest=with_guest)
"""Card concepts as the widget registry hands them out."""
