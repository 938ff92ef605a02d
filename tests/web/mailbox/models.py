"""Letters: the stand-in's data."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models


class Letter(models.Model):
    """One letter to a player."""

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="letters"
    )
    text = models.CharField(max_length=100)
    read = models.BooleanField(default=False)


def has_unread(user: Any, mark: datetime) -> bool:
    """The messages icon is lit while the player has an unread letter."""
    return bool(Letter.objects.filter(recipient_id=user.pk, read=False).exists())
