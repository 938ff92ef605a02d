"""A player's collection of custom Elder Tale cards: each saved card with the calculator's
report as it passed, the design rules' version (ET-SCOPE-5) and, where the site asks for
it, a moderator's approval."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from marcomage.games.elder_tale.deck import CUSTOM_PREFIX


class Status(models.TextChoices):
    """Where a card stands with the staff: approved cards may go into decks."""

    PENDING = "pending", "waiting for a moderator"
    APPROVED = "approved", "approved"
    REJECTED = "rejected", "rejected"


class CustomCard(models.Model):
    """One custom card of a player (ET-SCOPE-1: Uncommon or Rare)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="elder_tale_cards")
    name = models.CharField(max_length=80)
    document = models.JSONField(default=dict)
    report = models.JSONField(default=dict)
    rules_version = models.CharField(max_length=20)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.APPROVED)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-created", "-id")

    def __str__(self) -> str:
        return f"{self.name} ({self.owner})"

    @property
    def card_id(self) -> str:
        """Its id in deck documents: "custom-<number>"."""
        return f"{CUSTOM_PREFIX}{self.pk}"

    def card_json(self) -> dict[str, Any]:
        """The card as the ruleset reads it, with its id and name."""
        return {**self.document, "id": self.card_id, "name": self.name}
