"""Template filters shared by every section."""

from __future__ import annotations

from datetime import date

from django import template
from django.utils import timezone

from marcomage.web.preferences.countries import flag as country_flag

register = template.Library()


@register.filter
def flag(code: str) -> str:
    """The regional-indicator flag of a country code."""
    return country_flag(code or "")


@register.filter
def age(born: date | None) -> int | None:
    """Whole years since a birth date, in the active time zone."""
    if born is None:
        return None
    today = timezone.localdate()
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))
