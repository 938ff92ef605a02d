"""The malformed-input corpus (issue 23): every URL pattern of the site, resolved with sample
ids, gets missing and extra fields, wrong types, huge and negative numbers, invalid UTF-8,
other charsets, control characters, oversized bodies and path tricks; no answer is a 5xx and
nothing is logged with a traceback. The WebSocket routes are covered by test_socket_input.

The player's own objects (a running and a finished game, a deck, a message, a forum thread
and post, a concept) are real, so the views get past their "not found" and read the input."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from marcomage.web.accounts.models import User
from marcomage.web.concepts.models import Concept
from marcomage.web.decks.models import Deck
from marcomage.web.forum import services as forum
from marcomage.web.forum.models import Post, Section, Thread
from marcomage.web.messaging.models import Message
from tests.web.games.helpers import discard, start, to_move

from .server_log import server_errors

PASSWORD = "a-long-enough-password"
JUNK_FIELDS: list[dict[str, Any]] = [
    {},
    {"version": "abc", "action": "{", "id": ["x", "-1", "9" * 30], "pos": "-5", "mode": "1e9",
     "card": "\u0661", "count": "9" * 400, "delta": "-99999999999999999999", "page": "0",
     "text": "x" * 100_000, "name": "", "kind": "[]", "slot": "NaN", "seats": "-1",
     "deck": "999999999999999999", "ruleset": "../../etc", "to": "\u202enobody",
     "username": "a" * 5000, "password": "", "format": "{}", "entries": "[" * 500},
    {"version": "999999999999999999999", "text": "ok", "title": "ok", "subject": "ok",
     "recipient": "alice", "body": "ok", "name": "ok", "keyword": ["Charge", "Charge"],
     "game": "no-such-game", "deck_id": "1.5", "hidden": "maybe", "action": "[1,2]"},
]
QUERIES = ["?page=-1&from=abc&order=%27&game=zz&q=" + "x" * 2000,
           "?" + "&".join(f"p{n}=1" for n in range(1200)),
           "?page=99999999999999999999&quote=-3&ruleset=%E2%80%AE&seat=1e3",
           "?from=%F0%28%8C%28&page=%C3%28"]


def sample_paths(ids: dict[str, str]) -> Iterator[str]:
    """One path per URL pattern of the site, with the sample value of each parameter."""
    def walk(patterns: list[Any], prefix: str, namespace: str) -> Iterator[tuple[str, str]]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern),
                                pattern.namespace or namespace)
            elif isinstance(pattern, URLPattern):
                yield prefix + str(pattern.pattern), namespace

    for route, namespace in walk(get_resolver().url_patterns, "", ""):
        route = route.lstrip("^").rstrip("$").replace("\\Z", "")
        def value(found: re.Match[str], namespace: str = namespace) -> str:
            before = found.string[:found.start()].rstrip("/").split("/")[-1]
            name = found.group(2)
            return ids.get(f"{namespace}.{before}.{name}", ids.get(
                f"{namespace}.{name}", ids.get(name, "1")))

        path = re.sub(r"<(?:(\w+):)?(\w+)>", value, route)
        path = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: ids.get(m.group(1), "1"), path)
        yield "/" + path.replace("\\", "")


@pytest.fixture
def world(transactional_db: None) -> dict[str, str]:
    alice = User.objects.create_user("alice", PASSWORD)
    bob = User.objects.create_user("bob", PASSWORD)
    running = start(alice, bob)
    finished = start(alice, User.objects.create_user("carol", PASSWORD))
    user, _ = to_move(finished)
    discard(user, finished)
    from marcomage.web.games import services as games

    games.surrender(alice, finished.pk)
    message = Message.objects.create(author=bob, recipient=alice, text="hello")
    forum.ensure_sections()
    section = Section.objects.get(slug="general")
    thread = Thread.objects.create(section=section, title="a thread", author=alice)
    post = Post.objects.create(thread=thread, author=alice, text="a post")
    concept = Concept.objects.create(author=alice, name="A concept", effect="+1 tower",
                                     code="me.tower += 1")
    deck = Deck.objects.filter(owner=alice).order_by("pk").first()
    assert deck is not None
    return {
        "game_id": str(running.pk), "replays.game_id": str(finished.pk), "decks.pk": str(deck.pk),
        "messaging.pk": str(message.pk), "forum.pk": str(thread.pk), "slug": section.slug,
        "name": "bob", "ruleset": "marcomage", "card_id": "1", "concepts.pk": str(concept.pk),
        "forum.post.pk": str(post.pk), "app_label": "accounts",
        # the admin's pages may delete the object they are given: a player of its own
        "object_id": str(User.objects.create_user("dave", PASSWORD).pk),
    }


def variants(path: str) -> Iterator[str]:
    """The path itself, with its numbers made huge, negative or zero, and path tricks."""
    yield path
    if re.search(r"/\d+", path):
        yield re.sub(r"/\d+", "/0", path, count=1)
        yield re.sub(r"/\d+", "/999999999999999999", path, count=1)
        yield re.sub(r"/\d+", "/" + "9" * 25, path, count=1)
        yield re.sub(r"/\d+", "/-1", path, count=1)
    yield path + "%00"
    yield path + "%2e%2e/%2e%2e/settings.py"
    yield path.rstrip("/") + "/%C3%28/"


def send_everything(client: Client, path: str) -> list[tuple[str, str, int]]:
    """The corpus for one path: (method, what, status) per request."""
    results = []

    def record(method: str, what: str, response: Any) -> None:
        results.append((method, what, response.status_code))

    for variant in variants(path):
        record("GET", variant, client.get(variant))
    for query in QUERIES:
        record("GET", path + query, client.get(path + query))
    for number, fields in enumerate(JUNK_FIELDS):
        record("POST", f"fields #{number}", client.post(path, fields))
    raw = [
        ("bad utf-8", b"text=%FF%FE&name=\xc3\x28&version=\xff",
         "application/x-www-form-urlencoded"),
        ("utf-7", b"text=+ADw-script+AD4-", "application/x-www-form-urlencoded; charset=utf-7"),
        ("nul", b"text=a%00b&name=x%01y", "application/x-www-form-urlencoded"),
        ("json", b'{"text": [1, {"a": null}]}', "application/json"),
        ("multipart", b"--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n",
         "multipart/form-data; boundary=x"),
        ("no boundary", b"garbage", "multipart/form-data"),
        ("many fields", "&".join(f"f{n}=1" for n in range(1200)).encode(),
         "application/x-www-form-urlencoded"),
    ]
    for what, body, content_type in raw:
        record("POST", what, client.generic("POST", path, body, content_type))
    record("POST", "oversized", client.generic(
        "POST", path, b"text=x", "application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(50 * 1024 * 1024)))
    record("PUT", "put", client.generic("PUT", path, b"x=1"))
    record("DELETE", "delete", client.generic("DELETE", path))
    return results


CHUNKS = 4  # pieces that pytest-xdist can run side by side


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_endpoint_answers_bad_input_with_a_server_error(world: dict[str, str],
                                                           chunk: int) -> None:
    User.objects.create_superuser("moderator", PASSWORD)
    player, moderator, visitor = (Client(raise_request_exception=False) for _ in range(3))
    alice, mod = User.objects.get(username="alice"), User.objects.get(username="moderator")
    every = sorted(set(sample_paths(world)))
    assert len(every) > 150  # every pattern, the admin's included
    paths = every[chunk::CHUNKS]
    failures: list[tuple[str, str, str, int]] = []
    with server_errors() as log:
        logging.getLogger("django.request").setLevel(logging.ERROR)  # 4xx lines are expected
        try:
            for path in paths:
                admin = path.startswith("/admin/")
                clients = [moderator, visitor] if admin else [player, visitor]
                player.force_login(alice)  # again: the corpus may have logged out
                moderator.force_login(mod)
                for client in clients:
                    who = "moderator" if client is moderator else (
                        "visitor" if client is visitor else "player")
                    for method, what, status in send_everything(client, path):
                        if status >= 500:
                            failures.append((who, method + " " + path, what, status))
        finally:
            logging.getLogger("django.request").setLevel(logging.NOTSET)
    assert failures == [], "\n".join(map(str, failures[:60]))
    assert log.problems() == [], log.problems()[:20]
