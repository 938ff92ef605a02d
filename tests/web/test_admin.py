"""Moderators: created with createsuperuser or promoted with `moderator`; the admin console."""

from __future__ import annotations

import io
import os
from unittest import mock

from django.core.management import CommandError, call_command

from marcomage.web.accounts.models import User

from .base import BaseTestCase


class ModeratorTestCase(BaseTestCase):
    def test_createsuperuser_makes_a_moderator_with_a_profile(self) -> None:
        with mock.patch.dict(os.environ, {"DJANGO_SUPERUSER_PASSWORD": "s3cret"}):
            call_command("createsuperuser", "--noinput", "--username", "Mod", stdout=io.StringIO())
        moderator = User.objects.get(username="Mod")
        self.assertTrue(moderator.is_staff and moderator.is_superuser)
        self.assertTrue(moderator.check_password("s3cret"))
        self.assertEqual(moderator.profile.status, "newbie")

    def test_moderator_promotes_and_revokes_a_player(self) -> None:
        out = io.StringIO()
        call_command("moderator", "ALICE", stdout=out)
        self.assertIn("alice is now a moderator.", out.getvalue())
        self.assertTrue(User.objects.get(pk=self.alice.pk).is_staff)
        call_command("moderator", "alice", "--revoke", stdout=out)
        self.assertFalse(User.objects.get(pk=self.alice.pk).is_superuser)
        with self.assertRaises(CommandError):
            call_command("moderator", "nobody", stdout=out)

    def test_the_admin_console_is_for_moderators_only(self) -> None:
        self.log_in(self.alice)
        self.assertEqual(self.client.get("/admin/accounts/user/").status_code, 302)
        call_command("moderator", "alice", stdout=io.StringIO())
        for page in ("/admin/", "/admin/accounts/user/", "/admin/accounts/user/add/",
                     f"/admin/accounts/user/{self.bob.pk}/change/", "/admin/preferences/profile/"):
            self.assertEqual(self.client.get(page).status_code, 200, page)

    def test_the_console_adds_players_under_the_name_rules(self) -> None:
        call_command("moderator", "alice", stdout=io.StringIO())
        self.log_in(self.alice)
        data = {"username": "BOB", "password1": "long enough words",
                "password2": "long enough words", "usable_password": "true"}
        response = self.post("/admin/accounts/user/add/", data)
        self.assertContains(response, "already taken")
        data["username"] = "carol"
        self.assertEqual(self.post("/admin/accounts/user/add/", data).status_code, 302)
        self.assertTrue(User.objects.filter(username_key="carol").exists())
