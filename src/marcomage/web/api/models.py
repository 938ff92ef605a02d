"""Personal API tokens and the bot flag of an account.

A token is shown to its owner once, when it is made; only its SHA-256 digest is kept (the
token is 256 random bits, so a fast digest is enough: nobody can guess one to compare). A
revoked token stays as a row (its name and dates in the Settings list) but never
authenticates again. The bot flag lives here rather than on the account so that the
accounts app need not change: a `BotAccount` row marks its user as a program.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

SCOPES = ("read", "play", "decks")
"""What a token may do: read (lists, views, replays, statistics), play (challenges, moves,
chat, the bot stream), decks (create and change decks)."""

TOKEN_NAME_LENGTH = 40


class ApiToken(models.Model):
    """One personal API token of a player."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="api_tokens")
    name = models.CharField(max_length=TOKEN_NAME_LENGTH)
    prefix = models.CharField(max_length=12)
    digest = models.CharField(max_length=64, unique=True)
    scopes = models.JSONField(default=list)
    created = models.DateTimeField(default=timezone.now)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created", "-id")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.user_id}"

    @property
    def active(self) -> bool:
        """Not revoked."""
        return self.revoked is None


class BotAccount(models.Model):
    """Marks an account as played by a program (shown in the players list and the API)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="bot_account")
    since = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"bot {self.user_id}"
