"""Search over thread titles and posts (SQLite FTS5 here)."""

from __future__ import annotations

from marcomage.web.forum import search, services
from marcomage.web.forum.models import Post, Section

from ..base import BaseTestCase


class SearchTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        services.ensure_sections()
        general = Section.objects.get(slug="general")
        self.thread = services.start_thread(self.alice, general, "Dragon decks", "Use eggs")
        self.reply = services.reply(self.bob, self.thread, "Quarry production matters more")

    def test_finds_posts_by_words_of_their_text_and_thread_title(self) -> None:
        self.assertEqual(search.search("quarry"), [self.reply])
        self.assertEqual(set(search.search("dragon")), set(Post.objects.all()))
        self.assertEqual(search.search("dragon eggs"), [self.thread.posts.order_by("id")[0]])
        self.assertEqual(search.search("prod"), [self.reply])  # prefixes match

    def test_edits_renames_and_deletes_reach_the_index(self) -> None:
        services.edit_post(self.bob, self.reply, "Magic first")
        self.assertEqual(search.search("quarry"), [])
        self.assertEqual(search.search("magic"), [self.reply])
        self.thread.title = "Griffin decks"
        self.thread.save()
        self.assertEqual(len(search.search("griffin")), 2)
        self.reply.delete()
        self.assertEqual(search.search("magic"), [])

    def test_operators_and_quotes_are_plain_words(self) -> None:
        self.assertEqual(search.search('"quarry" * (matters'), [self.reply])
        self.assertEqual(search.search("!!!"), [])
