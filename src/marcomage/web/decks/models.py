"""A player's deck: 15 Common, 15 Uncommon and 15 Rare slots and three token slots (C-DECK)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from marcomage.games.marcomage.cards import NO_TOKEN

SECTION = 15
NAME_LENGTH = 20  # C-DECK-3
RARITIES = ("common", "uncommon", "rare")


def empty_section() -> list[int]:
    """Fifteen empty slots (card 0, C-DECK-1)."""
    return [0] * SECTION


def no_tokens() -> list[str]:
    """Three empty token slots (C-DECK-9)."""
    return [NO_TOKEN] * 3


def name_key(name: str) -> str:
    """The form of a name that must be unique among a player's decks (C-DECK-3): letter case
    and trailing spaces ignored."""
    return name.strip().casefold()


class Deck(models.Model):
    """One deck. Slots hold card ids, 0 for an empty slot; the order of slots is kept."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    name = models.CharField(max_length=NAME_LENGTH)
    name_key = models.CharField(max_length=4 * NAME_LENGTH, editable=False)
    common = models.JSONField(default=empty_section)
    uncommon = models.JSONField(default=empty_section)
    rare = models.JSONField(default=empty_section)
    tokens = models.JSONField(default=no_tokens)
    modified = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("id",)
        constraints = (
            models.UniqueConstraint(fields=("owner", "name_key"), name="deck_name_unique"),
        )

    def __str__(self) -> str:
        return f"{self.name} ({self.owner})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Keep the uniqueness key in step with the name."""
        self.name_key = name_key(self.name)
        super().save(*args, **kwargs)

    @property
    def sections(self) -> tuple[list[int], list[int], list[int]]:
        """The three sections, Common first (the engine's order)."""
        return (self.common, self.uncommon, self.rare)

    @property
    def card_count(self) -> int:
        """How many of the 45 slots hold a card."""
        return sum(1 for section in self.sections for card in section if card)

    @property
    def ready(self) -> bool:
        """C-DECK-2: ready for play when all 45 slots are filled."""
        return self.card_count == 3 * SECTION
