"""Issue 23, first finding: a move without a version is refused like a stale one (a double
click or a replayed form never plays twice), through the MArcomage board's own form as well
as the action JSON; and a discard that names a mode is refused, not applied (PL-PROTO-4)."""

from __future__ import annotations

import json

from django.test import Client

from marcomage.web.accounts.models import User
from marcomage.web.games.models import Game
from tests.web.games.helpers import start, to_move


def test_a_move_without_a_version_or_a_discard_with_a_mode_changes_nothing(db: None) -> None:
    alice, bob = User.objects.create_user("alice", "x"), User.objects.create_user("bob", "x")
    game = start(alice, bob)
    mover, _ = to_move(game)
    client = Client()
    client.force_login(mover)
    before = Game.objects.get(pk=game.pk).version
    tries = [
        {"kind": "discard", "pos": "1"},                         # the board form, no version
        {"kind": "play", "pos": "1", "mode": "0", "version": ""},
        {"action": json.dumps({"type": "discard", "pos": 1})},   # the JSON, no version
        {"action": json.dumps({"type": "discard", "pos": 1, "mode": 2}), "version": before},
        {"action": json.dumps({"type": "discard", "pos": 1, "mode": 0}), "version": before},
    ]
    for data in tries:
        response = client.post(f"/games/{game.pk}/act/", data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, data
        assert Game.objects.get(pk=game.pk).version == before, data
    ok = client.post(f"/games/{game.pk}/act/", {"kind": "discard", "pos": "1",
                                                "version": before}, HTTP_HX_REQUEST="true")
    assert ok.status_code == 200 and Game.objects.get(pk=game.pk).version == before + 1
