"""How a request's player is read from his session: with his settings in the same query
(issue 36: every request of a logged-in player needs both, the time zone at least)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from marcomage.web.core.joined import Joined

PATH = "marcomage.web.accounts.backend.PlayerBackend"
"""This backend's path, the one a new log-in's session records."""


class PlayerBackend(ModelBackend):
    """Django's password backend; the session's player comes with his settings joined."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> Any:
        """A name and password checked once: a refusal is final (PermissionDenied), so the
        plain ModelBackend listed after this one (for sessions opened before it) never
        checks the same password a second time."""
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            raise PermissionDenied
        return user

    def get_user(self, user_id: Any) -> Any:
        """The active player of a session with his settings, in one query built once
        (core/joined.py: every request reads it); None else."""
        try:
            key = int(user_id)
        except (TypeError, ValueError):
            return None
        if not 0 < key < 2**63:  # no account has it (and PostgreSQL would refuse it)
            return None
        found = _player_rows().rows([key])
        user = found[0] if found else None
        return user if user is not None and self.user_can_authenticate(user) else None


_players: list[Joined] = []


def _player_rows() -> Joined:
    """The player with his settings, by id (made on first use: the user model is known only
    once the apps are loaded)."""
    if not _players:
        model = get_user_model()
        _players.append(Joined(model, ("preferences",), f"t0.{model._meta.pk.column} = %s"))
    return _players[0]
