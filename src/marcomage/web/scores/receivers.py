"""The scores app's part in a finished game (core.events): record every seat's score, EXP
and level in the game's system, then announce `game_rated` for the sections that tell the
players (messaging) or give level bonuses (decks). Runs inside the games section's
transaction, so all of it is stored with the game's end or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.dispatch import receiver

from marcomage.platform.protocol import Action, Outcome, State
from marcomage.web.core.events import game_finished, game_rated

from .models import Score
from .services import record_game


@receiver(game_finished, dispatch_uid="scores.game_finished")
def on_game_finished(
    sender: Any, *, game_id: int, ruleset: str, state: State, outcome: Outcome,
    players: Sequence[Any], friendly: bool, last: tuple[int, Action] | None = None, **_: Any,
) -> None:
    """Record the game's scores, EXP and levels, then send game_rated."""
    rated = record_game(ruleset, state, players, friendly=friendly, last=last)
    game_rated.send(sender=Score, game_id=game_id, ruleset=ruleset, state=state,
                    outcome=outcome, players=list(players), friendly=friendly, rated=rated)
