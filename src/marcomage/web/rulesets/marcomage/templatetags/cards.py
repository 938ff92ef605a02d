"""The card component, for every section that shows cards.

Usage in a template (the viewing player's settings are read from the request)::

    {% load cards %}
    {% card card_id %}                       {# one card, drawn as the player chose #}
    {% card card_id css_class="new" %}       {# extra classes on the card's <article> #}
    {% card card_id link=True %}             {# the name links to the card's page #}
    {{ card_id|card_name }}                  {# just the name #}

The card is an ``<article class="card card-<rarity>" data-card="<id>">`` with the name, the
cost in resource colours, the art, the keywords (each linking to its description) and the
effect text. "Show card text", "Show card images" and "Show card keywords" hide those parts;
"Old card appearance" adds the class ``card-old`` (a plainer, text-only look).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from marcomage.web.preferences.models import preferences_of

from ..cardface import face

register = template.Library()


@register.simple_tag(takes_context=True)
def card(context: Any, card_id: int, css_class: str = "", link: bool = False) -> SafeString:
    """Draw one card for the viewing player: the request's user, or the `viewer` a live
    update renders the board for (it has no request)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not getattr(user, "is_authenticated", False):
        user = context.get("viewer") or user
    preferences = preferences_of(user)
    return _drawn(
        int(card_id), str(css_class), bool(link), preferences.show_card_text,
        preferences.show_card_images, preferences.show_card_keywords,
        preferences.old_card_appearance,
    )


@lru_cache(maxsize=8192)
def _drawn(
    card_id: int, css_class: str, link: bool, show_text: bool, show_images: bool,
    show_keywords: bool, old: bool,
) -> SafeString:
    """The card's HTML; it depends only on these values, so pools of hundreds of cards are
    drawn from memory."""
    html = get_template("cards/card.html").render({
        "card": face(card_id), "css_class": css_class, "link": link, "show_text": show_text,
        "show_images": show_images, "show_keywords": show_keywords, "old": old,
    })
    return mark_safe(html)  # a rendered (autoescaped) template


@register.filter
def card_name(card_id: int) -> str:
    """The name of a card by id."""
    return face(int(card_id)).name
