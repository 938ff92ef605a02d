"""Account operations the views call: register, log in, change password."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import authenticate, login
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from marcomage.web.core.events import player_registered

from . import throttle
from .models import User
from .names import name_key


class NameTaken(ValueError):
    """Another player took the name first."""


def register(username: str, password: str) -> User:
    """Create a player whose name passed the form's rules, with what other sections give a
    newcomer (`player_registered`: his starter decks); NameTaken if it was just taken."""
    try:
        with transaction.atomic():
            if User.objects.filter(username_key=name_key(username)).exists():
                raise NameTaken(username)
            user: User = User.objects.create_user(username, password)
            player_registered.send(sender=User, user=user)
    except IntegrityError as error:
        raise NameTaken(username) from error
    return user


@dataclass(frozen=True)
class LoginResult:
    """The user when the log-in succeeded; otherwise why not, and how long to wait."""

    user: User | None
    error: str = ""
    wait: int = 0


def client_address(request: HttpRequest) -> str:
    """The client's address as the ASGI server reports it."""
    return str(request.META.get("REMOTE_ADDR") or "")


def log_in(request: HttpRequest, username: str, password: str) -> LoginResult:
    """Check the password, slowed down after repeated failures (the try is counted before
    the password is checked: throttle.attempt), and start the session."""
    counters = throttle.keys(username, client_address(request))
    seconds = throttle.attempt(counters)
    if seconds:
        return LoginResult(None, throttle_message(seconds), seconds)
    user = authenticate(request, username=username, password=password)
    if user is None:
        return LoginResult(None, "Wrong name or password.")
    throttle.succeeded(counters)
    start_visit(user)
    login(request, user)
    return LoginResult(user)


def throttle_message(seconds: int) -> str:
    """What a throttled log-in is told."""
    return f"Too many failed log-ins. Try again in {seconds} seconds."


def start_visit(user: User) -> None:
    """A new visit: what arrived since the last request counts as new (manual: "Settings")."""
    now = timezone.now()
    User.objects.filter(pk=user.pk).update(notification_mark=user.last_activity, last_activity=now)
    user.notification_mark, user.last_activity = user.last_activity, now
