"""Arcana's part in a finished game (core.events `game_rated`): every player of a finished
Arcana game is paid coins for the store (issue 34), in the transaction that stores the
game's end, so the coins are paid with it or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.dispatch import receiver

from marcomage.platform.protocol import Outcome
from marcomage.web.core.events import game_rated

from .collection import pay_for_game

GAME = "arcana"


@receiver(game_rated, dispatch_uid="arcana.game_rated")
def pay_players(sender: Any, *, game_id: int, ruleset: str, outcome: Outcome,
                players: Sequence[Any], friendly: bool, rated: Sequence[Any], **_: Any) -> None:
    """Pay each player of a finished Arcana game: a game and a win count (collection.py)."""
    if ruleset != GAME:
        return
    pay_for_game(game_id, outcome, players, [seat.award.result for seat in rated], friendly)
