"""The site's own password rule beside Django's validators (settings AUTH_PASSWORD_VALIDATORS).

Django's MinimumLengthValidator counts characters, so eight spaces would pass; a password
must also hold something other than white space.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError


class NotBlankValidator:
    """Refuse a password made only of white space (a single space included)."""

    def validate(self, password: str, user: Any = None) -> None:
        """Raise ValidationError when the password is blank."""
        if not password.strip():
            raise ValidationError("A password cannot be only spaces.", code="password_blank")

    def get_help_text(self) -> str:
        """What the form says about this rule."""
        return "Your password must contain something other than spaces."
