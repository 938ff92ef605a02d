"""What players and moderators do in the forum: start threads, reply, quote, edit, delete,
and moderate (priority, lock, move), with the limits of C-SITE-5.

Every refusal raises ForumRefused with the reason and changes nothing. Each new post wakes
every open page, since it may light anybody's book icon (docs/site.md, "Real time").
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.db import transaction
from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.utils import timezone
from django.utils.text import slugify

from marcomage.games import registered
from marcomage.web.notifications.services import wake_everyone

from . import pacing, reading
from .models import CONCEPTS_SLUG, POST_LENGTH, TITLE_LENGTH, Post, Priority, Section, Thread

THREADS_PER_PAGE = 30  # C-SITE-5
POSTS_PER_PAGE = 20  # C-SITE-5
LATEST_PER_SECTION = 4  # C-GEN-7 NUM_THREADS
DEFAULT_SECTIONS = (  # C-SITE-5, in this order
    ("General", "Anything about MArcomage."),
    ("Development", "The site and its programs."),
    ("Support", "Questions and problems."),
    ("Balance changes", "Cards and rules that could be fairer."),
    ("Concepts", "Discussion threads of the card concepts."),
    ("Contests", "Tournaments and contests."),
    ("Novels", "Stories of the MArcomage world."),
)


class ForumRefused(ValueError):
    """A forum action that breaks a rule; the text says which, and nothing was stored."""


def is_moderator(user: Any) -> bool:
    """Moderators (staff) set priorities, lock, move, delete and edit any post."""
    return bool(user is not None and user.is_authenticated and user.is_staff)


def ensure_sections() -> None:
    """Create the 2010 forum's seven sections that are missing (moderators add more in the
    admin console)."""
    for position, (name, description) in enumerate(DEFAULT_SECTIONS):
        Section.objects.get_or_create(
            slug=slugify(name), defaults={"name": name, "description": description,
                                          "position": position * 10})


def concepts_section() -> Section:
    """The section where each card concept's discussion thread lives."""
    section, _ = Section.objects.get_or_create(
        slug=CONCEPTS_SLUG, defaults={"name": "Concepts", "position": 40,
                                      "description": DEFAULT_SECTIONS[4][1]})
    return section


def game_systems() -> list[tuple[str, str]]:
    """The game systems a thread can be tagged with (id, name)."""
    return registered()


def clean_title(title: str) -> str:
    """A thread title as stored: trimmed, non-blank, at most 50 characters (C-SITE-5)."""
    title = " ".join(title.replace("\x00", "").split())
    if not title:
        raise ForumRefused("A thread needs a title.")
    if len(title) > TITLE_LENGTH:
        raise ForumRefused(
            f"A title has at most {TITLE_LENGTH} characters (this one has {len(title)}).")
    return title


def clean_text(text: str) -> str:
    """A post's text as stored: non-blank, at most 4000 characters (C-SITE-5)."""
    text = text.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n").rstrip()
    if not text.strip():
        raise ForumRefused("The post is empty.")
    if len(text) > POST_LENGTH:
        raise ForumRefused(
            f"A post has at most {POST_LENGTH} characters (this one has {len(text)}).")
    return text


def clean_game(game: str) -> str:
    """A game-system tag: empty or a registered ruleset id."""
    game = (game or "").strip()
    if game and game not in dict(game_systems()):
        raise ForumRefused("There is no such game system.")
    return game


def _unique_title(title: str, section_thread: Thread | None = None) -> None:
    taken = Thread.objects.filter(title__iexact=title)
    if section_thread is not None:
        taken = taken.exclude(pk=section_thread.pk)
    if taken.exists():
        raise ForumRefused(f"A thread called “{title}” already exists; choose another title.")


def _pace(user: Any) -> None:
    try:
        pacing.check(user)
    except pacing.TooFast as fast:
        raise ForumRefused(str(fast)) from fast


def _refresh_last(thread: Thread) -> None:
    """Keep the thread's newest post and count in step with its posts."""
    last = Post.objects.filter(thread=thread).order_by("-id").first()
    thread.post_count = Post.objects.filter(thread=thread).count()
    thread.last_post_id = last.pk if last else 0
    thread.last_post_at = last.created if last else thread.created
    Thread.objects.filter(pk=thread.pk).update(
        post_count=thread.post_count, last_post_id=thread.last_post_id,
        last_post_at=thread.last_post_at)


def _write(user: Any, thread: Thread, text: str) -> Post:
    post = Post.objects.create(thread=thread, author=user, text=text, created=timezone.now())
    _refresh_last(thread)
    reading.mark_read(user, thread, post.pk)
    wake_everyone()
    return post


@transaction.atomic
def start_thread(user: Any, section: Section, title: str, text: str, *, game: str = "",
                 priority: str = "normal", pace: bool = True) -> Thread:
    """A player opens a thread with its first post (C-SITE-5: a new thread needs one)."""
    title, text, game = clean_title(title), clean_text(text), clean_game(game)
    if priority not in Priority.values:
        raise ForumRefused("There is no such priority.")
    if priority != "normal" and not is_moderator(user):
        raise ForumRefused("Only moderators make a thread sticky or important.")
    _unique_title(title)
    if pace:
        _pace(user)
    thread = Thread.objects.create(
        section=section, title=title, author=user, game=game, priority=priority)
    _write(user, thread, text)
    return thread


@transaction.atomic
def reply(user: Any, thread: Thread, text: str) -> Post:
    """A player answers in a thread; a locked thread takes no posts (moderators excepted)."""
    text = clean_text(text)
    if thread.locked and not is_moderator(user):
        raise ForumRefused("This thread is locked: it takes no new posts.")
    _pace(user)
    return _write(user, thread, text)


def may_edit(user: Any, post: Post) -> bool:
    """The author edits his post while the thread is open; moderators edit any post."""
    if is_moderator(user):
        return True
    return bool(user.is_authenticated and post.author_id == user.pk and not post.thread.locked)


def may_delete(user: Any, post: Post) -> bool:
    """Moderators delete any post; the author deletes his own reply (not a first post)."""
    if is_moderator(user):
        return True
    first = Post.objects.filter(thread_id=post.thread_id).order_by("id").values_list(
        "id", flat=True).first()
    return bool(user.is_authenticated and post.author_id == user.pk and post.pk != first
                and not post.thread.locked)


@transaction.atomic
def edit_post(user: Any, post: Post, text: str) -> Post:
    """Change a post's text; it is then shown as edited, with the time."""
    if not may_edit(user, post):
        raise ForumRefused("Only its author (or a moderator) edits a post.")
    text = clean_text(text)
    if text == post.text:
        return post
    post.text = text
    post.edited = timezone.now()
    post.save(update_fields=["text", "edited"])
    return post


@transaction.atomic
def delete_post(user: Any, post: Post) -> bool:
    """Remove a post; removing a thread's first post removes the thread (moderators).
    Returns True when the whole thread went."""
    if not may_delete(user, post):
        raise ForumRefused("Only its author (or a moderator) deletes a post.")
    thread = post.thread
    first = Post.objects.filter(thread=thread).order_by("id").values_list("id", flat=True).first()
    if post.pk == first:
        delete_thread(user, thread)
        return True
    post.delete()
    _refresh_last(thread)
    wake_everyone()
    return False


def _moderator(user: Any) -> None:
    if not is_moderator(user):
        raise ForumRefused("Only moderators do that.")


@transaction.atomic
def delete_thread(user: Any, thread: Thread) -> None:
    """A moderator removes a thread and its posts."""
    _moderator(user)
    Post.objects.filter(thread=thread).delete()
    thread.delete()
    wake_everyone()


@transaction.atomic
def set_priority(user: Any, thread: Thread, priority: str) -> None:
    """A moderator makes a thread sticky, important or normal."""
    _moderator(user)
    if priority not in Priority.values:
        raise ForumRefused("There is no such priority.")
    thread.priority = priority
    thread.save(update_fields=["priority"])


@transaction.atomic
def set_locked(user: Any, thread: Thread, locked: bool) -> None:
    """A moderator locks (no new posts) or unlocks a thread."""
    _moderator(user)
    thread.locked = locked
    thread.save(update_fields=["locked"])


@transaction.atomic
def move(user: Any, thread: Thread, section: Section) -> None:
    """A moderator moves a thread to another section."""
    _moderator(user)
    if section.pk == thread.section_id:
        raise ForumRefused(f"The thread is already in {section.name}.")
    thread.section = section
    thread.save(update_fields=["section"])


def ordered(threads: QuerySet[Thread]) -> QuerySet[Thread]:
    """Sticky threads first, then by last post, newest first (C-SITE-5; Important ones are
    only coloured)."""
    sticky_first = Case(When(priority=Priority.STICKY, then=Value(0)), default=Value(1),
                        output_field=IntegerField())
    return threads.annotate(sticky_first=sticky_first).order_by(
        "sticky_first", "-last_post_at", "-id")


def threads_of(section: Section, game: str = "") -> QuerySet[Thread]:
    """A section's threads in list order, optionally only those tagged with a game system."""
    threads = Thread.objects.filter(section=section).select_related("author")
    if game:
        threads = threads.filter(game=game)
    return ordered(threads)


def latest(section: Section) -> list[Thread]:
    """The forum main page: a section's most recently active threads (C-GEN-7 NUM_THREADS)."""
    return list(Thread.objects.filter(section=section).select_related("author")
                .order_by("-last_post_at", "-id")[:LATEST_PER_SECTION])


def thread_page(threads: QuerySet[Thread], number: Any) -> Page:
    """30 threads a page (C-SITE-5)."""
    return Paginator(threads, THREADS_PER_PAGE).get_page(number)


def post_page(thread: Thread, number: Any) -> Page:
    """20 posts a page (C-SITE-5), oldest first."""
    posts = Post.objects.filter(thread=thread).select_related("author").order_by("id")
    return Paginator(posts, POSTS_PER_PAGE).get_page(number)


def page_number_of(post: Post) -> int:
    """The page of its thread a post is on."""
    before = Post.objects.filter(thread_id=post.thread_id, id__lt=post.pk).count()
    return before // POSTS_PER_PAGE + 1
