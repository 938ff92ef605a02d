"""New players start with eight decks, three of them starter decks (C-DECK-4, C-DECK-11)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from .services import create_initial_decks


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_decks(sender: Any, instance: Any, created: bool, raw: bool = False, **_: Any) -> None:
    """Create the decks of a new account."""
    if created and not raw:
        create_initial_decks(instance)
