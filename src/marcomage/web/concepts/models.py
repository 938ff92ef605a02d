"""A card concept and each player's last look at the concepts list (C-SITE-6)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

NAME_LENGTH = 64  # C-SITE-6
EFFECT_LENGTH = 100  # C-SITE-6, C-GEN-7 EFFECT_LENGTH
NOTE_LENGTH = 1000  # C-SITE-6
FEEDBACK_LENGTH = 1000
CODE_LENGTH = 1000
MAX_COST = 99  # C-SITE-6: at most two digits


class Rarity(models.TextChoices):
    """The card classes (C-SITE-6)."""

    COMMON = "common", "Common"
    UNCOMMON = "uncommon", "Uncommon"
    RARE = "rare", "Rare"


class State(models.TextChoices):
    """The four states (C-SITE-6, C-ERR-2); only moderators change them."""

    WAITING = "waiting", "Waiting"
    INTERESTING = "interesting", "Interesting"
    IMPLEMENTED = "implemented", "Implemented"
    REJECTED = "rejected", "Rejected"


class Concept(models.Model):
    """One suggested card: the card template's data, its state and feedback, its thread."""

    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="concepts")
    name = models.CharField(max_length=NAME_LENGTH)
    rarity = models.CharField(max_length=10, choices=Rarity.choices, default=Rarity.COMMON)
    bricks = models.PositiveSmallIntegerField(default=0)
    gems = models.PositiveSmallIntegerField(default=0)
    recruits = models.PositiveSmallIntegerField(default=0)
    # [{"name": "Charge", "param": 3}, {"name": "Quick", "param": null}], template order
    keywords = models.JSONField(default=list, blank=True)
    effect = models.CharField("effect text", max_length=EFFECT_LENGTH, blank=True)
    code = models.TextField("effect code", max_length=CODE_LENGTH, blank=True,
                            help_text="The effect in the concept effect language, to try it.")
    note = models.TextField(max_length=NOTE_LENGTH, blank=True)
    picture = models.CharField(max_length=64, blank=True)  # a stored avatar-sized file
    state = models.CharField(max_length=12, choices=State.choices, default=State.WAITING)
    feedback = models.TextField(max_length=FEEDBACK_LENGTH, blank=True)
    thread = models.OneToOneField(
        "forum.Thread", on_delete=models.SET_NULL, null=True, blank=True, related_name="concept")
    created = models.DateTimeField(default=timezone.now, db_index=True)
    modified = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-created", "-id")

    def __str__(self) -> str:
        return self.name

    @property
    def keyword_labels(self) -> list[str]:
        """Keywords as the card shows them: "Charge (3)", "Quick"."""
        return [label(entry) for entry in self.keywords]


def label(entry: dict[str, Any]) -> str:
    """A keyword with its parameter, as written on a card."""
    param = entry.get("param")
    return f"{entry['name']} ({param})" if param is not None else str(entry["name"])


class Watcher(models.Model):
    """When a player last looked at the concepts list: older concepts are not new to him."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+")
    seen = models.DateTimeField()
