"""Players list queries: filters of C-ACT-3, name search, sorting, paging."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils import timezone

from marcomage.web.accounts.activity import INACTIVE, OFFLINE, ONLINE
from marcomage.web.accounts.names import name_key
from marcomage.web.preferences.choices import Status

PER_PAGE = 50  # C-GEN-7

WINDOWS: dict[str, timedelta | None] = {  # keys: PlayersFilter values
    "active": ONLINE,
    "offline": OFFLINE,
    "none": INACTIVE,
    "all": None,
}
DEFAULT_FILTER = "none"

SORTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "name": ("Name", ("username_key",)),
    "activity": ("Last active", ("-last_activity", "username_key")),
    "newest": ("Newest players", ("-date_joined", "username_key")),
    "country": ("Nationality", ("profile__country", "username_key")),
    "status": ("Status", ("profile__status", "username_key")),
}
DEFAULT_SORT = "name"
ANY_STATUS = ""


@dataclass(frozen=True)
class Query:
    """What the players list shows: one activity window, status, name part and order."""

    activity: str = DEFAULT_FILTER
    status: str = ANY_STATUS
    name: str = ""
    sort: str = DEFAULT_SORT

    @classmethod
    def from_params(cls, params: Any, default_activity: str) -> Query:
        """Read the query string, falling back to the player's default filter."""
        chosen = params.get("activity") or default_activity
        status = params.get("status") or ANY_STATUS
        sort = params.get("sort") or DEFAULT_SORT
        return cls(
            activity=chosen if chosen in WINDOWS else DEFAULT_FILTER,
            status=status if status in Status.values else ANY_STATUS,
            name=str(params.get("name") or "").strip()[:40],
            sort=sort if sort in SORTS else DEFAULT_SORT,
        )


def players(query: Query, now: datetime | None = None) -> QuerySet[Any]:
    """The players matching the query, ordered, with profiles loaded."""
    now = now or timezone.now()
    found = get_user_model().objects.filter(is_active=True).select_related("profile")
    window = WINDOWS[query.activity]
    if window is not None:
        found = found.filter(last_activity__gte=now - window)
    if query.status:
        found = found.filter(profile__status=query.status)
    if query.name:
        found = found.filter(username_key__contains=name_key(query.name))
    return found.order_by(*SORTS[query.sort][1])


BOT_MARK = "bot_account"
"""The account's relation to the API's bot mark (`api.models.BotAccount.user`): the players
pages read it through the ORM, so that the players app does not import the API app (which
lists players through this one)."""


def bot_ids(user_ids: Iterable[int]) -> set[int]:
    """Which of these accounts are marked as bots (one query, for lists)."""
    return set(get_user_model().objects.filter(
        pk__in=list(user_ids), **{f"{BOT_MARK}__isnull": False}).values_list("pk", flat=True))


def is_bot(user: Any) -> bool:
    """Is the account marked as a bot?"""
    return user is not None and bool(bot_ids([user.pk]))
