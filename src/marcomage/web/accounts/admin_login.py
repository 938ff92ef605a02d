"""The moderators' log-in at /admin/, under the same atomic throttle as the players' one.

Django's admin form checks the password with no limit; this one takes the throttle's
counter first (throttle.attempt) and refuses with the time to wait while the name or the
address is locked, so guessing a moderator's password is as slow as guessing a player's.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm

from . import throttle
from .services import client_address, throttle_message


class ThrottledAdminAuthenticationForm(AdminAuthenticationForm):
    """AdminAuthenticationForm with the log-in throttle before the password check."""

    def clean(self) -> dict[str, Any]:
        """Refuse while throttled; otherwise check the password (counted beforehand)."""
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is None or not password:
            return super().clean()
        counters = throttle.keys(str(username), client_address(self.request))
        seconds = throttle.attempt(counters)
        if seconds:
            raise forms.ValidationError(throttle_message(seconds), code="throttled")
        cleaned: dict[str, Any] = super().clean()
        throttle.succeeded(counters)
        return cleaned
