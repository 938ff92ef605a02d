"""Exact new-post marks: per player and thread, the newest post he has seen is stored.

A post is new to a player when someone else wrote it after his floor (registration or last
"Reset notification") and it is newer than the thread's read mark. Marks move only when the
player is shown the posts (page by page), so they are exact without logging out.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from marcomage.web.notifications.services import wake

from .models import Post, Reader, ReadMark, Thread


def floor_of(user: Any) -> datetime:
    """Posts written before this are never new to the player."""
    found = Reader.objects.filter(user=user).values_list("floor", flat=True).first()
    return found if found is not None else user.date_joined


def reset(user: Any, when: datetime) -> None:
    """ "Reset notification": every post written so far stops being new."""
    Reader.objects.update_or_create(user=user, defaults={"floor": when})


def _unread_posts(user: Any, floor: datetime) -> QuerySet[Post]:
    mark = ReadMark.objects.filter(user=user, thread=OuterRef("thread")).values("last_read")
    return Post.objects.filter(
        thread=OuterRef("pk"), created__gt=floor,
        id__gt=Coalesce(Subquery(mark[:1]), Value(0)),
    ).exclude(author=user)


def with_unread(user: Any, threads: QuerySet[Thread]) -> QuerySet[Thread]:
    """The threads annotated with `unread` (bool): it has posts new to the player."""
    if user is None or not user.is_authenticated:
        return threads.annotate(unread=Value(False))
    return threads.annotate(unread=Exists(_unread_posts(user, floor_of(user))))


def unread_thread_ids(user: Any, threads: Iterable[Thread]) -> set[int]:
    """Which of these threads have posts new to the player."""
    ids = [thread.pk for thread in threads]
    if not ids or user is None or not user.is_authenticated:
        return set()
    found = with_unread(user, Thread.objects.filter(pk__in=ids)).filter(unread=True)
    return set(found.values_list("pk", flat=True))


def has_unread_posts(user: Any, mark: datetime) -> bool:
    """The book icon's source: some thread has posts the player has not been shown."""
    floor = floor_of(user)
    candidates = Thread.objects.filter(last_post_at__gt=floor)
    return bool(with_unread(user, candidates).filter(unread=True).exists())


def last_read(user: Any, thread: Thread) -> int:
    """The id of the newest post of the thread the player has been shown (0: none)."""
    if user is None or not user.is_authenticated:
        return 0
    found = ReadMark.objects.filter(user=user, thread=thread).values_list(
        "last_read", flat=True).first()
    return int(found or 0)


def is_new(post: Post, user: Any, read_up_to: int, floor: datetime) -> bool:
    """Whether a post is new to the player (its date is shown in yellow)."""
    return bool(post.pk > read_up_to and post.created > floor and post.author_id != user.pk)


def first_unread(user: Any, thread: Thread) -> Post | None:
    """The oldest post of the thread new to the player (the quick-access button's target)."""
    floor = floor_of(user)
    return (Post.objects.filter(thread=thread, id__gt=last_read(user, thread), created__gt=floor)
            .exclude(author=user).order_by("id").first())


def mark_read(user: Any, thread: Thread, post_id: int) -> None:
    """The player was shown the thread's posts up to `post_id`; the icon may go out."""
    if user is None or not user.is_authenticated or post_id <= 0:
        return
    mark, created = ReadMark.objects.get_or_create(
        user=user, thread=thread, defaults={"last_read": post_id})
    if not created:
        moved = ReadMark.objects.filter(Q(pk=mark.pk) & Q(last_read__lt=post_id)).update(
            last_read=post_id)
        if not moved:
            return
    wake([user.pk])
