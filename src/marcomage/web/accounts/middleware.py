"""Record each player's last request time, the basis of activity colours (C-ACT-1)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .models import User

# Activity thresholds are minutes and days; a write per minute per player is plenty.
RESOLUTION = timedelta(seconds=60)


class ActivityMiddleware:
    """Store `last_activity` for logged-in players, at most once a minute."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now = timezone.now()
            if user.last_activity is None or now - user.last_activity >= RESOLUTION:
                User.objects.filter(pk=user.pk).update(last_activity=now)
                user.last_activity = now
        return self.get_response(request)
