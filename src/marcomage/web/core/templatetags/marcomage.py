"""Template filters shared by every section."""

from __future__ import annotations

from datetime import date

from django import template
from django.templatetags.static import static
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString

from marcomage.web.core.end_types import end_words as words
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
