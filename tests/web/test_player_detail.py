"""A player's details page: the profile fields of C-SITE-7, status and activity."""

from __future__ import annotations

from datetime import date

from marcomage.web.preferences.models import Profile
from marcomage.web.scores.models import Score

from .base import BaseTestCase


class PlayerDetailTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)

    def test_it_shows_the_profile(self) -> None:
        Profile.objects.filter(user=self.bob).update(
            first_name="Bob", surname="Builder", gender="male", birthdate=date(1990, 5, 17),
            email="bob@example.com", im_number="12345", country="CZ", hobby="Towers",
            status="looking",
        )
        response = self.client.get("/players/bob/")
        for text in ("Bob", "Builder", "Male", "1990-05-17", "bob@example.com", "12345",
                     "Czechia", "Towers", "Looking for game", "activity-online"):
            self.assertContains(response, text)

    def test_it_shows_level_exp_and_record(self) -> None:
        """Manual "Player rating system": level, EXP, wins, losses and draws are public."""
        Score.objects.filter(user=self.bob).update(level=7, exp=321, wins=9, losses=4, draws=2)
        response = self.client.get("/players/bob/")
        self.assertContains(response, "7 (321 EXP)")
        self.assertContains(response, "9 wins, 4 losses, 2 draws")

    def test_it_finds_players_in_any_letter_case(self) -> None:
        self.assertContains(self.client.get("/players/BOB/"), "<title>bob · MArcomage</title>")

    def test_it_answers_404_for_an_unknown_player(self) -> None:
        self.assertEqual(self.client.get("/players/nobody/").status_code, 404)

    def test_it_escapes_profile_text(self) -> None:
        Profile.objects.filter(user=self.bob).update(hobby="<script>alert(1)</script>")
        response = self.client.get("/players/bob/")
        self.assertContains(response, "&lt;script&gt;alert(1)&lt;/script&gt;")
        self.assertNotContains(response, "<script>alert(1)</script>")

    def test_it_needs_a_logged_in_player(self) -> None:
        self.client.logout()
        self.assertEqual(self.client.get("/players/bob/").status_code, 302)
