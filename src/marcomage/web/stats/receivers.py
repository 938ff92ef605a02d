"""The statistics app's part in a finished game: once scores has rated it (core.events
`game_rated`), add it to the running totals in the same transaction. Counting never blocks
a game's end: if it fails, the game is left uncounted (and `manage.py stats_count` adds it)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from marcomage.web.core.events import game_rated
from marcomage.web.games.models import Game

from .counting import count_game, record_exp

log = logging.getLogger(__name__)


@receiver(game_rated, dispatch_uid="stats.game_rated")
def on_game_rated(sender: Any, *, game_id: int, ruleset: str, rated: Sequence[Any],
                  **_: Any) -> None:
    """Count the game and note each seat's EXP after it."""
    try:
        with transaction.atomic():
            game = Game.objects.prefetch_related("seats").filter(pk=game_id).first()
            if game is None:  # a test's bare signal, or a game deleted meanwhile
                return
            count_game(game)
            record_exp(ruleset, rated, game.finished_at or timezone.now())
    except Exception:  # statistics must never undo a game's end
        log.exception("Could not count game %s in the statistics", game_id)
