"""`{% post_body text %}`: a post's BBCode as safe HTML, cards drawn for the viewing player
by the site's main game system's card widget (`core.widgets.cards_of`)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from marcomage.games import DEFAULT_RULESET
from marcomage.web.core.widgets import cards_of

from ..markup import render

register = template.Library()


@register.simple_tag(takes_context=True)
def post_body(context: Any, text: str) -> SafeString:
    """Render BBCode; [card=ID] is the card component (as the viewer's settings draw it)."""
    widget = cards_of(DEFAULT_RULESET)
    drawing = widget.draw_in_post if widget is not None else None

    def draw(card_id: int) -> str | None:
        return drawing(context, card_id) if drawing is not None else None

    return mark_safe(render(text, draw))  # escaped by the renderer, then nh3-sanitised
