"""New players start with their decks of the default game system (C-DECK-4, C-DECK-11), and a
person who registers through the site with the starter decks of every game system too, so a
newcomer can play any of them at once; a level that brings a deck slot brings an empty deck
with it (C-DECK-4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from marcomage.games import DEFAULT_RULESET, RULESETS
from marcomage.web.core.events import account_erasing, game_rated, player_registered

from .models import Deck
from .services import give_starter_decks, grant_bonus_deck, slots_at_level


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_decks(sender: Any, instance: Any, created: bool, raw: bool = False, **_: Any) -> None:
    """Create the decks of a new account."""
    if created and not raw:
        give_starter_decks(instance, DEFAULT_RULESET)


@receiver(player_registered, dispatch_uid="decks.player_registered")
def every_systems_starters(sender: Any, *, user: Any, **_: Any) -> None:
    """A newcomer's decks in every game system: its starter decks first (PL-SHARED-2)."""
    for game in RULESETS:
        give_starter_decks(user, game)


@receiver(game_rated, dispatch_uid="decks.game_rated")
def bonus_decks(sender: Any, *, ruleset: str, rated: Sequence[Any], **_: Any) -> None:
    """Each seat whose new level brings a deck slot in this game gets an empty deck."""
    for seat in rated:
        if seat.levelled_up and (slots_at_level(ruleset, seat.level)
                                 > slots_at_level(ruleset, seat.level_before)):
            grant_bonus_deck(seat.user, ruleset)


@receiver(account_erasing, dispatch_uid="decks.account_erasing")
def erase_decks(sender: Any, *, user: Any, **_: Any) -> None:
    """A deleted account's decks go (issue 23)."""
    Deck.objects.filter(owner=user).delete()
