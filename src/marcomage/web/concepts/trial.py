"""Trying a concept: its author plays a friendly game against the computer with the concept
in his deck, standing in for one card of its class (MArcomage's guest cards)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from marcomage.web.decks.services import ready_decks
from marcomage.web.games import computer
from marcomage.web.games.services import GameError

from .models import Concept
from .system import GAME, concept_widget

LEVELS = ("easy", "normal", "hard")


class TrialRefused(ValueError):
    """The concept cannot be tried now; the text says why."""


@transaction.atomic
def start_trial(user: Any, concept: Concept, level: str = "easy") -> int:
    """Start the game and return its id; TrialRefused says why not (not the author, no
    effect code, no ready deck, no free game slot …)."""
    if concept.author_id != user.pk:
        raise TrialRefused("Only its author tries a concept.")
    if not concept.code:
        raise TrialRefused("Give the concept its effect code to try it.")
    decks = ready_decks(user, GAME)
    if not decks:
        raise TrialRefused("You need a ready MArcomage deck to try a concept.")
    with_guest = concept_widget().with_guest
    try:
        game = computer.start(user, decks[0].pk, level if level in LEVELS else "easy",
                              ruleset=GAME, adapt_deck=lambda doc: with_guest(doc, concept))
    except GameError as refused:
        raise TrialRefused(str(refused)) from refused
    return int(game.pk)
