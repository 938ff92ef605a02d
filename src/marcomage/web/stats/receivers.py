"""The statistics app's part in a finished game: once scores has rated it (core.events
`game_rated`), add it to the running totals right after the transaction that stores the
game's end commits. Counting replays the game for its card uses, ~10 ms of a game-ending
move's work that the move's transaction (and, on SQLite, the process's write lock every
other move waits for) need not hold (issue 36). Counting never blocks a game's end: if it
fails, or the process stops before it, the game is left uncounted (and `manage.py
stats_count` adds it)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from marcomage.web.core.events import game_rated
from marcomage.web.games.models import Game

from .counting import add_counted, record_exp, uncounted_facts

log = logging.getLogger(__name__)


@receiver(game_rated, dispatch_uid="stats.game_rated")
def on_game_rated(sender: Any, *, game_id: int, ruleset: str, rated: Sequence[Any],
                  **_: Any) -> None:
    """Count the game and note each seat's EXP after it, once its end is committed."""
    at = timezone.now()
    transaction.on_commit(lambda: count_now(game_id, ruleset, rated, at))


def count_now(game_id: int, ruleset: str, rated: Sequence[Any], at: datetime) -> None:
    """Count a finished game and note the rated seats' EXP, or log why not."""
    try:
        game = Game.objects.prefetch_related("seats").filter(pk=game_id).first()
        if game is None:  # a test's bare signal, or a game deleted meanwhile
            return
        facts = uncounted_facts(game)
        if facts is None:
            return
        with transaction.atomic():
            if add_counted(game, facts):
                record_exp(ruleset, rated, game.finished_at or at)
    except Exception:  # statistics must never undo a game's end
        log.exception("Could not count game %s in the statistics", game_id)
