"""Profile settings (C-SITE-7): optional fields, their limits, the truncated hobby."""

from __future__ import annotations

from datetime import date

from marcomage.web.preferences.models import Profile

from .base import BaseTestCase

URL = "/settings/profile/"

BLANK = {
    "status": "newbie", "first_name": "", "surname": "", "gender": "", "birthdate": "",
    "email": "", "im_number": "", "country": "", "hobby": "",
}


class ProfileTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)

    def test_it_saves_every_field(self) -> None:
        data = {
            **BLANK, "status": "dnd", "first_name": "Alice", "surname": "Liddell",
            "gender": "female", "birthdate": "1995-02-03", "email": "alice@example.com",
            "im_number": "555", "country": "GB", "hobby": "Rabbit holes",
        }
        self.assertRedirects(self.post(URL, data), "/settings/")
        profile = Profile.objects.get(user=self.alice)
        self.assertEqual(profile.status, "dnd")
        self.assertEqual(profile.birthdate, date(1995, 2, 3))
        self.assertEqual((profile.country, profile.hobby), ("GB", "Rabbit holes"))

    def test_it_accepts_an_empty_profile(self) -> None:
        self.assertRedirects(self.post(URL, BLANK), "/settings/")

    def test_it_refuses_fields_over_their_limits(self) -> None:
        data = {**BLANK, "first_name": "x" * 21, "email": "a" * 20 + "@example.com"}
        response = self.post(URL, data)
        self.assertContains(response, "at most 20 characters", status_code=400)
        self.assertContains(response, "at most 30 characters", status_code=400)
        self.assertEqual(Profile.objects.get(user=self.alice).first_name, "")

    def test_it_refuses_an_unknown_country(self) -> None:
        self.assertEqual(self.post(URL, {**BLANK, "country": "XX"}).status_code, 400)

    def test_it_cuts_a_long_hobby_to_300_characters_with_a_warning(self) -> None:
        response = self.post(URL, {**BLANK, "hobby": "h" * 350}, follow=True)
        self.assertContains(response, "cut to 300 characters")
        self.assertEqual(Profile.objects.get(user=self.alice).hobby, "h" * 300)

    def test_it_changes_only_the_logged_in_players_profile(self) -> None:
        self.post(URL, {**BLANK, "first_name": "Alice", "user": str(self.bob.pk)})
        self.assertEqual(Profile.objects.get(user=self.alice).first_name, "Alice")
        self.assertEqual(Profile.objects.get(user=self.bob).first_name, "")

    def test_it_requires_the_csrf_token(self) -> None:
        response = self.client.post(URL, {**BLANK, "first_name": "Mallory"})
        self.assertEqual(response.status_code, 403)
        self.assertEqual(Profile.objects.get(user=self.alice).first_name, "")

    def test_it_refuses_get(self) -> None:
        self.assertEqual(self.client.get(URL).status_code, 405)
