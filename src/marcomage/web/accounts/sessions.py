"""Django's database sessions, with the session row read by a SELECT built once (issue 36).

Every request of a logged-in player, and every frame of his sockets, reads his session; the
ORM spent more building that `get(session_key=..., expire_date__gt=now)` than the database
running it. The same row, the same condition (not expired), through `core/joined.py`;
writing, cycling and deleting sessions stay Django's own.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.db import connection
from django.utils import timezone

from marcomage.web.core.joined import Joined

_rows: list[Joined] = []


class SessionStore(db.SessionStore):
    """`SESSION_ENGINE = "marcomage.web.accounts.sessions"`."""

    def _get_session_from_db(self) -> Any:
        """The session's row if it exists and has not expired; else None, and the key is
        dropped (as Django's own store does)."""
        if not _rows:
            model = self.model
            _rows.append(Joined(model, (), f"t0.{model._meta.pk.column} = %s AND "
                                           f"t0.{model._meta.get_field('expire_date').column}"
                                           " > %s"))
        key = self.session_key
        found = []
        if isinstance(key, str):
            now = self.model._meta.get_field("expire_date").get_db_prep_value(
                timezone.now(), connection)
            found = _rows[0].rows([key, now])
        if not found:
            self._session_key = None
            return None
        return found[0]
