"""Search over thread titles and posts: SQLite FTS5 (the `forum_search` index, kept by
triggers, migration 0002), PostgreSQL full text where the site runs on PostgreSQL, and a plain
substring match on any other database."""

from __future__ import annotations

import re

from django.db import connection
from django.db.models import Q, QuerySet

from .models import Post

MAX_TERMS = 8
MAX_RESULTS = 200
_WORD = re.compile(r"\w+", re.UNICODE)

# Run by migration 0002 on SQLite only.
SQLITE_SETUP = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS forum_search USING fts5("
    "post_id UNINDEXED, title, body, tokenize='unicode61 remove_diacritics 2')",
    "CREATE TRIGGER IF NOT EXISTS forum_search_post_insert AFTER INSERT ON forum_post BEGIN "
    "INSERT INTO forum_search(post_id, title, body) SELECT new.id, t.title, new.text "
    "FROM forum_thread t WHERE t.id = new.thread_id; END",
    "CREATE TRIGGER IF NOT EXISTS forum_search_post_update AFTER UPDATE OF text ON forum_post "
    "BEGIN UPDATE forum_search SET body = new.text WHERE post_id = new.id; END",
    "CREATE TRIGGER IF NOT EXISTS forum_search_post_delete AFTER DELETE ON forum_post BEGIN "
    "DELETE FROM forum_search WHERE post_id = old.id; END",
    "CREATE TRIGGER IF NOT EXISTS forum_search_title AFTER UPDATE OF title ON forum_thread "
    "BEGIN UPDATE forum_search SET title = new.title WHERE post_id IN "
    "(SELECT id FROM forum_post WHERE thread_id = new.id); END",
)
SQLITE_TEARDOWN = (
    "DROP TRIGGER IF EXISTS forum_search_post_insert",
    "DROP TRIGGER IF EXISTS forum_search_post_update",
    "DROP TRIGGER IF EXISTS forum_search_post_delete",
    "DROP TRIGGER IF EXISTS forum_search_title",
    "DROP TABLE IF EXISTS forum_search",
)


def terms(query: str) -> list[str]:
    """The words searched for (punctuation and operators are not part of the language)."""
    return _WORD.findall(query)[:MAX_TERMS]


def fts5_query(words: list[str]) -> str:
    """An FTS5 query matching posts that contain every word (a word may be a prefix)."""
    return " ".join('"' + word.replace('"', '""') + '"*' for word in words)


def search(query: str) -> list[Post]:
    """Posts whose text or thread title match every word, best first (at most 200)."""
    words = terms(query)
    if not words:
        return []
    base = Post.objects.select_related("thread", "thread__section", "author")
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT post_id FROM forum_search WHERE forum_search MATCH %s ORDER BY rank "
                "LIMIT %s", [fts5_query(words), MAX_RESULTS])
            ids = [int(row[0]) for row in cursor.fetchall()]
        found = {post.pk: post for post in base.filter(pk__in=ids)}
        return [found[pk] for pk in ids if pk in found]
    if connection.vendor == "postgresql":
        from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector

        vector = SearchVector("thread__title", weight="A") + SearchVector("text", weight="B")
        wanted = SearchQuery(" ".join(words), search_type="plain")
        ranked: QuerySet[Post] = base.annotate(rank=SearchRank(vector, wanted)).filter(
            rank__gt=0).order_by("-rank", "-id")
        return list(ranked[:MAX_RESULTS])
    matches = Q()
    for word in words:
        matches &= Q(text__icontains=word) | Q(thread__title__icontains=word)
    return list(base.filter(matches).order_by("-id")[:MAX_RESULTS])
