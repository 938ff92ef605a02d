"""Registration (C-SITE-8, C-SITE-1): name rules, uniqueness in any case, hashed passwords."""

from __future__ import annotations

from typing import Any

from django.test import Client

from marcomage.web.accounts.models import User
from marcomage.web.preferences.models import Preferences, Profile

from .base import BaseTestCase

URL = "/accounts/register/"


class RegisterTestCase(BaseTestCase):
    def register(self, name: str, password: str = "secret words", again: str | None = None) -> Any:
        data = {"username": name, "password": password, "password_again": again or password}
        return self.post(URL, data)

    def test_it_shows_the_form(self) -> None:
        response = self.client.get(URL)
        self.assertContains(response, 'name="password_again"')
        self.assertContains(response, "csrfmiddlewaretoken")

    def test_it_registers_logs_in_and_hashes_the_password(self) -> None:
        response = self.register("carol", "open sesame")
        self.assertRedirects(response, "/settings/")
        carol = User.objects.get(username="carol")
        self.assertNotIn("open sesame", carol.password)
        self.assertTrue(carol.check_password("open sesame"))
        self.assertEqual(self.client.session["_auth_user_id"], str(carol.pk))
        self.assertTrue(Profile.objects.filter(user=carol, status="newbie").exists())
        self.assertTrue(Preferences.objects.filter(user=carol).exists())

    def test_it_refuses_a_name_taken_in_another_case(self) -> None:
        response = self.register("ALICE")
        self.assertContains(response, "already taken", status_code=400)
        self.assertEqual(User.objects.filter(username__iexact="alice").count(), 1)

    def test_it_refuses_the_reserved_system_name_in_any_case(self) -> None:
        for name in ("MArcomage", "marcomage", "MARCOMAGE"):
            response = self.register(name)
            self.assertContains(response, "reserved", status_code=400)
        self.assertFalse(User.objects.filter(username_key="marcomage").exists())

    def test_it_refuses_the_computers_name_in_any_case(self) -> None:
        for name in ("Computer", "computer", "COMPUTER"):
            response = self.register(name)
            self.assertContains(response, "The name Computer is reserved", status_code=400)
        self.assertFalse(User.objects.filter(username_key="computer").exists())

    def test_it_accepts_20_characters_and_refuses_21(self) -> None:
        self.assertEqual(self.register("x" * 20).status_code, 302)
        self.client = Client(enforce_csrf_checks=True)  # a new visitor
        response = self.register("y" * 21)
        self.assertContains(response, "at most 20 characters", status_code=400)

    def test_it_refuses_a_blank_name_and_a_blank_password(self) -> None:
        response = self.register("   ", password="")
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "Enter a name.", status_code=400)
        self.assertContains(response, "This field is required.", status_code=400)

    def test_it_refuses_passwords_that_differ(self) -> None:
        response = self.register("carol", "one", again="two")
        self.assertContains(response, "The two passwords differ.", status_code=400)
        self.assertFalse(User.objects.filter(username="carol").exists())

    def test_it_refuses_control_characters(self) -> None:
        response = self.register("car\u200bol")
        self.assertContains(response, "invisible", status_code=400)

    def test_it_requires_the_csrf_token(self) -> None:
        data = {"username": "carol", "password": "p", "password_again": "p"}
        response = self.client.post(URL, data)
        self.assertEqual(response.status_code, 403)
        self.assertFalse(User.objects.filter(username="carol").exists())

    def test_it_sends_a_logged_in_player_home(self) -> None:
        self.log_in(self.alice)
        self.assertRedirects(self.client.get(URL), "/")

    def test_it_refuses_names_that_would_break_their_own_address(self) -> None:
        for name in ("a/b", "a\\b", "..", "."):
            response = self.register(name)
            self.assertContains(response, "slashes or be made of dots", status_code=400)

    def test_it_links_names_with_spaces_and_symbols(self) -> None:
        self.assertEqual(self.register("Mr Smith?#1").status_code, 302)
        response = self.client.get("/players/", {"activity": "all"})
        self.assertContains(response, 'href="/players/Mr%20Smith%3F%231/"')
        self.assertContains(self.client.get("/players/Mr%20Smith%3F%231/"), "Mr Smith?#1")
