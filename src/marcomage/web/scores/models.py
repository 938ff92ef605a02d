"""A player's score: the counters the rating system keeps (manual: "Player rating system")."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from marcomage.games.marcomage import awards as rating


class Score(models.Model):
    """Wins, losses, draws, EXP towards the next level, and the level."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="score"
    )
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    exp = models.PositiveIntegerField("EXP", default=0)
    level = models.PositiveIntegerField(default=0, db_index=True)

    def __str__(self) -> str:
        return f"{self.user}: level {self.level}, {self.exp} EXP"

    @property
    def game_slots(self) -> int:
        """Simultaneous games allowed: 15 plus one every 4th level."""
        return rating.game_slots(self.level)

    @property
    def deck_slots(self) -> int:
        """Decks allowed: 8 plus one every 6th level."""
        return rating.deck_slots(self.level)
