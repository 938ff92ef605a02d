"""Notification kinds and the sources that light them.

The icons of the navigation bar are computed from the database each time (the database is the
truth). Each site section registers a source for its kind in its AppConfig.ready():

    from marcomage.web.notifications.registry import register
    register("messages", has_new_messages)   # (player, mark) -> bool

`mark` is the time of the player's last "Reset notification" or the end of the previous visit:
what arrived after it is new. After changing what a source reads, call services.wake(ids).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

Source = Callable[[Any, datetime], bool]


@dataclass(frozen=True)
class Kind:
    """One icon of the navigation bar."""

    key: str
    label: str
    icon: str  # a vendored Lucide icon (core templatetags ICONS), not an emoji (issue 31)
    setting: str = ""  # the Preferences flag that can switch this icon off


KINDS: tuple[Kind, ...] = (
    Kind("messages", "New messages", "mail"),
    Kind("games", "It is your turn in a game", "swords"),
    Kind("forum", "New forum posts", "book-open", "forum_notification"),
    Kind("concepts", "New card concepts", "lightbulb", "concepts_notification"),
)
KIND_KEYS = frozenset(kind.key for kind in KINDS)

_sources: dict[str, list[Source]] = {kind.key: [] for kind in KINDS}


def register(kind: str, source: Source) -> None:
    """Add a source for an icon; registering the same function twice has no effect."""
    if kind not in KIND_KEYS:
        raise ValueError(f"unknown notification kind {kind!r}; one of {sorted(KIND_KEYS)}")
    if source not in _sources[kind]:
        _sources[kind].append(source)


def unregister(kind: str, source: Source) -> None:
    """Remove a source (tests use this to clean up)."""
    if source in _sources.get(kind, []):
        _sources[kind].remove(source)


def sources(kind: str) -> tuple[Source, ...]:
    """The sources registered for a kind."""
    return tuple(_sources.get(kind, ()))
