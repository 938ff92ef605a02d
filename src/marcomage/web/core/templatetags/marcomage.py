"""Template filters shared by every section."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import template
from django.template.backends.django import Template as DjangoBackendTemplate
from django.template.loader import get_template
from django.templatetags.static import static
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from marcomage.web.core.end_types import end_words as words
from marcomage.web.core.part_markers import unmarked
from marcomage.web.preferences.countries import COUNTRY_NAMES, flag_file

register = template.Library()


@register.filter
def flag(code: str) -> SafeString:
    """A country's flag as a small image named for screen readers, or nothing."""
    path = flag_file(code or "")
    if not path:
        return SafeString("")
    name = COUNTRY_NAMES[code.upper()]
    return format_html('<img class="flag" src="{}" alt="{}" title="{}" width="20" height="15">',
                       static(path), name, name)


@register.filter
def age(born: date | None) -> int | None:
    """Whole years since a birth date, in the active time zone."""
    if born is None:
        return None
    today = timezone.localdate()
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


@register.filter
def end_words(end_type: str) -> str:
    """How a game ended, in words (`core.end_types`)."""
    return words(end_type)


ICONS = frozenset({"mail", "swords", "book-open", "lightbulb", "eye-off", "handshake",
                   "user-search", "zap", "ban", "sprout", "bot", "menu",
                   "log-out"})
"""The Lucide icons vendored in static/vendor/lucide/ (issue 31: no emoji, which a machine
without an emoji font shows as empty boxes); site.css draws each in the text's colour."""


@register.simple_tag
def icon(name: str, label: str = "") -> SafeString:
    """A vendored icon; with a label it carries a text alternative for screen readers and a
    tooltip, without one it is decoration beside a text that says the same."""
    if name not in ICONS:
        raise ValueError(f"no vendored icon {name!r}")
    if not label:
        return format_html('<span class="icon icon-{}" aria-hidden="true"></span>', name)
    return format_html('<span class="icon-labelled" title="{}"><span class="icon icon-{}" '
                       'aria-hidden="true"></span><span class="sr-only">{}</span></span>',
                       label, name, label)


@register.simple_tag(takes_context=True)
def render_template(context: Any, name: str, **extra: Any) -> SafeString:
    """Draw the template `name` of whichever engine has it (a Jinja2 template from a Django
    one, core/jinja.py) with this template's variables and `extra`."""
    values = context.flatten()
    values.update(extra)
    found = get_template(name)
    if isinstance(found, DjangoBackendTemplate):  # stays in Django's context (autoescape)
        with context.push(**extra):
            return mark_safe(found.template.render(context))
    # Without the part markers a board's template writes for its socket patches (issue 36).
    return mark_safe(unmarked(found.render(values, request=context.get("request"))))
