"""The form to write a message: to whom, subject, text (C-SITE-1 limits)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model

from marcomage.web.accounts.names import NAME_LENGTH, name_key

from .models import SUBJECT_LENGTH, TEXT_LENGTH
from .services import MessageRefused, clean


class MessageForm(forms.Form):
    """Recipient by name, subject and text; the rules themselves are services.clean()'s."""

    to = forms.CharField(label="To", max_length=NAME_LENGTH)
    subject = forms.CharField(
        max_length=SUBJECT_LENGTH, required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        help_text=f"At most {SUBJECT_LENGTH} characters.",
    )
    text = forms.CharField(
        required=False, strip=False,
        widget=forms.Textarea(attrs={"maxlength": TEXT_LENGTH, "rows": 10}),
        help_text=f"At most {TEXT_LENGTH} characters.",
    )

    def clean_to(self) -> Any:
        """The recipient, an active player, found by name in any letter case."""
        name = self.cleaned_data["to"].strip()
        try:
            return get_user_model().objects.get(username_key=name_key(name), is_active=True)
        except get_user_model().DoesNotExist as missing:
            raise forms.ValidationError(f"There is no player named {name!r}.") from missing

    def clean(self) -> dict[str, Any]:
        """Apply the message rules; the error says which rule was broken."""
        data = super().clean()
        if "subject" in data and "text" in data:
            try:
                data["subject"], data["text"] = clean(data["subject"], data["text"])
            except MessageRefused as refused:
                raise forms.ValidationError(str(refused)) from refused
        return data
