"""Forum data: sections, threads, posts, and each player's read marks (C-SITE-5)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

TITLE_LENGTH = 50  # C-SITE-5
POST_LENGTH = 4000  # C-SITE-5, C-GEN-7 POST_LENGTH
CONCEPTS_SLUG = "concepts"


class Priority(models.TextChoices):
    """The manual's three kinds of thread: Sticky (red, always on top), Important (orange),
    Normal (white)."""

    STICKY = "sticky", "Sticky"
    IMPORTANT = "important", "Important"
    NORMAL = "normal", "Normal"


class Section(models.Model):
    """A part of the forum; moderators create and order them in the admin console."""

    name = models.CharField(max_length=50, unique=True)
    slug = models.SlugField(max_length=50, unique=True)
    description = models.CharField(max_length=200, blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("position", "id")

    def __str__(self) -> str:
        return self.name


class Thread(models.Model):
    """A discussion in a section; its posts follow in the order they were written."""

    section = models.ForeignKey(Section, on_delete=models.PROTECT, related_name="threads")
    title = models.CharField(max_length=TITLE_LENGTH)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    priority = models.CharField(max_length=10, choices=Priority.choices, default=Priority.NORMAL)
    locked = models.BooleanField(default=False)
    game = models.CharField(
        "game system", max_length=32, blank=True,
        help_text="The game system the thread is about (a ruleset id), or empty.")
    created = models.DateTimeField(default=timezone.now)
    # The newest post, kept with every change so that lists and marks need no aggregate.
    last_post_id = models.BigIntegerField(default=0)
    last_post_at = models.DateTimeField(default=timezone.now, db_index=True)
    post_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("-last_post_at", "-id")
        indexes = (models.Index(fields=["section", "-last_post_at"]),)

    def __str__(self) -> str:
        return self.title

    @property
    def is_sticky(self) -> bool:
        return self.priority == Priority.STICKY


class Post(models.Model):
    """One post: BBCode text (rendered when shown), its author, and when it was edited."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="posts")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    text = models.TextField(max_length=POST_LENGTH)
    created = models.DateTimeField(default=timezone.now)
    edited = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("id",)
        indexes = (models.Index(fields=["thread", "id"]),)

    def __str__(self) -> str:
        return f"post {self.pk} in {self.thread_id}"


class ReadMark(models.Model):
    """The newest post of a thread a player has seen: later posts are new to him."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="marks")
    last_read = models.BigIntegerField(default=0)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=["user", "thread"], name="forum_one_mark"),
        )


class Reader(models.Model):
    """A player's forum-wide floor: posts written before it are never new (his registration,
    or his last "Reset notification")."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+")
    floor = models.DateTimeField()
