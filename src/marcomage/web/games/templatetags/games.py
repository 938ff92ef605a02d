"""Template filters and tags of the Games section."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def signed(value: int) -> str:
    """A change indicator: +3, -2 (empty for 0)."""
    return f"{value:+d}" if value else ""


@register.inclusion_tag("games/_challenges_summary.html")
def challenges_summary(user: Any) -> dict[str, Any]:
    """The player's open challenges, received and sent, as the Messages section shows them
    (manual: "Messages"); they are answered on the games page."""
    from marcomage.web.games import queries

    return {
        "incoming": list(queries.challenges_to(user)),
        "outgoing": list(queries.challenges_from(user)),
    }
