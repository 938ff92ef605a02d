"""The Settings page's "API tokens and bot" section, drawn by its own inclusion tag so the
preferences app needs only one line to show it."""

from __future__ import annotations

from typing import Any

from django import template

from ..models import SCOPES
from ..tokens import is_bot, tokens_of

register = template.Library()


@register.inclusion_tag("api/_settings.html", takes_context=True)
def api_settings_section(context: Any) -> dict[str, Any]:
    """The player's tokens (newest first), the scopes to choose from and the bot flag."""
    request = context["request"]
    return {"tokens": tokens_of(request.user), "scopes": SCOPES, "bot": is_bot(request.user),
            "csrf_token": context.get("csrf_token"), "request": request}
