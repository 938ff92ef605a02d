"""Running totals of finished games, added to once per game as it finishes (never recomputed
by scanning games), so every statistics page reads a few small tables."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Counted(models.Model):
    """A finished game already added to the totals: counting is done exactly once."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True,
                                related_name="+")
    with_cards = models.BooleanField(default=True)
    """False when the game could not be re-simulated, so its card uses are not counted."""


class SystemTotal(models.Model):
    """Finished games and seats of one game system."""

    ruleset = models.CharField(max_length=32, primary_key=True)
    games = models.PositiveIntegerField(default=0)
    seats = models.PositiveIntegerField(default=0)


class CardTotal(models.Model):
    """One card of one game system: how many seats' decks held it, and those seats' results."""

    ruleset = models.CharField(max_length=32)
    card = models.CharField(max_length=40)
    seats = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = (models.UniqueConstraint(fields=("ruleset", "card"),
                                               name="card_total_unique"),)


class CardUse(models.Model):
    """How often a card was used one way ("play", "discard", ...: the ruleset's event types)."""

    ruleset = models.CharField(max_length=32)
    card = models.CharField(max_length=40)
    verb = models.CharField(max_length=24)
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = (models.UniqueConstraint(fields=("ruleset", "card", "verb"),
                                               name="card_use_unique"),)


class DayTotal(models.Model):
    """Games of one system that ended one day in one way, and their summed lengths (rounds)."""

    ruleset = models.CharField(max_length=32)
    day = models.DateField()
    end_type = models.CharField(max_length=16)
    games = models.PositiveIntegerField(default=0)
    rounds = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = (models.UniqueConstraint(fields=("ruleset", "day", "end_type"),
                                               name="day_total_unique"),)


class Versus(models.Model):
    """One player's results against one opponent in one game system."""

    ruleset = models.CharField(max_length=32)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="+")
    opponent = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="+")
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = (models.UniqueConstraint(fields=("ruleset", "player", "opponent"),
                                               name="versus_unique"),)


class ExpPoint(models.Model):
    """A player's level and EXP in one game system right after one of his games."""

    ruleset = models.CharField(max_length=32)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="+")
    at = models.DateTimeField()
    level = models.PositiveIntegerField()
    exp = models.PositiveIntegerField()

    class Meta:
        indexes = (models.Index(fields=("player", "ruleset", "at")),)
