"""What every page needs: skin, background, navigation, notification icons."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from marcomage.web.core.sections import SECTIONS, current
from marcomage.web.notifications.services import icons_for
from marcomage.web.preferences.models import preferences_of


def site(request: HttpRequest) -> dict[str, Any]:
    """Template variables of the base layout."""
    user = getattr(request, "user", None)
    preferences = preferences_of(user)
    logged_in = bool(user is not None and user.is_authenticated)
    return {
        "skin": preferences.skin,
        "game_background": preferences.background,
        "nav_sections": SECTIONS if logged_in else (),
        "nav_current": current(request.path),
        "nav_icons": icons_for(user) if logged_in else [],
    }
