"""Account forms: register, log in."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.password_validation import validate_password

from .models import User
from .names import LOOKS_TAKEN, NAME_LENGTH, InvalidName, clean_name, looks_taken, name_key

PASSWORD_LENGTH = 128


class RegisterForm(forms.Form):
    """A new player: a free name (C-SITE-8) and a password typed twice."""

    username = forms.CharField(
        label="Name", max_length=4 * NAME_LENGTH, strip=False,
        widget=forms.TextInput(attrs={"autocomplete": "username", "maxlength": NAME_LENGTH}),
    )
    password = forms.CharField(
        label="Password", max_length=PASSWORD_LENGTH, strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password_again = forms.CharField(
        label="Password again", max_length=PASSWORD_LENGTH, strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean_username(self) -> str:
        """The name must follow the rules, be free in any letter case, and not read like an
        existing player's (accents folded, look-alike letters: issue 38)."""
        try:
            name = clean_name(self.cleaned_data["username"])
        except InvalidName as error:
            raise forms.ValidationError(str(error)) from error
        if User.objects.filter(username_key=name_key(name)).exists():
            raise forms.ValidationError("That name is already taken.")
        if looks_taken(name, lambda found: User.objects.filter(name_skeleton=found).exists()):
            raise forms.ValidationError(LOOKS_TAKEN)
        return name

    def clean(self) -> dict[str, Any]:
        """Both passwords must be the same, and follow the password rules (validators)."""
        data: dict[str, Any] = super().clean() or {}
        first, second = data.get("password"), data.get("password_again")
        if first is not None and second is not None and first != second:
            self.add_error("password_again", "The two passwords differ.")
        elif first is not None:
            try:
                validate_password(first, User(username=data.get("username") or ""))
            except forms.ValidationError as problems:
                self.add_error("password", problems)
        return data


class LoginForm(forms.Form):
    """Name and password."""

    username = forms.CharField(
        label="Name", max_length=4 * NAME_LENGTH,
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    password = forms.CharField(
        label="Password", max_length=PASSWORD_LENGTH, strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
