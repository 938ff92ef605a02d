"""A game from challenge (or hosting) to the last player leaving it, and its chat.

One `Game` row holds the whole life of a game, so a challenge or a hosted game is a game
that has not started yet (status CHALLENGE or HOSTED). Seat 1 is always the challenger or
the host, seat 2 the challenged player or the joiner (C-GAME-8); engine player 0 is seat 1.
Once started, `state` is the engine's `to_json` document and `version` rises by one with
every stored change of the state (ARCHITECTURE.md, "Real time").
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

CHALLENGE_LENGTH = 250  # C-SITE-2 / C-GAME-6
NOTE_LENGTH = 1000  # C-SITE-2 / C-GAME-16
CHAT_LENGTH = 300  # C-SITE-3
COMPUTER_SEAT = 2  # the computer opponent always sits in seat 2 (issue 11)


class Status(models.TextChoices):
    """Where a game is in its life."""

    CHALLENGE = "challenge", "Challenge"
    HOSTED = "hosted", "Hosted"
    RUNNING = "running", "In progress"
    FINISHED = "finished", "Finished"


class AiLevel(models.TextChoices):
    """How strongly the computer plays (issue 11); blank on games between two people."""

    EASY = "easy", "easy"
    NORMAL = "normal", "normal"
    HARD = "hard", "hard"


class Game(models.Model):
    """One game between two players, in seat order."""

    player1 = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games_as_player1"
    )
    player2 = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games_as_player2",
        null=True, blank=True,
    )
    status = models.CharField(max_length=10, choices=Status.choices, db_index=True)
    hidden = models.BooleanField("hide opponent's cards", default=False)
    friendly = models.BooleanField("friendly play", default=False)
    deck1 = models.ForeignKey(
        "decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deck2 = models.ForeignKey(
        "decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deck1_name = models.CharField(max_length=20, blank=True)
    deck2_name = models.CharField(max_length=20, blank=True)
    message = models.TextField(max_length=CHALLENGE_LENGTH, blank=True)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)
    last_move = models.DateTimeField(default=timezone.now)
    note1 = models.TextField(max_length=NOTE_LENGTH, blank=True)
    note2 = models.TextField(max_length=NOTE_LENGTH, blank=True)
    left1 = models.BooleanField(default=False)
    left2 = models.BooleanField(default=False)
    # Whose turn it is, kept next to the state so lists and the icon need no JSON parsing:
    # 1 or 2 while running, 0 otherwise.
    current = models.PositiveSmallIntegerField(default=0)
    round = models.PositiveIntegerField(default=0)
    # The last turn taken ({"player": 0|1, "kind", "pos", "mode"}), for rating.FinalTurn.
    last_turn = models.JSONField(null=True, blank=True)
    # Against the computer (seat 2): its difficulty; blank in games between two people.
    ai_level = models.CharField(max_length=6, choices=AiLevel.choices, blank=True, default="")

    class Meta:
        ordering = ("-last_move", "-id")

    def __str__(self) -> str:
        return f"game {self.pk} ({self.status})"

    def seat_of(self, user: Any) -> int:
        """1 or 2 for the game's players, 0 for anyone else."""
        if user is None or not getattr(user, "is_authenticated", False):
            return 0
        if self.player1_id == user.pk:
            return 1
        if self.player2_id is not None and self.player2_id == user.pk:
            return 2
        return 0

    def opponent_of(self, seat: int) -> Any:
        """The other player of seat 1 or 2."""
        return self.player2 if seat == 1 else self.player1

    def opponent_name(self, seat: int) -> str:
        """How seat 1 or 2 names the opponent: "Computer (easy)" against the computer."""
        opponent = self.opponent_of(seat)
        name = str(opponent.username) if opponent is not None else ""
        return f"{name} ({self.ai_level})" if self.ai_level else name


class ChatMessage(models.Model):
    """One line of a game's chat (C-SITE-3), deleted with the game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    text = models.TextField(max_length=CHAT_LENGTH)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-created", "-id")

    def __str__(self) -> str:
        return f"chat {self.pk} in game {self.game_id}"
