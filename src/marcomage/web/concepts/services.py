"""What players and moderators do with card concepts: create, edit, delete (the author or a
moderator), set the state with feedback (moderators), list with filters and orderings, and
the bulb icon for concepts a player has not seen yet.

Each concept gets its discussion thread in the forum's Concepts section, made with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.core.paginator import Page, Paginator
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from marcomage.web.forum import pacing
from marcomage.web.forum import services as forum
from marcomage.web.forum.models import TITLE_LENGTH, Post, Thread
from marcomage.web.notifications.services import wake, wake_everyone
from marcomage.web.preferences import avatars

from .models import CODE_LENGTH, FEEDBACK_LENGTH, Concept, State, Watcher, label
from .system import concept_widget
from .template import ConceptData

PER_PAGE = 20  # C-SITE-6, C-GEN-7 CARDS_PER_PAGE
ORDERINGS = {
    "new": ("Newest first", ("-created", "-id")),
    "old": ("Oldest first", ("created", "id")),
    "name": ("Name", ("name", "id")),
    "modified": ("Recently changed", ("-modified", "-id")),
}
DATES = {"": "any time", "1": "last day", "7": "last week", "30": "last month",
         "365": "last year"}


class ConceptRefused(ValueError):
    """A concept action that is not allowed; the text says why, and nothing was stored."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__(" ".join(self.problems))


def is_moderator(user: Any) -> bool:
    """Moderators set states and may edit or delete any concept."""
    return forum.is_moderator(user)


def may_change(user: Any, concept: Concept) -> bool:
    """Only the author (or a moderator) edits or deletes a concept."""
    return bool(user.is_authenticated and (concept.author_id == user.pk or is_moderator(user)))


def _title(concept: Concept) -> str:
    title = f"Concept #{concept.pk}: {concept.name}"
    return title if len(title) <= TITLE_LENGTH else title[: TITLE_LENGTH - 1] + "…"


def _opening_post(concept: Concept) -> str:
    keywords = ", ".join(label(entry) for entry in concept.keywords) or "none"
    lines = [
        f"[b]{concept.name}[/b] ({concept.get_rarity_display()}): {concept.bricks} bricks, "
        f"{concept.gems} gems, {concept.recruits} recruits.",
        f"Keywords: {keywords}.",
    ]
    if concept.effect:
        lines.append(f"Effect: {concept.effect}")
    return "\n".join(lines)


def _apply(concept: Concept, data: ConceptData) -> None:
    concept.name, concept.rarity = data.name, data.rarity
    concept.bricks, concept.gems, concept.recruits = data.bricks, data.gems, data.recruits
    concept.keywords, concept.effect, concept.note = data.keywords, data.effect, data.note
    concept.code = data.code


def _store_picture(upload: UploadedFile | None) -> str:
    if upload is None:
        return ""
    data: bytes = upload.read(avatars.MAX_BYTES + 1)
    try:
        picture = avatars.check(upload.name or "", data, upload.size)
    except avatars.AvatarRefused as refused:
        raise ConceptRefused(str(refused).replace("An avatar", "A picture")) from refused
    return avatars.store(picture)


def _check_code(data: ConceptData) -> None:
    problems = concept_widget().code_problems(data.code, CODE_LENGTH) if data.code else []
    if problems:
        raise ConceptRefused(problems)


@transaction.atomic
def create(user: Any, data: ConceptData, picture: UploadedFile | None = None) -> Concept:
    """A new concept (Waiting) and its discussion thread in the Concepts section."""
    _check_code(data)
    try:
        pacing.check(user)
    except pacing.TooFast as fast:
        raise ConceptRefused(str(fast)) from fast
    name = _store_picture(picture)
    concept = Concept(author=user, picture=name)
    _apply(concept, data)
    concept.save()
    thread = Thread.objects.create(
        section=forum.concepts_section(), title=_title(concept), author=user)
    forum._write(user, thread, _opening_post(concept))
    concept.thread = thread
    concept.save(update_fields=["thread"])
    wake_everyone()
    return concept


@transaction.atomic
def edit(user: Any, concept: Concept, data: ConceptData, picture: UploadedFile | None = None,
         *, remove_picture: bool = False) -> Concept:
    """Change a concept (its author or a moderator); a new picture replaces the old."""
    if not may_change(user, concept):
        raise ConceptRefused("Only its author (or a moderator) edits a concept.")
    _check_code(data)
    old = concept.picture
    name = _store_picture(picture)
    if name:
        concept.picture = name
    elif remove_picture:
        concept.picture = ""
    _apply(concept, data)
    concept.modified = timezone.now()
    concept.save()
    if old and old != concept.picture:
        transaction.on_commit(lambda: avatars.delete(old))
    if concept.thread_id:
        Thread.objects.filter(pk=concept.thread_id).update(title=_title(concept))
    return concept


@transaction.atomic
def delete(user: Any, concept: Concept) -> None:
    """Remove a concept (its author or a moderator), its picture and its thread."""
    if not may_change(user, concept):
        raise ConceptRefused("Only its author (or a moderator) deletes a concept.")
    picture, thread_id = concept.picture, concept.thread_id
    concept.delete()
    if thread_id:
        Post.objects.filter(thread_id=thread_id).delete()
        Thread.objects.filter(pk=thread_id).delete()
    if picture:
        transaction.on_commit(lambda: avatars.delete(picture))
    wake_everyone()


@transaction.atomic
def set_state(user: Any, concept: Concept, state: str, feedback: str) -> None:
    """A moderator sets the state (C-SITE-6) and tells the author why."""
    if not is_moderator(user):
        raise ConceptRefused("Only moderators change a concept's state.")
    if state not in State.values:
        raise ConceptRefused("There is no such state.")
    feedback = feedback.replace("\x00", "").replace("\r\n", "\n").strip()
    if len(feedback) > FEEDBACK_LENGTH:
        raise ConceptRefused(f"Feedback has at most {FEEDBACK_LENGTH} characters.")
    concept.state, concept.feedback = state, feedback
    concept.save(update_fields=["state", "feedback"])


@dataclass(frozen=True)
class Filters:
    """The list's filters and ordering, as chosen on the page."""

    author: str = ""
    state: str = ""
    rarity: str = ""
    keyword: str = ""
    date: str = ""
    order: str = "new"


def listed(filters: Filters) -> QuerySet[Concept]:
    """Concepts matching the filters, in the chosen order."""
    found = Concept.objects.select_related("author")
    if filters.author:
        found = found.filter(author__username__iexact=filters.author.strip())
    if filters.state in State.values:
        found = found.filter(state=filters.state)
    if filters.rarity:
        found = found.filter(rarity=filters.rarity)
    if filters.keyword == "-":
        found = found.filter(keywords=[])
    elif filters.keyword:
        ids = [c.pk for c in Concept.objects.filter(pk__in=found.values("pk")).only("keywords")
               if any(entry["name"] == filters.keyword for entry in c.keywords)]
        found = found.filter(pk__in=ids)
    if filters.date in DATES and filters.date:
        found = found.filter(created__gte=timezone.now() - timedelta(days=int(filters.date)))
    order = ORDERINGS.get(filters.order, ORDERINGS["new"])[1]
    return found.order_by(*order)


def page_of(concepts: QuerySet[Concept], number: Any) -> Page:
    """20 concepts a page (C-SITE-6)."""
    return Paginator(concepts, PER_PAGE).get_page(number)


def _seen(user: Any) -> datetime | None:
    return Watcher.objects.filter(user=user).values_list("seen", flat=True).first()


def has_new_concepts(user: Any, mark: datetime) -> bool:
    """The bulb's source: someone else made a concept since the notification mark and since
    the player last looked at the concepts list."""
    seen = _seen(user)
    since = max(mark, seen) if seen is not None else mark
    return bool(Concept.objects.filter(created__gt=since).exclude(author=user).exists())


def new_for(user: Any) -> datetime:
    """Concepts created after this are new to the player (marked on the list)."""
    seen = _seen(user)
    return max(user.notification_mark, seen) if seen is not None else user.notification_mark


def looked(user: Any) -> None:
    """The player looked at the concepts list: the bulb goes out."""
    Watcher.objects.update_or_create(user=user, defaults={"seen": timezone.now()})
    wake([user.pk])


def matches_keyword(concept: Concept, keyword: str) -> bool:
    """Whether a concept carries a keyword."""
    return any(entry["name"] == keyword for entry in concept.keywords)

