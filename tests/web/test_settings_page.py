"""The settings page shows every part: profile, avatar, account and layout, password, reset."""

from __future__ import annotations

from .base import BaseTestCase

URL = "/settings/"


class SettingsPageTestCase(BaseTestCase):
    def test_it_needs_a_logged_in_player(self) -> None:
        self.assertRedirects(self.client.get(URL), f"/accounts/login/?next={URL}")

    def test_it_shows_every_part(self) -> None:
        self.log_in(self.alice)
        response = self.client.get(URL)
        for form_id in ("profile-form", "avatar-form", "options-form", "password-form",
                        "reset-form"):
            self.assertContains(response, f'id="{form_id}"')
        self.assertContains(response, "Reset notification")

    def test_it_lists_every_layout_option_of_the_manual(self) -> None:
        self.log_in(self.alice)
        response = self.client.get(URL)
        options = [
            "Auto refresh", "Players list filter", "Advanced games list", "Minimized game view",
            "Show card text", "Show card images", "Show card keywords",
            "Show nationality in players list", "Reverse chat message order",
            "Show avatar in game", "Show avatar in players list",
            "Avatar display correction for chat", "Old card appearance",
            "Battle report messages", "Forum notification", "Concepts notification",
            "Random deck selection",
        ]
        for label in options:
            self.assertContains(response, f"{label}:</label>")
        for label in ("Time zone", "Skin", "Game background"):
            self.assertContains(response, f"{label}:</label>")
