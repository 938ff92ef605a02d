"""A player who deletes his account leaves his games (issue 23): his running games are
surrendered and his open challenges and hosted games withdrawn, so nobody waits for a
player who will not come back, and his private game notes are erased. The accounts app
announces the deletion (`core.events`); this section does its part."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from marcomage.web.core.events import account_closing, account_erasing

from .errors import GameError, NotFound
from .lobby import reject, unhost, withdraw
from .models import Game, Seat, Status
from .play import surrender


@receiver(account_closing, dispatch_uid="games.account_closing")
def end_games(sender: Any, *, user: Any, **_: Any) -> None:
    """Surrender the running games; withdraw, reject or unhost the open ones."""
    for game in Game.objects.filter(seats__user=user, status=Status.RUNNING).distinct():
        try:
            surrender(user, game.pk)
        except GameError:
            continue
    for game in Game.objects.filter(seats__user=user,
                                    status__in=(Status.CHALLENGE, Status.HOSTED)).distinct():
        for end in (withdraw, reject, unhost):
            try:
                end(user, game.pk)
                break
            except (GameError, NotFound):
                continue


@receiver(account_erasing, dispatch_uid="games.account_erasing")
def erase_notes(sender: Any, *, user: Any, **_: Any) -> None:
    """The player's private game notes go; his seats, games and steps stay."""
    Seat.objects.filter(user=user).update(note="")
