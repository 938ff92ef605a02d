"""Limits and edits that must hold under parallel requests (issue 23), on SQLite and, in the
`make test` run on PostgreSQL (scripts/with-services.sh), on PostgreSQL: real HTTP requests
released together against the live ASGI server, each on its own database connection."""

from __future__ import annotations

from typing import Any

import pytest

from marcomage.games.marcomage.cards import card_ids
from marcomage.web.accounts.models import User
from marcomage.web.decks.models import Deck
from marcomage.web.games import services
from marcomage.web.games.models import Game, Status
from marcomage.web.rulesets.marcomage.editing import reset
from marcomage.web.rulesets.marcomage.slots import slots

from ..base import PASSWORD
from ..games.helpers import deck_of, start
from .site import Answer, Player, together

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def roomy_rate_limits(settings: Any) -> None:
    """These tests are about the slot rules under concurrency; the challenge rate limit (10 a
    minute, tested in tests/web/security) would refuse the twentieth request first."""
    settings.RATE_LIMITS = {"challenge": (1000, 60)}


def no_server_error(answers: list[Any]) -> None:
    """Every parallel request got an answer below 500."""
    for answer in answers:
        assert isinstance(answer, Answer), answer
        assert answer.status < 500, (answer.status, answer.body[:2000])


def test_c_game_4_ten_parallel_challenges_to_one_opponent_store_exactly_one(
        live_url: str) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    User.objects.create_user("bob", PASSWORD)
    player = Player.logged_in(live_url, alice)
    deck = deck_of(alice)
    answers = together([lambda: player.post("/games/challenge/bob/", {"deck": deck})] * 10)
    no_server_error(answers)
    assert sorted(answer.status for answer in answers) == [302] + [400] * 9
    refused = [answer.body for answer in answers if answer.status == 400]
    assert all("only one such game per opponent" in body for body in refused)
    assert Game.objects.filter(status=Status.CHALLENGE).count() == 1


def test_c_game_3_the_fifteen_slots_hold_under_twenty_parallel_challenges(
        live_url: str) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    opponents = [User.objects.create_user(f"opponent{n}", PASSWORD) for n in range(20)]
    assert services.total_slots(alice) == 15
    player = Player.logged_in(live_url, alice)
    deck = deck_of(alice)
    answers = together([
        (lambda name=opponent.username: player.post(f"/games/challenge/{name}/", {"deck": deck}))
        for opponent in opponents])
    no_server_error(answers)
    assert [answer.status for answer in answers].count(302) == 15
    refused = [answer.body for answer in answers if answer.status == 400]
    assert len(refused) == 5 and all("game slots are in use" in body for body in refused)
    assert services.used_slots(alice) == 15
    assert Game.objects.filter(status=Status.CHALLENGE).count() == 15


def test_c_game_3_parallel_hosted_games_stop_at_the_slot_limit(live_url: str) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    player = Player.logged_in(live_url, alice)
    deck = deck_of(alice)
    answers = together([lambda: player.post("/games/host/", {"deck": deck})] * 20)
    no_server_error(answers)
    assert Game.objects.filter(status=Status.HOSTED).count() == 15
    assert services.used_slots(alice) == 15


def test_c_deck_3_two_decks_renamed_to_one_name_at_once_one_is_refused(live_url: str) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    tabs = [Player.logged_in(live_url, alice) for _ in range(2)]  # a session each: own notices
    decks = list(Deck.objects.filter(owner=alice, game="marcomage")[:2])
    for trial in range(5):
        name = f"Same {trial}"
        answers = together([
            (lambda tab=tab, pk=deck.pk, name=name: tab.post(f"/decks/{pk}/rename/",
                                                             {"name": name}))
            for tab, deck in zip(tabs, decks, strict=True)])
        no_server_error(answers)
        assert Deck.objects.filter(owner=alice, name=name).count() == 1
        notices = [tab.get(f"/decks/{deck.pk}/").body for tab, deck in zip(tabs, decks,
                                                                          strict=True)]
        refused = [page for page in notices if "You already have a deck named" in page]
        renamed = [page for page in notices if f"Deck renamed to {name}." in page]
        assert len(refused) == 1 and len(renamed) == 1, trial


def test_c_deck_1_two_quick_takes_never_lose_a_confirmed_card(live_url: str) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    player = Player.logged_in(live_url, alice)
    deck = Deck.objects.filter(owner=alice, game="marcomage").first()
    assert deck is not None
    reset(deck)
    commons = card_ids(0)
    for trial in range(7):  # 14 of the 15 common slots
        pair = commons[2 * trial:2 * trial + 2]
        answers = together([
            (lambda card=card: player.post(f"/decks/{deck.pk}/take/", {"card": card},
                                           headers={"HX-Request": "true"}))
            for card in pair])
        no_server_error(answers)
        assert all(answer.status == 200 and "Took" in answer.body for answer in answers), [
            answer.body[answer.body.find("deck-notice"):][:200] for answer in answers]
        deck.refresh_from_db()
        held = slots(deck).cards()
        assert set(pair) <= held, (trial, pair, held)
        assert len(held) == 2 * (trial + 1)


def test_a_nul_byte_in_a_chat_line_is_no_server_error(live_url: str) -> None:
    """PostgreSQL refuses NUL in text: the request must still get an answer, not a 500."""
    alice = User.objects.create_user("alice", PASSWORD)
    bob = User.objects.create_user("bob", PASSWORD)
    game = start(alice, bob)
    player = Player.logged_in(live_url, alice)
    answer = player.post(f"/games/{game.pk}/chat/", {"text": "hello\x00there"},
                         headers={"HX-Request": "true"})
    assert answer.status < 500, answer.body[:2000]
    assert not game.chat.exists()


def test_issue_38_forum_pacing_holds_under_twenty_parallel_replies(
        live_url: str, settings: Any) -> None:
    """Forum pacing (6 posts a minute) taken atomically: with one post written, 20 replies
    released together store exactly the 5 that remain (the probe saw 8 on PostgreSQL)."""
    from marcomage.web.forum import services as forum
    from marcomage.web.forum.models import Post, Section

    settings.FORUM_POSTS_PER_MINUTE = 6
    alice = User.objects.create_user("alice", PASSWORD)
    forum.ensure_sections()
    thread = forum.start_thread(alice, Section.objects.first(), "Pacing", "the first post")
    player = Player.logged_in(live_url, alice)
    answers = together([
        (lambda n=n: player.post(f"/forum/thread/{thread.pk}/reply/", {"text": f"reply {n}"}))
        for n in range(20)])
    no_server_error(answers)
    assert sorted(a.status for a in answers) == [302] * 5 + [400] * 15
    assert Post.objects.filter(author=alice).count() == 6
