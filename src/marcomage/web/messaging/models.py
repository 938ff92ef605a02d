"""A message: one text from a player, or from the system, to one player."""

from __future__ import annotations

from enum import StrEnum

from django.conf import settings
from django.db import models
from django.utils import timezone

from marcomage.web.accounts.names import SYSTEM_NAME

SUBJECT_LENGTH = 30  # C-SITE-1
TEXT_LENGTH = 1000  # C-SITE-1, C-GEN-7 MESSAGE_LENGTH
DELETED_AUTHOR = "(deleted player)"  # a player message whose author's account was removed


class Kind(StrEnum):
    """Who sent a message and why; the inbox colours follow it (manual: "Messages")."""

    PLAYER = "player"
    # Sent under the "Battle report messages" option: game outcomes (C-EXP-13) and challenge
    # answers (C-EXP-14). Blue in the inbox.
    REPORT = "report"
    # Other system notices, e.g. a level up (C-EXP-15).
    SYSTEM = "system"


KIND_CHOICES = [
    (Kind.PLAYER.value, "Player message"),
    (Kind.REPORT.value, "Battle report"),
    (Kind.SYSTEM.value, "System message"),
]


class Message(models.Model):
    """One message. Each side deletes it for itself only (C-SITE-1); once both have, nobody
    but a moderator (admin console) sees it."""

    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="messages_sent", help_text="Empty for system messages (MArcomage).",
    )
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="messages_received"
    )
    subject = models.CharField(max_length=SUBJECT_LENGTH, blank=True)
    text = models.TextField(max_length=TEXT_LENGTH, blank=True)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    kind = models.CharField(max_length=8, choices=KIND_CHOICES, default=Kind.PLAYER.value)
    is_read = models.BooleanField("read", default=False)
    deleted_by_author = models.BooleanField(default=False)
    deleted_by_recipient = models.BooleanField(default=False)

    class Meta:
        ordering = ("-created", "-id")
        indexes = (
            models.Index(fields=["recipient", "deleted_by_recipient", "-created"]),
            models.Index(fields=["author", "deleted_by_author", "-created"]),
        )

    def __str__(self) -> str:
        return f"{self.sender_name} → {self.recipient}: {self.subject}"

    @property
    def sender_name(self) -> str:
        """The author's name, or "MArcomage" for the system (C-GEN-7 SYSTEM_NAME)."""
        if self.author is not None:
            return str(self.author.username)
        return SYSTEM_NAME if self.from_system else DELETED_AUTHOR

    @property
    def from_system(self) -> bool:
        """True for battle reports and notices, which cannot be answered."""
        return self.kind != Kind.PLAYER
