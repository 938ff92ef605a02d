"""A player's score in one game system (PL-SHARED-4): the counters the rating system keeps
(manual: "Player rating system"), EXP and levels per game."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from marcomage.platform import rating


class Score(models.Model):
    """Wins, losses, draws, EXP towards the next level, and the level, in one game system."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scores"
    )
    game = models.CharField(max_length=40, db_index=True)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    exp = models.PositiveIntegerField("EXP", default=0)
    level = models.PositiveIntegerField(default=0, db_index=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("user", "game"), name="score_per_game"),
        )

    def __str__(self) -> str:
        return f"{self.user} in {self.game}: level {self.level}, {self.exp} EXP"

    @property
    def exp_to_level_up(self) -> int:
        """EXP the next level needs (C-EXP-1)."""
        return rating.exp_to_level_up(self.level)

    @property
    def game_slots(self) -> int:
        """Simultaneous games allowed: 15 plus one every 4th level."""
        return rating.game_slots(self.level)
