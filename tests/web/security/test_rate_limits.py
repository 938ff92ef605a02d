"""Rate limits (issue 23): chat lines, messages, challenges and registrations past their limit
get 429 with Retry-After and a clear reason (page, htmx text or JSON), and store nothing."""

from __future__ import annotations

import json
from unittest import mock

from django.test import Client, override_settings

from marcomage.web.accounts.models import User
from marcomage.web.core import rate_limit
from marcomage.web.games.models import ChatMessage, Game
from marcomage.web.messaging.models import Message
from tests.web.games.helpers import start

PASSWORD = "a-long-enough-password"


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@override_settings(RATE_LIMITS={"chat": (3, 60)})
def test_chat_lines_past_the_limit_are_refused_with_429(db: None) -> None:
    alice, bob = User.objects.create_user("alice", PASSWORD), User.objects.create_user("bob",
                                                                                      PASSWORD)
    game = start(alice, bob)
    client = logged_in(alice)
    for n in range(3):
        assert client.post(f"/games/{game.pk}/chat/", {"text": f"line {n}"}).status_code == 302
    response = client.post(f"/games/{game.pk}/chat/", {"text": "one too many"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "at most 3 chat lines" in response.content.decode()
    assert ChatMessage.objects.count() == 3
    # another player is not limited by alice's chatter
    assert logged_in(bob).post(f"/games/{game.pk}/chat/", {"text": "hi"}).status_code == 302


@override_settings(RATE_LIMITS={"message": (2, 60)})
def test_messages_past_the_limit_get_a_page_or_json(db: None) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    User.objects.create_user("bob", PASSWORD)
    client = logged_in(alice)
    form = {"to": "bob", "subject": "hi", "text": "hello"}
    for _ in range(2):
        assert client.post("/messages/new/", form).status_code == 302
    page = client.post("/messages/new/", form)
    assert page.status_code == 429 and "Slow down" in page.content.decode()
    assert "Try again in" in page.content.decode()
    answer = client.post("/messages/new/", form, HTTP_ACCEPT="application/json")
    doc = json.loads(answer.content)
    assert answer.status_code == 429 and doc["limit"] == "message" and doc["retry_after"] >= 1
    assert Message.objects.count() == 2
    assert client.get("/messages/new/").status_code == 200  # reading the form is not limited


@override_settings(RATE_LIMITS={"challenge": (1, 60)})
def test_challenges_past_the_limit_are_refused(db: None) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    for name in ("bob", "carol"):
        User.objects.create_user(name, PASSWORD)
    client = logged_in(alice)
    client.post("/games/challenge/bob/", {})
    before = Game.objects.count()
    response = client.post("/games/challenge/carol/", {})
    assert response.status_code == 429
    assert Game.objects.count() == before


@override_settings(RATE_LIMITS={"register": (2, 3600)})
def test_registrations_from_one_address_are_limited(db: None) -> None:
    for n in range(2):
        response = Client().post("/accounts/register/", {
            "username": f"player{n}", "password": PASSWORD, "password_again": PASSWORD})
        assert response.status_code == 302
    response = Client().post("/accounts/register/", {
        "username": "player9", "password": PASSWORD, "password_again": PASSWORD})
    assert response.status_code == 429
    assert "new accounts from your address" in response.content.decode()
    assert not User.objects.filter(username="player9").exists()
    other = Client(REMOTE_ADDR="10.1.2.3").post("/accounts/register/", {
        "username": "player8", "password": PASSWORD, "password_again": PASSWORD})
    assert other.status_code == 302


def test_the_window_resets(db: None) -> None:
    with override_settings(RATE_LIMITS={"chat": (1, 60)}):
        assert rate_limit.take("chat", "k", now=120.0) == 0
        assert rate_limit.take("chat", "k", now=150.0) == 30
        assert rate_limit.take("chat", "k", now=181.0) == 0


# One limiter shared by the site and the API, keyed by player (issues 37 and 38).


@override_settings(RATE_LIMITS={"chat": (3, 60)})
def test_issue_37_chat_over_the_api_counts_against_the_chat_forms_limit(db: None) -> None:
    from tests.web.api.helpers import call, token_for

    alice, bob = User.objects.create_user("alice", PASSWORD), User.objects.create_user("bob",
                                                                                      PASSWORD)
    game = start(alice, bob)
    client = logged_in(alice)
    token = token_for(alice)
    for n in range(2):
        assert client.post(f"/games/{game.pk}/chat/", {"text": f"form {n}"}).status_code == 302
    assert call(Client(), token, "POST", f"/games/{game.pk}/chat", {"text": "api"})[0] == 201
    status, doc = call(Client(), token, "POST", f"/games/{game.pk}/chat", {"text": "more"})
    assert status == 429 and doc["limit"] == "chat" and doc["retry_after"] >= 1
    assert "at most 3 chat lines" in doc["detail"]
    assert client.post(f"/games/{game.pk}/chat/", {"text": "form"}).status_code == 429
    assert ChatMessage.objects.count() == 3
    assert call(Client(), token_for(bob), "POST", f"/games/{game.pk}/chat",
                {"text": "bob"})[0] == 201


@override_settings(RATE_LIMITS={"challenge": (2, 60)})
def test_issue_37_challenges_over_the_api_count_against_the_sites_limit(db: None) -> None:
    from tests.web.api.helpers import call, token_for

    alice = User.objects.create_user("alice", PASSWORD)
    for name in ("bob", "carol", "dave"):
        User.objects.create_user(name, PASSWORD)
    token = token_for(alice)
    to_bob = {"opponent": "bob", "deck": "random"}
    assert call(Client(), token, "POST", "/games/challenges", to_bob)[0] == 201
    logged_in(alice).post("/games/challenge/carol/", {})
    before = Game.objects.count()
    to_dave = {"opponent": "dave", "deck": "random"}
    status, doc = call(Client(), token, "POST", "/games/challenges", to_dave)
    assert status == 429 and doc["limit"] == "challenge"
    assert Game.objects.count() == before


@override_settings(MARCOMAGE_API_RATE=40, MARCOMAGE_API_PERIOD=60)
def test_issue_38_processes_share_a_tokens_allowance(db: None) -> None:
    """Each process takes the token's allowance from the database in shares (so a request
    costs no write each); two processes (two memories, one database) taking turns serve
    exactly the limit between them, not the limit each."""
    from marcomage.web.api import limits

    limits.forget()
    memories: list[dict[int, tuple[int, int]]] = [{}, {}]
    served = 0
    for step in range(100):
        with mock.patch.object(limits, "_held", memories[step % 2]):
            served += limits.take(7, now=600.0 + step * 0.1) == 0.0
    assert served == 40
    with mock.patch.object(limits, "_held", {}):
        assert limits.take(7, now=659.0) > 0
        assert limits.take(7, now=661.0) == 0.0  # the next window
