"""Settings forms: profile, account and layout options, avatar."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from .choices import timezone_choices, timezone_names
from .countries import COUNTRIES
from .models import Preferences, Profile


class ProfileForm(forms.ModelForm):
    """Profile settings: all optional, shown to every player (C-SITE-7)."""

    # The hobby is truncated to HOBBY_LENGTH with a warning rather than refused (C-SITE-7).
    hobby = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    country = forms.ChoiceField(
        label="Nationality", required=False, choices=[("", "Not given"), *COUNTRIES]
    )

    class Meta:
        model = Profile
        fields = (
            "status", "first_name", "surname", "gender", "birthdate", "email", "im_number",
            "country", "hobby",
        )
        widgets: ClassVar[dict[str, Any]] = {
            "birthdate": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        }


class PreferencesForm(forms.ModelForm):
    """Account settings (time zone, skin, game background) and the layout options."""

    timezone = forms.ChoiceField(label="Time zone", choices=timezone_choices)

    class Meta:
        model = Preferences
        exclude = ("user",)
        help_texts: ClassVar[dict[str, str]] = {
            "auto_refresh": "Refresh the games list automatically at this interval.",
            "players_filter": "The default filter of the players list.",
            "advanced_games_list": "Display more game details in the games list.",
            "minimized_game_view": "Remove some graphics in the game section to save space.",
            "show_card_text": "Display the card effect text.",
            "show_card_images": "Display card images (turn off on a slow connection).",
            "show_card_keywords": "Display the card keywords.",
            "show_nationality": "Display the players' nationality as text in the players list.",
            "reverse_chat": "Chat shows the oldest message on top (default: newest on top).",
            "show_avatar_in_game": "Display the avatars of both players in the game.",
            "show_avatar_in_players_list": "Display avatars in the players list.",
            "avatar_chat_correction": "Kept from 2010 (a Firefox 2 fix); has no effect today.",
            "old_card_appearance": "Display cards with the old appearance.",
            "battle_reports": "Receive a message when a game ends or a challenge is answered.",
            "forum_notification": "Show new forum posts in the menubar.",
            "concepts_notification": "Show new card concepts in the menubar.",
            "random_deck_selection": "Offer a random deck when starting a game.",
            "stop_at_empty_windows": "Arcana: stop at a response window even when you have "
                                     "nothing you can chain (otherwise the site passes "
                                     "for you).",
            "background": "The picture behind the game screen.",
        }

    ACCOUNT_FIELDS = ("timezone", "skin", "background")

    def account_fields(self) -> list[forms.BoundField]:
        """Time zone, skin and game background."""
        return [self[name] for name in self.ACCOUNT_FIELDS]

    def layout_fields(self) -> list[forms.BoundField]:
        """The layout options, in the manual's order."""
        return [field for field in self if field.name not in self.ACCOUNT_FIELDS]

    def clean_timezone(self) -> str:
        """Only names this machine knows."""
        value: str = self.cleaned_data["timezone"]
        if value not in timezone_names():
            raise forms.ValidationError("Choose a time zone from the list.")
        return value


class AvatarForm(forms.Form):
    """One image file; the checks are in avatars.check."""

    avatar = forms.FileField(
        label="Avatar",
        widget=forms.ClearableFileInput(attrs={"accept": ".jpg,.jpeg,.png,.gif"}),
    )
