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

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from marcomage.games.marcomage import CARDS
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
    return _drawn(int(card_id), str(css_class), bool(link), *_looks(user))


def _looks(user: Any) -> tuple[bool, bool, bool, bool]:
    """The player's settings a card's drawing depends on."""
    preferences = preferences_of(user)
    return (preferences.show_card_text, preferences.show_card_images,
            preferences.show_card_keywords, preferences.old_card_appearance)


HIDDEN = ('<div class="card card-hidden" aria-label="Hidden card">{}'
          '<span class="card-back">?</span></div>')
NEW = '<span class="flag flag-new">NEW CARD</span>'
REVEALED = ('<span class="flag flag-revealed" title="Revealed to your opponent">REVEALED'
            '</span>')


@lru_cache(maxsize=8192)
def _slot(card_id: int | None, new: bool, revealed: bool, link: bool,
          looks: tuple[bool, bool, bool, bool]) -> SafeString:
    """A card as the game screen draws it: face down, or its face with the NEW CARD and
    REVEALED flags; it depends only on these values, so it is drawn from memory."""
    if card_id is None or not 0 <= int(card_id) < len(CARDS):
        return mark_safe(HIDDEN.format(NEW if new else ""))
    flags = (NEW if new else "") + (REVEALED if revealed else "")
    face_html = _drawn(int(card_id), "", link, *looks)
    return mark_safe(f'<div class="game-card">{flags}{face_html}</div>')


class Faces:
    """The card drawings of one viewer's game screen (live board and replay): the one place
    that draws a card there, for Jinja2 and Django templates alike (issue 36)."""

    def __init__(self, user: Any) -> None:
        self.looks = _looks(user)

    def __repr__(self) -> str:
        return f"Faces{self.looks}"  # the settings only: a board's context stays comparable

    def slot(self, card_id: int | None, new: bool = False, revealed: bool = False,
             link: bool = True, guest: Mapping[str, Any] | None = None) -> SafeString:
        """One card: face down when `card_id` is None, else its face (or the card concept
        `guest` playing in its place), with its flags; `link`: the name links its page."""
        if not guest or card_id is None:
            return _slot(card_id, bool(new), bool(revealed), bool(link), self.looks)
        flags = (NEW if new else "") + (REVEALED if revealed else "")
        html = get_template("concepts/_guest_card.html").render(
            {"guest": guest, "card_id": card_id})
        return mark_safe(f'<div class="game-card">{flags}{html}</div>')


@register.simple_tag(takes_context=True)
def game_card(context: Any, card_id: int | None, new: bool = False, revealed: bool = False,
              link: Any = None, guest: Mapping[str, Any] | None = None) -> SafeString:
    """`Faces.slot` for the viewer of a Django template (the replay board); `link` left out
    or anything but False links the card's name, as the game screen always did."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not getattr(user, "is_authenticated", False):
        user = context.get("viewer") or user
    return Faces(user).slot(card_id, new, revealed, link is not False, guest)


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
