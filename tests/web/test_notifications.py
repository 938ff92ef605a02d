"""Menubar notification icons: computed from the database, switched off by the settings,
and "Reset notification" (manual: "Settings", "Menubar notification")."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.messaging.models import Message
from marcomage.web.notifications import registry
from marcomage.web.notifications.services import icons_for
from marcomage.web.preferences.models import Preferences

from .base import BaseTestCase


def keys(user: User) -> list[str]:
    return [kind.key for kind in icons_for(User.objects.get(pk=user.pk))]


class IconsTestCase(BaseTestCase):
    def test_it_lights_an_icon_while_its_source_says_so(self) -> None:
        self.assertEqual(keys(self.alice), [])
        Message.objects.create(author=self.bob, recipient=self.alice, text="hi")
        self.assertEqual(keys(self.alice), ["messages"])
        self.assertEqual(keys(self.bob), [])
        Message.objects.update(is_read=True)
        self.assertEqual(keys(self.alice), [])

    def test_it_passes_the_notification_mark_to_sources(self) -> None:
        seen: list[datetime] = []

        def forum(user: Any, mark: datetime) -> bool:
            seen.append(mark)
            return True

        registry.register("forum", forum)
        self.addCleanup(registry.unregister, "forum", forum)
        self.assertEqual(keys(self.alice), ["forum"])
        self.assertEqual(seen, [User.objects.get(pk=self.alice.pk).notification_mark])

    def test_forum_and_concepts_icons_obey_their_settings(self) -> None:
        def always(user: Any, mark: datetime) -> bool:
            return True

        for kind in ("forum", "concepts"):
            registry.register(kind, always)
            self.addCleanup(registry.unregister, kind, always)
        self.assertEqual(keys(self.alice), ["forum", "concepts"])
        Preferences.objects.filter(user=self.alice).update(forum_notification=False)
        self.assertEqual(keys(self.alice), ["concepts"])
        Preferences.objects.filter(user=self.alice).update(concepts_notification=False)
        self.assertEqual(keys(self.alice), [])

    def test_it_refuses_unknown_kinds(self) -> None:
        with self.assertRaises(ValueError):
            registry.register("pigeons", lambda user, mark: True)

    def test_a_new_challenge_lights_the_letter_until_the_mark_passes_it(self) -> None:
        """Manual, "Messages": a new challenge, like a new message, lights the letter."""
        from marcomage.web.games import services

        from .games.helpers import deck_of

        User.objects.filter(pk=self.bob.pk).update(
            notification_mark=timezone.now() - timedelta(minutes=1))
        self.assertEqual(keys(self.bob), [])
        services.challenge(self.alice, self.bob, deck_of(self.alice))
        self.assertEqual(keys(self.bob), ["messages"])
        self.assertEqual(keys(self.alice), [], "the challenger's own challenge is not news")
        User.objects.filter(pk=self.bob.pk).update(notification_mark=timezone.now())
        self.assertEqual(keys(self.bob), [], "after a reset the open challenge is no longer new")

    def test_pages_show_the_icons_lit_when_they_are_rendered(self) -> None:
        Message.objects.create(author=self.bob, recipient=self.alice, text="hi")
        self.log_in(self.alice)
        response = self.client.get("/players/")
        self.assertContains(response, 'data-kind="messages"')
        self.assertContains(response, 'ws-connect="/ws/notifications/"')


class ResetTestCase(BaseTestCase):
    URL = "/notifications/reset/"

    def test_it_unmarks_everything_new(self) -> None:
        old = timezone.now() - timedelta(days=3)
        User.objects.filter(pk=self.alice.pk).update(notification_mark=old)
        self.log_in(self.alice)
        with self.captureOnCommitCallbacks(execute=True):
            response = self.post(self.URL)
        self.assertRedirects(response, "/settings/")
        mark = User.objects.get(pk=self.alice.pk).notification_mark
        self.assertLess(timezone.now() - mark, timedelta(seconds=10))
        bob = User.objects.get(pk=self.bob.pk)
        self.assertEqual(bob.notification_mark, self.bob.notification_mark)

    def test_it_refuses_get_and_requires_the_csrf_token(self) -> None:
        self.log_in(self.alice)
        self.assertEqual(self.client.get(self.URL).status_code, 405)
        self.assertEqual(self.client.post(self.URL).status_code, 403)
