"""A player's collection of custom Elder Tale cards: each saved card with the calculator's
report as it passed, the design rules' version (ET-SCOPE-5) and, where the site asks for
it, a moderator's approval; a card's publication to every player (a moderator approves it,
the seed's staff queue) and the cards players learned from others (issue 35)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from marcomage.games.elder_tale.deck import CUSTOM_PREFIX
from marcomage.games.elder_tale.design import DESIGN_RULES_VERSION


class Status(models.TextChoices):
    """Where a card stands with the staff: approved cards may go into decks."""

    PENDING = "pending", "waiting for a moderator"
    APPROVED = "approved", "approved"
    REJECTED = "rejected", "rejected"


class Publication(models.TextChoices):
    """Where a card stands in the library every player browses: kept private, sent to the
    moderators, published (others may learn it) or rejected with a reason."""

    PRIVATE = "private", "private"
    PENDING = "pending", "waiting for a moderator"
    PUBLISHED = "published", "published"
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
    publication = models.CharField(max_length=10, choices=Publication.choices,
                                   default=Publication.PRIVATE, db_index=True)
    published = models.DateTimeField(null=True, blank=True)
    review_reason = models.TextField(max_length=500, blank=True, default="")
    reviewed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ("-created", "-id")
        permissions = (("review_customcard",
                        "Can approve or reject custom cards published to every player"),)

    def __str__(self) -> str:
        return f"{self.name} ({self.owner})"

    @property
    def card_id(self) -> str:
        """Its id in deck documents: "custom-<number>"."""
        return f"{CUSTOM_PREFIX}{self.pk}"

    @property
    def outdated(self) -> bool:
        """ET-SCOPE-5: it passed older design rules than the current ones."""
        return self.rules_version != DESIGN_RULES_VERSION

    @property
    def illegal_reason(self) -> str:
        """Why the card may not be played now, in words ("" when it may): an outdated
        card is illegal for play until its author re-prices it (ET-SCOPE-2, ET-SCOPE-5)."""
        if self.outdated:
            return (f"Illegal for play: priced under the design rules of {self.rules_version}, "
                    f"and the current rules are {DESIGN_RULES_VERSION}; it plays again once "
                    "its author re-prices it (Revalidate).")
        return ""

    def card_json(self) -> dict[str, Any]:
        """The card as the ruleset reads it, with its id and name."""
        return {**self.document, "id": self.card_id, "name": self.name}


class LearnedCard(models.Model):
    """A published card of another player that `learner` learned into their collection
    (the seed: a character grows "by learning custom cards from others"); its author sees
    who learned it."""

    learner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="elder_tale_learned")
    card = models.ForeignKey(CustomCard, on_delete=models.CASCADE, related_name="learned_by")
    learned = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-learned", "-id")
        constraints = (models.UniqueConstraint(fields=("learner", "card"),
                                               name="et_learned_once"),)

    def __str__(self) -> str:
        return f"{self.learner} learned {self.card.name}"
