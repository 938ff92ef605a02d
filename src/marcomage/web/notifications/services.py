"""Which icons a player sees, and the wake-up call that refreshes them live.

The channel layer carries no data: a wake-up makes the player's open pages ask the database
again (ARCHITECTURE.md, "Real time"). A lost wake-up costs nothing that the next page or the
next reconnection does not repair.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from marcomage.web.core.events import notifications_reset
from marcomage.web.core.publish import publish
from marcomage.web.preferences.models import preferences_of

from .registry import KINDS, Kind, sources

WAKE = {"type": "notify.wake"}
EVERYONE = "players.all"  # every open page of every player: for news that concerns all


def group_name(user_id: int) -> str:
    """The channel-layer group of one player's open pages."""
    return f"player.{user_id}"


def icons_for(user: Any) -> list[Kind]:
    """The icons lit for a player now, read from the database."""
    if user is None or not user.is_authenticated:
        return []
    preferences = preferences_of(user)
    lit = []
    for kind in KINDS:
        if kind.setting and not getattr(preferences, kind.setting):
            continue
        if any(source(user, user.notification_mark) for source in sources(kind.key)):
            lit.append(kind)
    return lit


def render_icons(user: Any, *, oob: bool = False) -> str:
    """The navigation bar's icon area as HTML (oob: for an htmx out-of-band swap)."""
    return render_to_string(
        "notifications/_icons.html", {"icons": icons_for(user), "oob": oob, "user": user}
    )


def render_icons_for_id(user_id: int) -> str:
    """The icon area of a player by id, for the WebSocket consumer."""
    user = get_user_model().objects.get(pk=user_id)
    return render_icons(user, oob=True)


def wake_messages(user_ids: Iterable[int]) -> list[tuple[str, dict[str, Any]]]:
    """The (group, message) pairs that tell these players' pages to refresh their icons
    (`sent` lets one player's sockets share a render)."""
    sent = time.time()
    return [(group_name(user_id), {**WAKE, "sent": sent}) for user_id in sorted(set(user_ids))]


def send_after_commit(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """After the current transaction commits, send these group messages in one hop to the
    event loop (issue 36: one `async_to_sync` per message cost ~0.5 ms each on a move),
    without the request waiting for the loop to take them (core/publish.py)."""
    if not messages:
        return
    # a channel layer down loses only a wake-up
    transaction.on_commit(lambda: publish(messages), robust=True)


def wake(user_ids: Iterable[int]) -> None:
    """After the current transaction commits, tell these players' pages to refresh icons."""
    send_after_commit(wake_messages(user_ids))


def wake_everyone() -> None:
    """After the current transaction commits, tell every open page to refresh its icons (a
    new forum post or card concept may light anybody's icon)."""

    def send() -> None:
        publish([(EVERYONE, {**WAKE, "sent": time.time()})])

    transaction.on_commit(send, robust=True)  # a channel layer down loses only a wake-up


def reset(user: Any) -> None:
    """ "Reset notification": everything up to now stops being new (manual: "Settings")."""
    now = timezone.now()
    get_user_model().objects.filter(pk=user.pk).update(notification_mark=now)
    user.notification_mark = now
    notifications_reset.send(sender=type(user), user=user, when=now)
    wake([user.pk])
