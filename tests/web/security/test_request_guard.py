"""The request guard (issue 23): a NUL byte or another control character in any user-text
field is refused with a clear reason and stores nothing, one field family at a time (chat,
game notes, deck names, messages, profile, forum threads and replies, concepts, player
names); and the 500s found by testing are now clear refusals: non-numeric message ids, a
form in another charset (utf-7), a path climbing out of /static/, a body over the limit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client, override_settings

from marcomage.web.accounts.models import User
from marcomage.web.concepts.models import Concept
from marcomage.web.core.request_guard import control_character_in
from marcomage.web.decks.models import Deck
from marcomage.web.forum import services as forum
from marcomage.web.forum.models import Post, Section, Thread
from marcomage.web.games.models import ChatMessage, Seat
from marcomage.web.messaging.models import Message
from marcomage.web.preferences.models import Profile
from tests.web.games.helpers import start

from .site_client import SiteClient

PASSWORD = "a-long-enough-password"
BAD = ["a\x00b", "bell\x07", "esc\x1b[31m", "del\x7f", "form\x0cfeed"]


@pytest.fixture
def alice(db: None) -> User:
    return User.objects.create_user("alice", PASSWORD)


@pytest.fixture
def player(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


def family_cases(alice: User) -> list[tuple[str, str, dict[str, str], Callable[[], Any]]]:
    """(family, url, the form with {bad} in its text field, what must stay unchanged)."""
    bob = User.objects.create_user("bob", PASSWORD)
    game = start(alice, bob)
    deck = Deck.objects.filter(owner=alice).order_by("pk").first()
    assert deck is not None
    forum.ensure_sections()
    section = Section.objects.get(slug="general")
    thread = Thread.objects.create(section=section, title="a thread", author=alice)
    Post.objects.create(thread=thread, author=alice, text="first")
    alice_seat = Seat.objects.get(game=game, user=alice)
    return [
        ("chat", f"/games/{game.pk}/chat/", {"text": "{bad}"}, ChatMessage.objects.count),
        ("game note", f"/games/{game.pk}/note/", {"text": "{bad}"},
         lambda: Seat.objects.get(pk=alice_seat.pk).note),
        ("deck name", f"/decks/{deck.pk}/rename/", {"name": "{bad}"},
         lambda: Deck.objects.get(pk=deck.pk).name),
        ("message", "/messages/new/", {"to": "bob", "subject": "{bad}", "text": "hello"},
         Message.objects.count),
        ("message text", "/messages/new/", {"to": "bob", "subject": "hi", "text": "{bad}"},
         Message.objects.count),
        ("profile", "/settings/profile/", {"hobby": "{bad}", "first_name": "A", "status": "newbie"},
         lambda: list(Profile.objects.values_list("hobby", "first_name"))),
        ("forum thread", f"/forum/section/{section.slug}/new/",
         {"title": "{bad}", "text": "body", "game": ""}, Thread.objects.count),
        ("forum reply", f"/forum/thread/{thread.pk}/reply/", {"text": "{bad}"},
         Post.objects.count),
        ("concept", "/concepts/new/", {"name": "{bad}", "effect": "x", "rarity": "common",
                                       "code": "me.tower += 1"}, Concept.objects.count),
    ]


def test_control_characters_are_refused_in_every_field_family(alice: User,
                                                               player: Client) -> None:
    cases = family_cases(alice)
    for family, url, form, unchanged in cases:
        for bad in BAD:
            before = unchanged()
            fields = {key: value.replace("{bad}", bad) for key, value in form.items()}
            response = player.post(url, fields)
            assert response.status_code == 400, (family, bad, response.status_code)
            body = response.content.decode()
            assert "control character" in body and "Nothing was" in body, (family, body[-500:])
            assert unchanged() == before, (family, bad)
        ok = {key: value.replace("{bad}", "fine\ttext\r\nwith lines") for key, value in
              form.items()}
        assert player.post(url, ok).status_code < 400, family  # tab and new lines are text


def test_a_new_name_with_a_control_character_is_refused(db: None) -> None:
    response = Client().post("/accounts/register/", {"username": "eve\x00", "password": PASSWORD,
                                                     "password_again": PASSWORD})
    assert response.status_code == 400
    assert not User.objects.exists()


def test_htmx_gets_the_reason_as_text(alice: User, player: Client) -> None:
    game = start(alice, User.objects.create_user("bob", PASSWORD))
    response = player.post(f"/games/{game.pk}/chat/", {"text": "x\x00"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert "control character (NUL)" in response.content.decode()


def test_control_characters_in_a_query_or_the_path_are_refused(player: Client) -> None:
    assert player.get("/forum/search/?q=a%00b").status_code == 400
    assert player.get("/players/bob%00/").status_code == 400


def test_control_character_names() -> None:
    assert control_character_in("plain\ttext\n") is None
    assert control_character_in("\x1b") == "U+001B"


def test_non_numeric_message_ids_are_ignored_not_a_server_error(alice: User,
                                                               player: Client) -> None:
    message = Message.objects.create(author=alice, recipient=alice, text="keep me")
    response = player.post("/messages/delete/", {"id": ["abc", "-1", "9" * 30, "\u0661",
                                                        "1.5", ""]})
    assert response.status_code == 302
    assert Message.objects.filter(pk=message.pk).exists()


def test_a_form_in_another_charset_is_refused(alice: User, player: Client) -> None:
    game = start(alice, User.objects.create_user("bob", PASSWORD))
    response = player.post(f"/games/{game.pk}/chat/", b"text=+ADw-script+AD4-",
                           content_type="application/x-www-form-urlencoded; charset=utf-7")
    assert response.status_code == 400
    assert "Forms must be sent as UTF-8" in response.content.decode()
    assert not ChatMessage.objects.exists()


@override_settings(MAX_REQUEST_BODY=1000)
def test_a_body_over_the_limit_is_refused_with_413(alice: User, player: Client) -> None:
    game = start(alice, User.objects.create_user("bob", PASSWORD))
    response = player.post(f"/games/{game.pk}/chat/", {"text": "x" * 2000})
    assert response.status_code == 413
    assert "at most 1,000 bytes" in response.content.decode()
    assert not ChatMessage.objects.exists()


def test_huge_ids_in_the_path_are_not_found(player: Client) -> None:
    assert player.get("/games/" + "9" * 30 + "/").status_code == 404
    assert player.get("/admin/preferences/profile/" + "9" * 25 + "/change/").status_code == 404


@pytest.mark.parametrize("path", ["/static/%2e%2e/%2e%2e/settings.py",
                                  "/static/..%2f..%2fsettings.py", "/static/%00",
                                  "/static/marcomage/%2e%2e/%2e%2e/urls.py"])
def test_path_tricks_under_static_are_not_found(live_site: Any, transactional_db: None,
                                                path: str) -> None:
    answer = SiteClient(live_site.url).get(path)
    assert answer.status in (400, 404), (path, answer.status)
    assert "SECRET_KEY" not in answer.body and "urlpatterns" not in answer.body


def test_static_files_are_served_with_nosniff(live_site: Any, transactional_db: None) -> None:
    answer = SiteClient(live_site.url).get("/static/marcomage/site.css")
    assert answer.status == 200
    headers = {name.lower(): value for name, value in answer.headers.items()}
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1:8000@evil", "bad host",
                                  "[::1", "a" * 300, "localhost:99999x"])
def test_issue_38_a_bad_host_header_is_a_400_without_a_traceback(
        live_site: Any, transactional_db: None, host: str) -> None:
    import http.client
    import urllib.parse

    from .server_log import server_errors

    parts = urllib.parse.urlsplit(live_site.url)
    with server_errors() as log:
        for path in ("/", "/accounts/login/", "/api/v1/systems"):
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
            try:
                connection.putrequest("GET", path, skip_host=True)
                connection.putheader("Host", host)
                connection.endheaders()
                answer = connection.getresponse()
                body = answer.read().decode()
            finally:
                connection.close()
            assert answer.status == 400, (host, path, answer.status)
            assert "host" in body.lower()
    assert log.problems() == []
