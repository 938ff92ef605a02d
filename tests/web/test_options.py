"""Account settings and layout options: stored per player and applied where they exist."""

from __future__ import annotations

from typing import Any

from django.forms.models import model_to_dict

from marcomage.web.preferences.models import Preferences

from .base import BaseTestCase

URL = "/settings/options/"


def form_data(preferences: Preferences, **changes: Any) -> dict[str, Any]:
    data = {k: v for k, v in model_to_dict(preferences).items() if k != "user"}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not False}  # unchecked boxes are absent


class OptionsTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)
        self.preferences = Preferences.objects.get(user=self.alice)

    def test_it_saves_every_option(self) -> None:
        data = form_data(
            self.preferences, timezone="Europe/Bratislava", skin="dark", background="night",
            auto_refresh=60, players_filter="all", advanced_games_list=True,
            show_card_images=False, reverse_chat=True, forum_notification=False,
            random_deck_selection=False, battle_reports=True,
        )
        self.assertRedirects(self.post(URL, data), "/settings/")
        saved = Preferences.objects.get(user=self.alice)
        self.assertEqual(
            (saved.timezone, saved.skin, saved.background, saved.auto_refresh),
            ("Europe/Bratislava", "dark", "night", 60),
        )
        self.assertEqual(saved.players_filter, "all")
        self.assertTrue(saved.advanced_games_list and saved.reverse_chat)
        self.assertFalse(saved.show_card_images or saved.forum_notification)
        self.assertFalse(saved.random_deck_selection)
        self.assertTrue(saved.battle_reports)

    def test_defaults_follow_c_exp_13_and_c_game_5(self) -> None:
        """Battle reports are off and random deck selection is on for a new player."""
        self.assertFalse(self.preferences.battle_reports)
        self.assertTrue(self.preferences.random_deck_selection)

    def test_it_applies_the_skin_to_every_page(self) -> None:
        self.post(URL, form_data(self.preferences, skin="dark"))
        for page in ("/", "/players/", "/settings/", "/help/"):
            self.assertContains(self.client.get(page), '<html lang="en" data-skin="dark">')

    def test_it_keeps_skins_apart_between_players(self) -> None:
        self.post(URL, form_data(self.preferences, skin="dark"))
        bob = self.log_in(self.bob, self.client_class())
        self.assertContains(bob.get("/"), 'data-skin="light"')

    def test_it_refuses_an_unknown_time_zone_or_skin(self) -> None:
        response = self.post(URL, form_data(self.preferences, timezone="Mars/Olympus"))
        self.assertEqual(response.status_code, 400)
        response = self.post(URL, form_data(self.preferences, skin="neon"))
        self.assertEqual(response.status_code, 400)
        self.assertEqual(Preferences.objects.get(user=self.alice).skin, "light")

    def test_it_requires_the_csrf_token(self) -> None:
        data = form_data(self.preferences, skin="dark")
        self.assertEqual(self.client.post(URL, data).status_code, 403)
        self.assertEqual(Preferences.objects.get(user=self.alice).skin, "light")
