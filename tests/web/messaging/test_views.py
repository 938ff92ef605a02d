"""Messages pages: writing (from the players list [m] button or a player's page), reading,
replying, deleting, the inbox colours and paging, privacy, CSRF and escaping
(manual: "Messages"; C-SITE-1)."""

from __future__ import annotations

from datetime import UTC, datetime

from marcomage.web.accounts.models import User
from marcomage.web.messaging import services
from marcomage.web.messaging.models import Kind, Message
from marcomage.web.preferences.models import Preferences

from ..base import BaseTestCase


class WriteTest(BaseTestCase):
    URL = "/messages/new/"

    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)

    def test_it_needs_a_logged_in_player(self) -> None:
        self.client.logout()
        response = self.client.get(self.URL)
        self.assertEqual(response.status_code, 302)
        self.assertIn("/accounts/login/", response["Location"])

    def test_the_form_is_addressed_by_the_to_parameter(self) -> None:
        response = self.client.get(self.URL, {"to": "bob"})
        self.assertContains(response, 'name="to" value="bob"')
        self.assertContains(response, 'maxlength="1000"')
        self.assertContains(response, 'maxlength="30"')

    def test_sending_stores_the_message_and_goes_to_the_sent_box(self) -> None:
        response = self.post(self.URL, {"to": "BOB", "subject": "Hi", "text": "Game?"})
        self.assertRedirects(response, "/messages/sent/", fetch_redirect_response=False)
        message = Message.objects.get()
        self.assertEqual((message.author, message.recipient, message.subject, message.text),
                         (self.alice, self.bob, "Hi", "Game?"))
        page = self.client.get("/messages/sent/")
        self.assertContains(page, "Message sent to bob.")
        self.assertContains(page, "Hi")

    def test_C_SITE_1_too_long_text_is_refused_with_the_reason_and_nothing_stored(self) -> None:
        response = self.post(self.URL, {"to": "bob", "subject": "Hi", "text": "x" * 1001})
        self.assertContains(response, "at most 1000 characters", status_code=400)
        self.assertFalse(Message.objects.exists())

    def test_C_SITE_1_too_long_subject_is_refused(self) -> None:
        response = self.post(self.URL, {"to": "bob", "subject": "s" * 31, "text": "x"})
        self.assertContains(response, "at most 30 characters", status_code=400)
        self.assertFalse(Message.objects.exists())

    def test_an_empty_message_is_refused(self) -> None:
        response = self.post(self.URL, {"to": "bob", "subject": " ", "text": ""})
        self.assertContains(response, "the message is empty", status_code=400)
        self.assertFalse(Message.objects.exists())

    def test_an_unknown_player_is_refused(self) -> None:
        response = self.post(self.URL, {"to": "nobody", "subject": "Hi", "text": "x"})
        self.assertContains(response, "There is no player named", status_code=400)
        self.assertFalse(Message.objects.exists())

    def test_the_csrf_token_is_required(self) -> None:
        response = self.client.post(self.URL, {"to": "bob", "subject": "Hi"})
        self.assertEqual(response.status_code, 403)
        self.assertFalse(Message.objects.exists())


class ReadAndReplyTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.message = services.send(
            self.alice, self.bob, "<b>Hi</b>", "line one\n<script>alert(1)</script>")

    def test_opening_marks_read_and_escapes_the_text_keeping_line_breaks(self) -> None:
        self.log_in(self.bob)
        response = self.client.get(f"/messages/{self.message.pk}/")
        self.assertContains(response, "line one<br>&lt;script&gt;alert(1)&lt;/script&gt;")
        self.assertContains(response, "&lt;b&gt;Hi&lt;/b&gt;")
        self.assertNotContains(response, "<script>alert(1)")
        self.assertTrue(Message.objects.get().is_read)
        self.assertContains(response, 'id="reply"')

    def test_the_author_reading_it_does_not_mark_it_read(self) -> None:
        self.log_in(self.alice)
        response = self.client.get(f"/messages/{self.message.pk}/")
        self.assertEqual(response.status_code, 200)
        self.assertNotContains(response, 'id="reply"')
        self.assertFalse(Message.objects.get().is_read)

    def test_other_players_get_404_for_the_message_and_its_reply(self) -> None:
        carol = User.objects.create_user("carol", "pw")
        self.log_in(carol)
        self.assertEqual(self.client.get(f"/messages/{self.message.pk}/").status_code, 404)
        self.assertEqual(
            self.client.get("/messages/new/", {"reply": self.message.pk}).status_code, 404)
        self.assertEqual(self.client.get("/messages/99999/").status_code, 404)
        self.assertFalse(Message.objects.get().is_read)

    def test_reply_is_addressed_to_the_author_with_re(self) -> None:
        self.log_in(self.bob)
        response = self.client.get("/messages/new/", {"reply": self.message.pk})
        self.assertContains(response, 'name="to" value="alice"')
        self.assertContains(response, 'value="Re: &lt;b&gt;Hi&lt;/b&gt;"')
        self.assertContains(response, f'name="reply" value="{self.message.pk}"')
        sent = self.post("/messages/new/", {"to": "alice", "subject": "Re: Hi", "text": "Yes!",
                                            "reply": self.message.pk})
        self.assertRedirects(sent, "/messages/sent/")
        answer = Message.objects.get(author=self.bob)
        self.assertEqual((answer.recipient, answer.text), (self.alice, "Yes!"))

    def test_system_messages_cannot_be_answered(self) -> None:
        report = services.notify(self.bob, "Battle report", "...", Kind.REPORT)
        self.log_in(self.bob)
        page = self.client.get(f"/messages/{report.pk}/")
        self.assertContains(page, "MArcomage")
        self.assertNotContains(page, 'id="reply"')
        self.assertEqual(self.client.get("/messages/new/", {"reply": report.pk}).status_code, 404)

    def test_the_author_cannot_reply_to_his_own_message(self) -> None:
        self.log_in(self.alice)
        response = self.client.get("/messages/new/", {"reply": self.message.pk})
        self.assertEqual(response.status_code, 404)


class BoxesTest(BaseTestCase):
    def test_the_inbox_colours_rows_and_includes_the_challenges_hook(self) -> None:
        services.send(self.alice, self.bob, "from alice", "")
        read = services.notify(self.bob, "Battle report", "...", Kind.REPORT)
        Message.objects.filter(pk=read.pk).update(is_read=True)
        self.log_in(self.bob)
        response = self.client.get("/messages/")
        self.assertTemplateUsed(response, "messaging/_challenges.html")
        colours = [colour for _, colour in response.context["rows"]]
        self.assertEqual(colours, ["report", "new"])
        self.assertContains(response, 'class="mail-row mail-new"')
        self.assertContains(response, 'class="mail-row mail-report"')
        self.assertContains(response, "(1 unread)")

    def test_C_SITE_1_the_inbox_has_pages_of_15(self) -> None:
        for number in range(16):
            services.send(self.alice, self.bob, f"m{number}", "")
        self.log_in(self.bob)
        first = self.client.get("/messages/")
        self.assertEqual(len(first.context["rows"]), 15)
        self.assertContains(first, "Page 1 of 2")
        second = self.client.get("/messages/", {"page": 2})
        self.assertEqual([m.subject for m, _ in second.context["rows"]], ["m0"])

    def test_dates_are_shown_in_the_readers_time_zone(self) -> None:
        message = services.send(self.alice, self.bob, "Hi", "")
        Message.objects.filter(pk=message.pk).update(created=datetime(2026, 1, 1, 12, tzinfo=UTC))
        Preferences.objects.update_or_create(user=self.bob, defaults={"timezone": "Asia/Tokyo"})
        self.log_in(self.bob)
        self.assertContains(self.client.get("/messages/"), "2026-01-01 21:00")
        self.assertContains(self.client.get(f"/messages/{message.pk}/"), "2026-01-01 21:00")
        self.log_in(self.alice)
        self.assertContains(self.client.get("/messages/sent/"), "2026-01-01 12:00")

    def test_deleting_from_the_inbox_keeps_it_in_the_authors_sent_box(self) -> None:
        message = services.send(self.alice, self.bob, "Hi", "")
        self.log_in(self.bob)
        response = self.post("/messages/delete/", {"id": [message.pk], "box": "inbox"})
        self.assertRedirects(response, "/messages/")
        self.assertEqual(self.client.get("/messages/").context["rows"], [])
        self.log_in(self.alice)
        self.assertEqual(len(self.client.get("/messages/sent/").context["rows"]), 1)

    def test_delete_needs_post_and_the_csrf_token(self) -> None:
        message = services.send(self.alice, self.bob, "Hi", "")
        self.log_in(self.bob)
        self.assertEqual(self.client.get("/messages/delete/").status_code, 405)
        self.assertEqual(
            self.client.post("/messages/delete/", {"id": [message.pk]}).status_code, 403)
        self.assertFalse(Message.objects.get().deleted_by_recipient)


class EntryPointsTest(BaseTestCase):
    def test_the_players_list_has_an_m_button_for_others(self) -> None:
        self.log_in(self.alice)
        response = self.client.get("/players/")
        self.assertContains(response, 'href="/messages/new/?to=bob"')
        self.assertNotContains(response, 'href="/messages/new/?to=alice"')

    def test_a_players_page_has_a_write_button_but_not_ones_own(self) -> None:
        self.log_in(self.alice)
        self.assertContains(self.client.get("/players/bob/"), 'href="/messages/new/?to=bob"')
        self.assertNotContains(self.client.get("/players/alice/"), "/messages/new/")

    def test_the_navigation_leads_to_messages_and_the_ladder(self) -> None:
        self.log_in(self.alice)
        response = self.client.get("/messages/")
        self.assertContains(response, '<a href="/messages/" class="current" aria-current="page">')
        self.assertContains(response, '<a href="/ladder/"')
        self.assertNotContains(response, "Private messages arrive with messaging.")


class ChallengesWithMessagesTest(BaseTestCase):
    def test_challenges_are_shown_with_the_messages_of_both_players(self) -> None:
        """Manual "Messages": challenges are listed in the message section; their text is
        escaped (C-GAME-6)."""
        from marcomage.web.games import services as games

        games.challenge(self.alice, self.bob, "random", "<b>duel</b> at dawn")
        self.log_in(self.bob)
        inbox = self.client.get("/messages/")
        self.assertContains(inbox, "alice</strong> challenges you")
        self.assertContains(inbox, "&lt;b&gt;duel&lt;/b&gt; at dawn")
        self.assertContains(inbox, 'href="/games/#challenges"')
        alice = self.log_in(self.alice, self.client_class())
        self.assertContains(alice.get("/messages/"), "You challenged <strong>bob</strong>")

    def test_no_challenges_no_panel(self) -> None:
        self.log_in(self.bob)
        self.assertNotContains(self.client.get("/messages/"), "challenges-summary")
