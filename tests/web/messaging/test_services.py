"""Message rules (C-SITE-1): lengths, blank messages, per-side deletion, privacy, paging,
the envelope's source and the inbox colours (manual: "Messages")."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.messaging import services
from marcomage.web.messaging.models import Kind, Message
from marcomage.web.messaging.services import MessageRefused

from ..base import BaseTestCase


class SendTest(BaseTestCase):
    def test_a_message_is_stored_and_wakes_the_recipients_pages(self) -> None:
        with mock.patch.object(services, "wake") as wake:
            message = services.send(self.alice, self.bob, "Hello", "Fancy a game?")
        wake.assert_called_once_with([self.bob.pk])
        stored = Message.objects.get()
        self.assertEqual((stored.pk, stored.author, stored.recipient, stored.subject, stored.text,
                          stored.kind, stored.is_read),
                         (message.pk, self.alice, self.bob, "Hello", "Fancy a game?",
                          Kind.PLAYER, False))

    def test_C_SITE_1_subject_at_most_30_characters(self) -> None:
        services.send(self.alice, self.bob, "s" * 30, "")
        with self.assertRaisesRegex(MessageRefused, "at most 30 characters"):
            services.send(self.alice, self.bob, "s" * 31, "text")
        self.assertEqual(Message.objects.count(), 1)

    def test_C_SITE_1_text_at_most_1000_characters_line_breaks_count_once(self) -> None:
        services.send(self.alice, self.bob, "", "é" * 1000)
        services.send(self.alice, self.bob, "", "a\r\n" * 499 + "ab")  # 1000 with \n
        self.assertEqual(Message.objects.filter(recipient=self.bob).count(), 2)
        self.assertNotIn("\r", "".join(Message.objects.values_list("text", flat=True)))
        with self.assertRaisesRegex(MessageRefused, "at most 1000 characters"):
            services.send(self.alice, self.bob, "", "a" * 1001)
        self.assertEqual(Message.objects.count(), 2)

    def test_C_SITE_1_subject_or_text_must_not_be_blank(self) -> None:
        with self.assertRaisesRegex(MessageRefused, "empty"):
            services.send(self.alice, self.bob, "   ", " \r\n ")
        services.send(self.alice, self.bob, "Only a subject", "")
        services.send(self.alice, self.bob, "", "Only a text")
        self.assertEqual(Message.objects.count(), 2)

    def test_an_inactive_player_cannot_be_written_to(self) -> None:
        User.objects.filter(pk=self.bob.pk).update(is_active=False)
        with self.assertRaisesRegex(MessageRefused, "no such player"):
            services.send(self.alice, User.objects.get(pk=self.bob.pk), "Hi", "")
        self.assertFalse(Message.objects.exists())

    def test_system_messages_come_from_MArcomage_and_are_never_player_messages(self) -> None:
        notice = services.notify(self.bob, "Level up (1)", "Congratulations")
        self.assertEqual((notice.author, notice.sender_name, notice.kind),
                         (None, "MArcomage", Kind.SYSTEM))
        self.assertTrue(notice.from_system)
        with self.assertRaises(ValueError):
            services.notify(self.bob, "x", "y", Kind.PLAYER)

    def test_a_removed_authors_message_is_not_shown_as_the_systems(self) -> None:
        carol = User.objects.create_user("carol", "pw")
        message = services.send(carol, self.bob, "Hi", "")
        carol.delete()
        message.refresh_from_db()
        self.assertEqual((message.author, message.sender_name), (None, "(deleted player)"))
        self.assertFalse(message.from_system)

    def test_reply_subject_adds_re_once_and_keeps_30_characters(self) -> None:
        self.assertEqual(services.reply_subject("Hello"), "Re: Hello")
        self.assertEqual(services.reply_subject("Re: Hello"), "Re: Hello")
        self.assertEqual(services.reply_subject("x" * 30), "Re: " + "x" * 26)


class BoxesTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.carol = User.objects.create_user("carol", "pw")
        self.message = services.send(self.alice, self.bob, "Hi", "text")

    def test_the_author_and_the_recipient_see_it_and_nobody_else(self) -> None:
        self.assertEqual(services.message_for(self.alice, self.message.pk), self.message)
        self.assertEqual(services.message_for(self.bob, self.message.pk), self.message)
        with self.assertRaises(Message.DoesNotExist):
            services.message_for(self.carol, self.message.pk)
        self.assertEqual(list(services.inbox(self.bob)), [self.message])
        self.assertEqual(list(services.sent(self.alice)), [self.message])
        self.assertEqual(list(services.inbox(self.alice)), [])

    def test_C_SITE_1_deleting_hides_it_only_for_the_deleting_side(self) -> None:
        self.assertEqual(services.delete(self.bob, [self.message.pk]), 1)
        self.assertEqual(list(services.inbox(self.bob)), [])
        self.assertEqual(list(services.sent(self.alice)), [self.message])
        with self.assertRaises(Message.DoesNotExist):
            services.message_for(self.bob, self.message.pk)
        services.delete(self.alice, [self.message.pk])
        self.assertEqual(list(services.sent(self.alice)), [])
        self.assertTrue(Message.objects.filter(pk=self.message.pk).exists())  # for moderators

    def test_deleting_someone_elses_message_does_nothing(self) -> None:
        self.assertEqual(services.delete(self.carol, [self.message.pk]), 0)
        self.assertEqual(list(services.inbox(self.bob)), [self.message])
        self.assertEqual(list(services.sent(self.alice)), [self.message])

    def test_C_SITE_1_15_messages_a_page(self) -> None:
        for number in range(15):
            services.send(self.alice, self.bob, f"m{number}", "")
        first = services.page_of(services.inbox(self.bob), 1)
        second = services.page_of(services.inbox(self.bob), "2")
        self.assertEqual((len(first.object_list), len(second.object_list)), (15, 1))
        self.assertEqual(first.object_list[0].subject, "m14")  # newest first
        self.assertEqual(second.object_list[0], self.message)

    def test_reading_marks_it_read_only_for_the_recipient(self) -> None:
        services.mark_read(self.alice, self.message)
        self.assertFalse(Message.objects.get().is_read)
        self.assertEqual(services.unread_count(self.bob), 1)
        services.mark_read(self.bob, self.message)
        self.assertTrue(Message.objects.get().is_read)
        self.assertEqual(services.unread_count(self.bob), 0)


class NewAndColoursTest(BaseTestCase):
    def test_the_envelope_shows_unread_messages_arrived_after_the_mark(self) -> None:
        mark = timezone.now()
        message = services.send(self.alice, self.bob, "Hi", "")
        self.assertTrue(services.has_new_messages(self.bob, mark))
        self.assertFalse(services.has_new_messages(self.alice, mark))  # the author's
        self.assertFalse(services.has_new_messages(self.bob, timezone.now()))  # after a reset
        services.mark_read(self.bob, message)
        self.assertFalse(services.has_new_messages(self.bob, mark))

    def test_a_deleted_unread_message_does_not_light_the_envelope(self) -> None:
        mark = timezone.now()
        message = services.send(self.alice, self.bob, "Hi", "")
        services.delete(self.bob, [message.pk])
        self.assertFalse(services.has_new_messages(self.bob, mark))

    def test_manual_colours_new_unread_battle_report_other(self) -> None:
        mark = timezone.now()
        old = services.send(self.alice, self.bob, "old", "")
        Message.objects.filter(pk=old.pk).update(created=mark - timedelta(days=1))
        old.refresh_from_db()
        new = services.send(self.alice, self.bob, "new", "")
        report = services.notify(self.bob, "Battle report", "...", Kind.REPORT)
        level = services.notify(self.bob, "Level up (1)", "...")
        self.assertEqual(services.colour(new, self.bob, mark), "new")
        self.assertEqual(services.colour(old, self.bob, mark), "unread")
        self.assertEqual(services.colour(report, self.bob, mark), "new")
        for message in (new, report, level):
            services.mark_read(self.bob, message)
        self.assertEqual(services.colour(report, self.bob, mark), "report")
        self.assertEqual(services.colour(new, self.bob, mark), "other")
        self.assertEqual(services.colour(level, self.bob, mark), "other")
        self.assertEqual(services.colour(old, self.alice, mark), "other")  # in the sent box
