"""What players and the system do with messages: write, read, reply, delete, list.

Views and receivers call these; each change wakes the recipient's open pages so that the
envelope icon follows at once (docs/site.md, "Real time").
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet

from marcomage.web.notifications.services import wake

from .models import SUBJECT_LENGTH, TEXT_LENGTH, Kind, Message

PER_PAGE = 15  # C-SITE-1, C-GEN-7
REPLY_PREFIX = "Re: "


class MessageRefused(ValueError):
    """A message that breaks a rule; the text says which, and nothing was stored."""


def clean(subject: str, text: str) -> tuple[str, str]:
    """The subject and text as stored, or MessageRefused (C-SITE-1: subject at most 30, text
    at most 1000 characters, not both blank). Line breaks are counted as one character."""
    subject = subject.replace("\x00", "").strip()
    text = text.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n").rstrip()
    if not subject and not text.strip():
        raise MessageRefused("Write a subject or a text: the message is empty.")
    if len(subject) > SUBJECT_LENGTH:
        raise MessageRefused(
            f"A subject has at most {SUBJECT_LENGTH} characters (this one has {len(subject)}).")
    if len(text) > TEXT_LENGTH:
        raise MessageRefused(
            f"A message has at most {TEXT_LENGTH} characters (this one has {len(text)}).")
    return subject, text


def send(author: Any, recipient: Any, subject: str, text: str) -> Message:
    """A player writes to a player; MessageRefused when the message breaks a rule."""
    if recipient is None or not recipient.is_active:
        raise MessageRefused("There is no such player.")
    subject, text = clean(subject, text)
    message = Message.objects.create(
        author=author, recipient=recipient, subject=subject, text=text, kind=Kind.PLAYER)
    wake([recipient.pk])
    return message


def notify(recipient: Any, subject: str, text: str, kind: Kind = Kind.SYSTEM) -> Message:
    """The system ("MArcomage") writes to a player: battle reports and notices."""
    if kind == Kind.PLAYER:
        raise ValueError("System messages are reports or notices, not player messages.")
    subject, text = clean(subject, text)
    message = Message.objects.create(
        author=None, recipient=recipient, subject=subject, text=text, kind=kind)
    wake([recipient.pk])
    return message


def reply_subject(subject: str) -> str:
    """The subject of a reply: "Re: " once, cut to the subject length."""
    base = subject if subject.startswith(REPLY_PREFIX) else REPLY_PREFIX + subject
    return base[:SUBJECT_LENGTH]


def inbox(user: Any) -> QuerySet[Message]:
    """Messages the player received and has not deleted, newest first."""
    return Message.objects.filter(recipient=user, deleted_by_recipient=False).select_related(
        "author")


def sent(user: Any) -> QuerySet[Message]:
    """Messages the player wrote and has not deleted, newest first."""
    return Message.objects.filter(author=user, deleted_by_author=False).select_related(
        "recipient")


def page_of(messages: QuerySet[Message], number: Any) -> Page:
    """One page of 15 messages (C-SITE-1); out-of-range numbers give the nearest page."""
    return Paginator(messages, PER_PAGE).get_page(number)


def _visible_to(user: Any) -> Q:
    return Q(recipient=user, deleted_by_recipient=False) | Q(author=user, deleted_by_author=False)


def message_for(user: Any, pk: int) -> Message:
    """A message the player may read: one he received or wrote and has not deleted.
    Message.DoesNotExist for anything else, so that other players' messages stay unknown."""
    return Message.objects.select_related("author", "recipient").get(_visible_to(user), pk=pk)


def mark_read(user: Any, message: Message) -> None:
    """The recipient opened the message: it is no longer unread, and may unlight the icon."""
    if message.recipient_id == user.pk and not message.is_read:
        Message.objects.filter(pk=message.pk).update(is_read=True)
        message.is_read = True
        wake([user.pk])


def delete(user: Any, ids: Iterable[int]) -> int:
    """Delete messages from the player's own boxes only (C-SITE-1); returns how many were
    removed from a box (a message to oneself counts in both). Other ids are ignored."""
    wanted = list(ids)
    received = Message.objects.filter(
        pk__in=wanted, recipient=user, deleted_by_recipient=False).update(
        deleted_by_recipient=True)
    written = Message.objects.filter(
        pk__in=wanted, author=user, deleted_by_author=False).update(deleted_by_author=True)
    if received:
        wake([user.pk])
    return received + written


def unread_count(user: Any) -> int:
    """How many received messages the player has not opened yet."""
    return inbox(user).filter(is_read=False).count()


def has_new_messages(user: Any, mark: datetime) -> bool:
    """The envelope icon's source: an unread message arrived after the notification mark
    (the end of the previous visit, or "Reset notification")."""
    return bool(inbox(user).filter(is_read=False, created__gt=mark).exists())


def colour(message: Message, user: Any, mark: datetime) -> str:
    """The inbox colour class (manual: "Messages"): red "new", orange "unread", blue
    "report" (battle reports), lime "other". A message the player wrote is never new."""
    if message.recipient_id == user.pk and not message.is_read:
        return "new" if message.created > mark else "unread"
    return "report" if message.kind == Kind.REPORT else "other"
