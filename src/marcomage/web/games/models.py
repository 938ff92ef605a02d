"""A game of any game system from challenge (or hosting) to its replay, its seats, its steps
and its chat.

One `Game` row holds the whole life of a game, so a challenge or a hosted game is a game
that has not started yet (status CHALLENGE or HOSTED). Seats are numbered from 0: seat 0 is
the challenger or the host, the others the challenged player or the joiners in the order
they came (C-GAME-8). Once started, `state` is the ruleset's `to_json` document, `version`
rises by one with every stored change of the state (ARCHITECTURE.md, "Real time"), and each
change is a `Step` with the state hash after it, so a finished game is its own replay
(PL-STATE-3, PL-SHARED-3). Games stored before replays existed have no seed and no steps.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

CHALLENGE_LENGTH = 250  # C-SITE-2 / C-GAME-6
NOTE_LENGTH = 1000  # C-SITE-2 / C-GAME-16
CHAT_LENGTH = 300  # C-SITE-3
COMPUTER_SEAT = 1
"""The computer's seat in a two-seat game (issue 11); in a game of more seats it may sit in
any seat but the first, each marked `Seat.computer` (issue 35)."""


_number = attrgetter("number")
"""A seat's number (the order of a game's seats)."""


class Status(models.TextChoices):
    """Where a game is in its life."""

    CHALLENGE = "challenge", "Challenge"
    HOSTED = "hosted", "Hosted"
    RUNNING = "running", "In progress"
    FINISHED = "finished", "Finished"


class AiLevel(models.TextChoices):
    """How strongly the computer plays (issue 11); blank on games between people."""

    EASY = "easy", "easy"
    NORMAL = "normal", "normal"
    HARD = "hard", "hard"


class StepKind(models.TextChoices):
    """What a step of a game was: a seat's action, or one of the platform's ends (PL-PROTO-6)."""

    ACTION = "action", "Action"
    SURRENDER = "surrender", "Surrender"
    ABORT = "abort", "Abort"
    ABANDON = "abandon", "Abandon"


class Game(models.Model):
    """One game of one game system (`ruleset`), its seats in `seats`."""

    ruleset = models.CharField(max_length=32, db_index=True)
    ruleset_version = models.PositiveIntegerField(default=0)
    options = models.JSONField(default=dict, blank=True)
    format = models.CharField(max_length=32, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, db_index=True)
    seats_count = models.PositiveSmallIntegerField(default=2)
    # The game's secret seed; null until it starts, and for games from before replays.
    seed = models.BigIntegerField(null=True, blank=True)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    message = models.TextField(max_length=CHALLENGE_LENGTH, blank=True)
    created = models.DateTimeField(default=timezone.now)
    last_move = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    end_type = models.CharField(max_length=16, blank=True, default="", db_index=True)
    # Friendly play (no score, no EXP), kept beside the options for queries and the lists.
    friendly = models.BooleanField("friendly play", default=False)
    # The round the game is in, for the lists (0 when the ruleset has no rounds).
    round = models.PositiveIntegerField(default=0)
    # Against the computer: its difficulty; blank in games between people.
    ai_level = models.CharField(max_length=6, choices=AiLevel.choices, blank=True, default="")

    class Meta:
        ordering = ("-last_move", "-id")

    def __str__(self) -> str:
        return f"game {self.pk} ({self.ruleset}, {self.status})"

    @property
    def recorded(self) -> bool:
        """Does the game have a replay (a seed and its steps)? False for older games."""
        return self.seed is not None

    def seat_list(self) -> list[Seat]:
        """The seats in order (prefetched when the caller asked for them). The prefetched
        seats are read from the game's cache directly: `self.seats.all()` builds a related
        manager and a queryset for them on every call, and a move asks for the seats a
        score of times (issue 36)."""
        cache = getattr(self, "_prefetched_objects_cache", None)
        if cache is None:
            return sorted(self.seats.all(), key=_number)
        rows = getattr(cache, "rows", None)  # queries.SeatRows: the rows read with the game
        if rows is not None:
            return sorted(rows, key=_number)
        seats = cache.get("seats")
        return sorted(self.seats.all() if seats is None else seats, key=_number)

    def seat_of(self, user: Any) -> Seat | None:
        """The user's seat in this game, or None."""
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        for seat in self.seat_list():
            if seat.user_id == user.pk:
                return seat
        return None

    def players(self) -> list[Any]:
        """The accounts in seat order (None for an empty seat)."""
        return [seat.user for seat in self.seat_list()]

    def others(self, seat: Seat) -> list[Seat]:
        """The other seats of the game."""
        return [other for other in self.seat_list() if other.number != seat.number]

    def opponent_name(self, seat: Seat) -> str:
        """How `seat` names the other players: "Computer (easy)" against the computer, "bob,
        2 computers (hard)" in a group game with computer seats."""
        others = self.others(seat)
        names = [str(o.user.username) for o in others if o.user is not None and not o.computer]
        robots = sum(1 for o in others if o.computer)
        if robots:
            names.append("Computer" if robots == 1 else f"{robots} computers")
        text = ", ".join(names)
        return f"{text} ({self.ai_level})" if self.ai_level else text

    def computer_seats(self) -> list[int]:
        """The seats the computer plays, in order; empty in a game between people (issue 35:
        any number of seats in a game of more than two)."""
        if not self.ai_level:
            return []
        return [seat.number for seat in self.seat_list() if seat.computer]

    def computer_seat(self) -> int | None:
        """The computer's first seat, or None in a game between people (issue 11)."""
        seats = self.computer_seats()
        return seats[0] if seats else None

    @property
    def host(self) -> Any:
        """The challenger or host (seat 0)."""
        return self.seat_list()[0].user



class Seat(models.Model):
    """One seat of a game: its player, the deck committed to it, a private note."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True,
        related_name="seats",
    )
    deck = models.ForeignKey(
        "decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deck_name = models.CharField(max_length=40, blank=True)
    # The platform deck document as committed when the game started (PL-SHARED-2); null
    # before the start and for games from before the platform.
    deck_doc = models.JSONField(null=True, blank=True)
    note = models.TextField(max_length=NOTE_LENGTH, blank=True)
    left = models.BooleanField(default=False)
    # Is this seat to act? Kept in step with the ruleset's to_act, so lists need no JSON.
    to_act = models.BooleanField(default=False)
    # Does the computer play this seat (its account sits in it)? Set when the seat is taken.
    computer = models.BooleanField(default=False)

    class Meta:
        ordering = ("game", "number")
        constraints = (
            models.UniqueConstraint(fields=("game", "number"), name="seat_number_unique"),
        )

    def __str__(self) -> str:
        return f"seat {self.number} of game {self.game_id}"


class Step(models.Model):
    """One accepted change of a running game, in order (PL-STATE-3): a seat's action
    (`seat`, `action`), a seat's surrender (`seat`), or the platform's abort or abandon
    (`winners` as passed to the ruleset's `end`; `seat` is the player who asked for it, which
    the platform's replay step leaves out); `hash_after` is the state hash after it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="steps")
    index = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=10, choices=StepKind.choices)
    action = models.JSONField(null=True, blank=True)
    winners = models.JSONField(default=list, blank=True)
    hash_after = models.CharField(max_length=64)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("game", "index")
        constraints = (
            models.UniqueConstraint(fields=("game", "index"), name="step_index_unique"),
        )

    def __str__(self) -> str:
        return f"step {self.index} of game {self.game_id}"


class ChatMessage(models.Model):
    """One line of a game's chat (C-SITE-3)."""

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
