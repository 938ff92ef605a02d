"""Exact new-post marks per player and thread (manual: "Forum", new post notification)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.forum import reading, services
from marcomage.web.forum.models import Post, Section
from marcomage.web.notifications.services import icons_for, reset
from marcomage.web.preferences.models import Preferences

from ..base import BaseTestCase


def icons(user: User) -> list[str]:
    return [kind.key for kind in icons_for(User.objects.get(pk=user.pk))]


class ReadingTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        past = timezone.now() - timedelta(days=1)
        User.objects.update(date_joined=past)
        self.alice.refresh_from_db()
        self.bob.refresh_from_db()
        services.ensure_sections()
        self.general = Section.objects.get(slug="general")

    def test_a_post_by_someone_else_is_new_until_shown(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        self.assertEqual(icons(self.alice), [])  # one's own post is never new
        self.assertEqual(icons(self.bob), ["forum"])
        self.assertEqual(reading.unread_thread_ids(self.bob, [thread]), {thread.pk})
        reading.mark_read(self.bob, thread, thread.last_post_id)
        self.assertEqual(icons(self.bob), [])
        reply = services.reply(self.alice, thread, "b")
        self.assertEqual(icons(self.bob), ["forum"])
        self.assertEqual(reading.first_unread(self.bob, thread), reply)

    def test_marks_are_exact_page_by_page_without_logging_out(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "0", pace=False)
        for number in range(1, 25):
            Post.objects.create(thread=thread, author=self.alice, text=str(number))
        last_on_page_1 = services.post_page(thread, 1).object_list[19]
        reading.mark_read(self.bob, thread, last_on_page_1.pk)
        first = reading.first_unread(self.bob, thread)
        assert first is not None
        self.assertEqual(first.text, "20")
        self.assertEqual(icons(self.bob), ["forum"])
        reading.mark_read(self.bob, thread, last_on_page_1.pk - 5)  # marks never go back
        self.assertEqual(reading.first_unread(self.bob, thread), first)

    def test_replying_marks_ones_own_post_read(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        reading.mark_read(self.bob, thread, thread.last_post_id)
        services.reply(self.bob, thread, "b")
        self.assertEqual(icons(self.bob), [])
        self.assertEqual(icons(self.alice), ["forum"])

    def test_posts_from_before_registration_are_not_new(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        Post.objects.filter(thread=thread).update(created=timezone.now() - timedelta(days=2))
        self.assertEqual(icons(self.bob), [])

    def test_reset_notification_forgets_every_new_post(self) -> None:
        services.start_thread(self.alice, self.general, "T", "a")
        self.assertEqual(icons(self.bob), ["forum"])
        reset(self.bob)
        self.assertEqual(icons(self.bob), [])

    def test_the_forum_notification_setting_turns_the_book_off(self) -> None:
        services.start_thread(self.alice, self.general, "T", "a")
        Preferences.objects.update_or_create(user=self.bob, defaults={
            "forum_notification": False})
        self.assertEqual(icons(self.bob), [])
        thread = services.threads_of(self.general).get()
        self.assertEqual(reading.unread_thread_ids(self.bob, [thread]), {thread.pk})
