"""New players start with a profile and default settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from .models import Preferences, Profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_rows(sender: Any, instance: Any, created: bool, raw: bool = False, **_: Any) -> None:
    """Create the profile and settings rows next to a new account."""
    if created and not raw:
        Profile.objects.get_or_create(user=instance)
        Preferences.objects.get_or_create(user=instance)
