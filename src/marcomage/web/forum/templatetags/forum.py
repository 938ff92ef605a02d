"""`{% post_body text %}`: a post's BBCode as safe HTML, cards drawn for the viewing player."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from marcomage.web.rulesets.marcomage.cardface import face
from marcomage.web.rulesets.marcomage.templatetags.cards import card

from ..markup import render

register = template.Library()


@register.simple_tag(takes_context=True)
def post_body(context: Any, text: str) -> SafeString:
    """Render BBCode; [card=ID] is the card component (as the viewer's settings draw it)."""

    def draw(card_id: int) -> str | None:
        if face(card_id).id != card_id or card_id == 0:
            return None
        return str(card(context, card_id, css_class="bb-card", link=True))

    return mark_safe(render(text, draw))  # escaped by the renderer, then nh3-sanitised
