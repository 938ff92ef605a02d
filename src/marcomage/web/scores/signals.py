"""New players start at level 0 with no games played in the default game system."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from marcomage.games import DEFAULT_RULESET

from .models import Score


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_score(sender: Any, instance: Any, created: bool, raw: bool = False, **_: Any) -> None:
    """Create the default game's score row of a new account (the ladder lists it at once)."""
    if created and not raw:
        Score.objects.get_or_create(user=instance, game=DEFAULT_RULESET)
