"""Account deletion (issue 23): from Settings, with the password typed again; the games,
replays, ladder scores and statistics stay under "deleted-<id>", everything personal goes
(name, profile, messages, notes, decks), running games are surrendered, and the account
cannot log in again. A wrong password deletes nothing."""

from __future__ import annotations

from django.test import Client

from marcomage.web.accounts.models import User
from marcomage.web.decks.models import Deck
from marcomage.web.games.models import Game, Seat, Status
from marcomage.web.messaging.models import Message
from marcomage.web.preferences.models import Profile, profile_of
from marcomage.web.scores.models import Score
from marcomage.web.stats.models import Versus
from tests.web.games.helpers import start
from tests.web.replays.games import finished_game

PASSWORD = "a-long-enough-password"


def test_deleting_an_account_keeps_the_games_and_removes_the_person(db: None) -> None:
    alice, bob, carol = (User.objects.create_user(n, PASSWORD) for n in ("alice", "bob",
                                                                         "carol"))
    finished = finished_game(alice, bob)
    running = start(alice, carol)
    Seat.objects.filter(game=finished, user=alice).update(note="my secret plan")
    profile = profile_of(alice)
    profile.hobby, profile.first_name = "knitting", "Alice"
    profile.save()
    Message.objects.create(author=alice, recipient=bob, text="from alice")
    Message.objects.create(author=bob, recipient=alice, text="to alice")
    Message.objects.create(author=bob, recipient=carol, text="unrelated")
    scores, versus = Score.objects.count(), Versus.objects.count()
    assert Deck.objects.filter(owner=alice).exists() and scores and versus

    client = Client()
    client.force_login(alice)
    page = client.get("/settings/")
    assert 'id="delete-account-form"' in page.content.decode()
    wrong = client.post("/accounts/delete/", {"password": "not it", "confirm": "yes"})
    unticked = client.post("/accounts/delete/", {"password": PASSWORD})
    assert wrong.status_code == unticked.status_code == 302
    assert User.objects.get(pk=alice.pk).username == "alice"

    response = client.post("/accounts/delete/", {"password": PASSWORD, "confirm": "yes"},
                           follow=True)
    assert "Your account was deleted" in response.content.decode()
    gone = User.objects.get(pk=alice.pk)
    assert gone.username == f"deleted-{alice.pk}" and not gone.is_active
    assert not gone.has_usable_password()
    assert not Message.objects.filter(author=gone).exists()
    assert not Message.objects.filter(recipient=gone).exists()
    assert Message.objects.filter(text="unrelated").exists()
    assert not Deck.objects.filter(owner=gone).exists()
    assert not Profile.objects.filter(user=gone, hobby="knitting").exists()
    assert not Seat.objects.filter(user=gone).exclude(note="").exists()
    assert Game.objects.get(pk=finished.pk).status == Status.FINISHED  # kept
    assert Game.objects.get(pk=running.pk).status == Status.FINISHED  # surrendered
    assert Score.objects.count() >= scores and Versus.objects.count() >= versus

    replay = Client()
    replay.force_login(bob)
    shown = replay.get(f"/replays/{finished.pk}/").content.decode()
    assert f"deleted-{alice.pk}" in shown and "alice" not in shown.replace(
        f"deleted-{alice.pk}", "")
    assert client.get("/settings/").status_code == 302  # logged out
    again = Client()
    again.get("/accounts/login/")
    login = again.post("/accounts/login/", {"username": f"deleted-{alice.pk}",
                                            "password": PASSWORD})
    assert login.status_code == 400 and "_auth_user_id" not in again.session
    # the name is free again, and nobody can take a deleted player's name
    assert Client().post("/accounts/register/", {"username": "alice", "password": PASSWORD,
                                                 "password_again": PASSWORD}).status_code == 302
    assert Client().post("/accounts/register/", {"username": "deleted-999",
                                                 "password": PASSWORD,
                                                 "password_again": PASSWORD}).status_code == 400
