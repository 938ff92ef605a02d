"""Forum pages over real HTTP: writing, quoting with a card, editing, moderation on the
thread's page, marks in the lists and the thread, search."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.forum import services
from marcomage.web.forum.models import Post, Priority, Section, Thread

from ..base import BaseTestCase


class ForumViewsTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        User.objects.update(date_joined=timezone.now() - timedelta(days=1))
        services.ensure_sections()
        self.general = Section.objects.get(slug="general")
        self.mod = User.objects.create_user("moddy", "x", is_staff=True)

    def test_start_a_thread_through_the_form(self) -> None:
        self.log_in(self.alice)
        response = self.post("/forum/section/general/new/", {
            "title": "Hello", "text": "[b]first[/b]", "game": "marcomage"})
        thread = Thread.objects.get()
        self.assertRedirects(response, f"/forum/thread/{thread.pk}/")
        page = self.client.get(f"/forum/thread/{thread.pk}/").content.decode()
        self.assertIn("<strong>first</strong>", page)
        self.assertIn('class="game-tag"', page)

    def test_a_refused_thread_says_why_and_keeps_the_text(self) -> None:
        self.log_in(self.alice)
        response = self.post("/forum/section/general/new/", {"title": "", "text": "kept"})
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "A thread needs a title.", status_code=400)
        self.assertContains(response, "kept", status_code=400)
        self.assertFalse(Thread.objects.exists())

    def test_quote_prefills_the_reply_and_card_embeds_draw_the_card(self) -> None:
        thread = services.start_thread(self.alice, self.general, "Cards", "Try [card=1]")
        self.log_in(self.bob)
        post = thread.posts.get()
        form = self.client.get(f"/forum/thread/{thread.pk}/reply/?quote={post.pk}")
        self.assertContains(form, "[quote=alice]Try [card=1][/quote]")
        self.post(f"/forum/thread/{thread.pk}/reply/",
                  {"text": "[quote=alice]Try [card=1][/quote]\nYes!"})
        page = self.client.get(f"/forum/thread/{thread.pk}/").content.decode()
        self.assertEqual(page.count('data-card="1"'), 2)
        self.assertIn("alice wrote:", page)

    def test_dates_of_new_posts_are_yellow_until_shown(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        self.log_in(self.bob)
        listing = self.client.get("/forum/section/general/").content.decode()
        self.assertIn('class="quick unread"', listing)
        first = self.client.get(f"/forum/thread/{thread.pk}/").content.decode()
        self.assertIn('class="post-date new"', first)
        again = self.client.get(f"/forum/thread/{thread.pk}/").content.decode()
        self.assertNotIn('class="post-date new"', again)
        self.assertNotIn('class="quick unread"',
                         self.client.get("/forum/section/general/").content.decode())

    def test_quick_access_goes_to_the_first_new_post(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "0", pace=False)
        posts = [Post.objects.create(thread=thread, author=self.alice, text=str(n))
                 for n in range(1, 25)]
        services._refresh_last(thread)
        from marcomage.web.forum import reading

        reading.mark_read(self.bob, thread, posts[20].pk)
        self.log_in(self.bob)
        response = self.client.get(f"/forum/thread/{thread.pk}/unread/")
        self.assertRedirects(response, f"/forum/thread/{thread.pk}/?page=2#post-{posts[21].pk}",
                             fetch_redirect_response=False)

    def test_only_the_author_may_open_the_edit_form(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        post = thread.posts.get()
        self.log_in(self.bob)
        self.assertEqual(self.client.get(f"/forum/post/{post.pk}/edit/").status_code, 404)
        self.assertEqual(self.post(f"/forum/post/{post.pk}/edit/", {"text": "x"}).status_code,
                         404)
        self.log_in(self.alice)
        self.post(f"/forum/post/{post.pk}/edit/", {"text": "changed"})
        page = self.client.get(f"/forum/thread/{thread.pk}/").content.decode()
        self.assertIn("changed", page)
        self.assertIn('class="post-edited"', page)

    def test_moderation_on_the_thread_page(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        self.log_in(self.alice)
        self.assertNotIn('id="priority-form"',
                         self.client.get(f"/forum/thread/{thread.pk}/").content.decode())
        self.post(f"/forum/thread/{thread.pk}/moderate/", {"action": "priority",
                                                           "priority": "sticky"})
        self.assertEqual(Thread.objects.get().priority, Priority.NORMAL)
        self.log_in(self.mod)
        self.post(f"/forum/thread/{thread.pk}/moderate/", {"action": "priority",
                                                           "priority": "sticky"})
        self.post(f"/forum/thread/{thread.pk}/moderate/", {"action": "lock"})
        support = Section.objects.get(slug="support")
        self.post(f"/forum/thread/{thread.pk}/moderate/", {"action": "move",
                                                           "section": support.pk})
        moved = Thread.objects.get()
        self.assertEqual((moved.priority, moved.locked, moved.section), ("sticky", True, support))
        listing = self.client.get("/forum/section/support/").content.decode()
        self.assertIn("priority-sticky", listing)
        response = self.post(f"/forum/thread/{thread.pk}/moderate/", {"action": "delete"})
        self.assertRedirects(response, "/forum/section/support/")
        self.assertFalse(Thread.objects.exists())

    def test_search_page(self) -> None:
        services.start_thread(self.alice, self.general, "Towers", "High walls win")
        self.log_in(self.bob)
        page = self.client.get("/forum/search/?q=walls")
        self.assertContains(page, "1 post found")
        self.assertContains(page, "Towers")

    def test_forum_main_page_lists_sections_and_recent_threads(self) -> None:
        for number in range(6):
            services.start_thread(self.alice, self.general, f"T{number}", "a", pace=False)
        self.log_in(self.bob)
        page = self.client.get("/forum/").content.decode()
        self.assertIn("Balance changes", page)
        self.assertEqual(page.count('class="thread-row'), 4)  # C-GEN-7 NUM_THREADS
        self.assertIn("T5", page)
        self.assertNotIn(">T1<", page)
