"""Per-player profile (C-SITE-7) and settings (manual: "Settings", "Layout options")."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from .choices import AUTO_REFRESH_CHOICES, Background, Gender, PlayersFilter, Skin, Status

HOBBY_LENGTH = 300  # C-GEN-7 HOBBY_LENGTH
SHORT_FIELD = 20  # C-SITE-7: first name, surname, IM number
EMAIL_LENGTH = 30  # C-SITE-7


class Profile(models.Model):
    """What other players see about a player; every field is optional."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
        related_name="profile",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.NEWBIE)
    first_name = models.CharField(max_length=SHORT_FIELD, blank=True)
    surname = models.CharField(max_length=SHORT_FIELD, blank=True)
    gender = models.CharField(max_length=6, choices=Gender.choices, blank=True)
    birthdate = models.DateField(null=True, blank=True)
    email = models.EmailField("e-mail", max_length=EMAIL_LENGTH, blank=True)
    im_number = models.CharField("IM number", max_length=SHORT_FIELD, blank=True)
    country = models.CharField(max_length=2, blank=True)
    hobby = models.TextField(max_length=HOBBY_LENGTH, blank=True)
    avatar = models.CharField(max_length=64, blank=True)

    def __str__(self) -> str:
        return f"profile of {self.user_id}"


class Preferences(models.Model):
    """Account options and the manual's layout options, one row per player."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
        related_name="preferences",
    )
    # Account settings.
    timezone = models.CharField(max_length=64, default="UTC")
    skin = models.CharField(max_length=12, choices=Skin.choices, default=Skin.LIGHT)
    background = models.CharField(
        "game background", max_length=12, choices=Background.choices, default=Background.NONE
    )
    # Layout options, in the manual's order.
    auto_refresh = models.PositiveIntegerField(choices=AUTO_REFRESH_CHOICES, default=0)
    players_filter = models.CharField(
        "players list filter", max_length=8, choices=PlayersFilter.choices,
        default=PlayersFilter.NONE,
    )
    advanced_games_list = models.BooleanField(default=False)
    minimized_game_view = models.BooleanField(default=False)
    show_card_text = models.BooleanField(default=True)
    show_card_images = models.BooleanField(default=True)
    show_card_keywords = models.BooleanField(default=True)
    show_nationality = models.BooleanField("show nationality in players list", default=True)
    reverse_chat = models.BooleanField("reverse chat message order", default=False)
    show_avatar_in_game = models.BooleanField(default=True)
    show_avatar_in_players_list = models.BooleanField(default=True)
    avatar_chat_correction = models.BooleanField(
        "avatar display correction for chat", default=False
    )
    old_card_appearance = models.BooleanField(default=False)
    battle_reports = models.BooleanField("battle report messages", default=False)  # C-EXP-13
    forum_notification = models.BooleanField(default=True)
    concepts_notification = models.BooleanField(default=True)
    random_deck_selection = models.BooleanField(default=True)  # C-GAME-5
    stop_at_empty_windows = models.BooleanField(
        "stop at response windows with nothing to answer", default=False)  # issue 34

    def __str__(self) -> str:
        return f"settings of {self.user_id}"


def _joined(user: Any, name: str) -> Any:
    """The row of `name` read with the player's own row (select_related), or None."""
    state = getattr(user, "_state", None)
    return getattr(state, "fields_cache", {}).get(name) if state is not None else None


def profile_of(user: Any) -> Profile:
    """The player's profile (the one read with his row, if any), created on first use."""
    joined = _joined(user, "profile")
    if isinstance(joined, Profile):
        return joined
    profile, _ = Profile.objects.get_or_create(user_id=user.pk)
    return profile


def preferences_of(user: Any) -> Preferences:
    """The player's settings (defaults for a visitor who is not logged in)."""
    if user is None or not user.is_authenticated:
        return Preferences()
    cached = getattr(user, "_preferences_cache", None)
    if isinstance(cached, Preferences):
        return cached
    joined = _joined(user, "preferences")
    if isinstance(joined, Preferences):
        user._preferences_cache = joined
        return joined
    found, _ = Preferences.objects.get_or_create(user_id=user.pk)
    user._preferences_cache = found
    return found
