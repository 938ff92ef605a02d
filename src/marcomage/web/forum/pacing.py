"""Rate limits on writing: a player may write only so many posts (threads and concept
discussions included) in a minute, so that nobody floods the forum."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from .models import Post

WINDOW = timedelta(minutes=1)
DEFAULT_POSTS_PER_MINUTE = 6


class TooFast(ValueError):
    """The player wrote too much in the last minute; the message says how long to wait."""


def posts_per_minute() -> int:
    """The limit (setting FORUM_POSTS_PER_MINUTE; 6 unless set)."""
    return int(getattr(settings, "FORUM_POSTS_PER_MINUTE", DEFAULT_POSTS_PER_MINUTE))


def check(user: Any) -> None:
    """TooFast when the player already wrote the limit's worth of posts in the last minute.
    Called inside the transaction that writes the post: it first locks the player's account
    row, so a player's parallel posts are counted one after another (PostgreSQL's READ
    COMMITTED would otherwise let each count the others as missing; SQLite's IMMEDIATE
    transactions are serial already) (issue 38)."""
    list(get_user_model().objects.select_for_update().filter(pk=user.pk)
         .values_list("pk", flat=True))
    limit = posts_per_minute()
    since = timezone.now() - WINDOW
    recent = list(
        Post.objects.filter(author=user, created__gt=since).order_by("-created")
        .values_list("created", flat=True)[:limit])
    if len(recent) >= limit:
        wait = max(1, int((recent[-1] + WINDOW - timezone.now()).total_seconds()) + 1)
        raise TooFast(
            f"You are writing too fast: at most {limit} posts a minute. Try again in {wait} s.")
