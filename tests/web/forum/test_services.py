"""Forum services: threads, replies, editing, deleting, moderation and the limits of
C-SITE-5; rate limits on posting."""

from __future__ import annotations

from django.test import override_settings

from marcomage.web.forum import services
from marcomage.web.forum.models import Post, Priority, Section, Thread

from ..base import BaseTestCase


class ForumCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        services.ensure_sections()
        self.general = Section.objects.get(slug="general")
        self.support = Section.objects.get(slug="support")
        self.alice.is_staff = False
        self.mod = type(self.alice).objects.create_user("moddy", "x")
        self.mod.is_staff = True
        self.mod.save()


class ThreadTestCase(ForumCase):
    def test_c_site_5_seven_sections_in_order(self) -> None:
        self.assertEqual(
            list(Section.objects.values_list("name", flat=True)),
            ["General", "Development", "Support", "Balance changes", "Concepts", "Contests",
             "Novels"])

    def test_c_site_5_a_thread_needs_a_title_and_a_first_post(self) -> None:
        with self.assertRaisesMessage(services.ForumRefused, "title"):
            services.start_thread(self.alice, self.general, "   ", "text")
        with self.assertRaisesMessage(services.ForumRefused, "empty"):
            services.start_thread(self.alice, self.general, "Title", "  \n ")
        with self.assertRaisesMessage(services.ForumRefused, "at most 50"):
            services.start_thread(self.alice, self.general, "x" * 51, "text")
        self.assertFalse(Thread.objects.exists())
        thread = services.start_thread(self.alice, self.general, "  Hello   world ", "first")
        self.assertEqual(thread.title, "Hello world")
        self.assertEqual(thread.post_count, 1)
        self.assertEqual(thread.last_post_id, Post.objects.get().pk)

    def test_c_site_5_titles_are_unique_in_any_case(self) -> None:
        services.start_thread(self.alice, self.general, "Decks", "a")
        with self.assertRaisesMessage(services.ForumRefused, "already exists"):
            services.start_thread(self.bob, self.support, "decks", "b")

    def test_c_site_5_post_length_4000(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        services.reply(self.bob, thread, "x" * 4000)
        with self.assertRaisesMessage(services.ForumRefused, "at most 4000"):
            services.reply(self.bob, thread, "x" * 4001)

    def test_c_site_5_only_moderators_choose_a_priority(self) -> None:
        with self.assertRaisesMessage(services.ForumRefused, "Only moderators"):
            services.start_thread(self.alice, self.general, "T", "a", priority=Priority.STICKY)
        thread = services.start_thread(self.mod, self.general, "T", "a", priority=Priority.STICKY)
        self.assertEqual(thread.priority, Priority.STICKY)

    def test_game_system_tag_must_be_registered(self) -> None:
        with self.assertRaisesMessage(services.ForumRefused, "game system"):
            services.start_thread(self.alice, self.general, "T", "a", game="chess")
        thread = services.start_thread(self.alice, self.general, "T", "a", game="marcomage")
        self.assertEqual(thread.game, "marcomage")
        self.assertEqual(list(services.threads_of(self.general, "marcomage")), [thread])
        self.assertEqual(list(services.threads_of(self.general, "toy")), [])

    def test_c_site_5_sticky_on_top_then_last_post_first(self) -> None:
        old = services.start_thread(self.alice, self.general, "Old", "a")
        sticky = services.start_thread(self.alice, self.general, "Sticky", "a")
        services.set_priority(self.mod, sticky, Priority.STICKY)
        important = services.start_thread(self.alice, self.general, "Important", "a")
        services.set_priority(self.mod, important, Priority.IMPORTANT)
        services.reply(self.bob, old, "bump")
        self.assertEqual([t.title for t in services.threads_of(self.general)],
                         ["Sticky", "Old", "Important"])


@override_settings(FORUM_POSTS_PER_MINUTE=3)
class PacingTestCase(ForumCase):
    def test_posting_is_rate_limited_per_player(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        services.reply(self.alice, thread, "b")
        services.reply(self.alice, thread, "c")
        with self.assertRaisesMessage(services.ForumRefused, "too fast"):
            services.reply(self.alice, thread, "d")
        self.assertEqual(Post.objects.count(), 3)
        services.reply(self.bob, thread, "others may still write")


class EditDeleteTestCase(ForumCase):
    def test_only_the_author_or_a_moderator_edits_and_it_is_marked(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        post = thread.posts.get()
        with self.assertRaisesMessage(services.ForumRefused, "Only its author"):
            services.edit_post(self.bob, post, "hacked")
        services.edit_post(self.alice, post, "better")
        post.refresh_from_db()
        self.assertEqual(post.text, "better")
        self.assertIsNotNone(post.edited)
        services.edit_post(self.mod, post, "moderated")
        post.refresh_from_db()
        self.assertEqual(post.text, "moderated")

    def test_locked_threads_take_no_posts_or_edits_from_players(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        with self.assertRaisesMessage(services.ForumRefused, "Only moderators"):
            services.set_locked(self.alice, thread, True)
        services.set_locked(self.mod, thread, True)
        with self.assertRaisesMessage(services.ForumRefused, "locked"):
            services.reply(self.bob, thread, "b")
        with self.assertRaisesMessage(services.ForumRefused, "Only its author"):
            services.edit_post(self.alice, thread.posts.get(), "b")
        services.reply(self.mod, thread, "a moderator may")
        self.assertEqual(thread.posts.count(), 2)

    def test_authors_delete_their_replies_moderators_anything(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "first")
        reply = services.reply(self.bob, thread, "second")
        with self.assertRaisesMessage(services.ForumRefused, "Only its author"):
            services.delete_post(self.alice, reply)
        with self.assertRaisesMessage(services.ForumRefused, "Only its author"):
            services.delete_post(self.alice, thread.posts.order_by("id").first())
        self.assertFalse(services.delete_post(self.bob, reply))
        thread.refresh_from_db()
        self.assertEqual((thread.post_count, thread.last_post_id),
                         (1, thread.posts.get().pk))
        self.assertTrue(services.delete_post(self.mod, thread.posts.get()))
        self.assertFalse(Thread.objects.exists())

    def test_moderators_move_threads(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "a")
        with self.assertRaisesMessage(services.ForumRefused, "Only moderators"):
            services.move(self.alice, thread, self.support)
        services.move(self.mod, thread, self.support)
        self.assertEqual(Thread.objects.get().section, self.support)
        with self.assertRaisesMessage(services.ForumRefused, "already in"):
            services.move(self.mod, thread, self.support)

    def test_paging_20_posts(self) -> None:
        thread = services.start_thread(self.alice, self.general, "T", "0", pace=False)
        for number in range(1, 25):
            Post.objects.create(thread=thread, author=self.bob, text=str(number))
        page = services.post_page(thread, 2)
        self.assertEqual([p.text for p in page.object_list], [str(n) for n in range(20, 25)])
        self.assertEqual(services.page_number_of(Post.objects.get(text="20")), 2)
        self.assertEqual(services.page_number_of(Post.objects.get(text="19")), 1)
