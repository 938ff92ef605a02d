"""New players start with their decks of the default game system (C-DECK-4, C-DECK-11); a
level that brings a deck slot brings an empty deck with it (C-DECK-4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from marcomage.games import DEFAULT_RULESET
from marcomage.web.core.events import game_rated

from .services import give_starter_decks, grant_bonus_deck, slots_at_level


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_decks(sender: Any, instance: Any, created: bool, raw: bool = False, **_: Any) -> None:
    """Create the decks of a new account."""
    if created and not raw:
        give_starter_decks(instance, DEFAULT_RULESET)


@receiver(game_rated, dispatch_uid="decks.game_rated")
def bonus_decks(sender: Any, *, ruleset: str, rated: Sequence[Any], **_: Any) -> None:
    """Each seat whose new level brings a deck slot in this game gets an empty deck."""
    for seat in rated:
        if seat.levelled_up and (slots_at_level(ruleset, seat.level)
                                 > slots_at_level(ruleset, seat.level_before)):
            grant_bonus_deck(seat.user, ruleset)
