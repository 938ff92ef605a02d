"""The forms issue 15 added refuse a request without the CSRF token (403) and change nothing:
hosting with a game system chosen, joining and giving back a hosted seat, a challenge of
another system, the generic board's buttons, a new deck of another system; the same request
with the token is taken. The replays app has no form: it answers every POST with 405."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from marcomage.web.accounts.models import User
from marcomage.web.decks.models import Deck
from marcomage.web.games import services
from marcomage.web.games.models import Game, Seat

from .base import BaseTestCase
from .games.helpers import deck_of
from .games.test_refusals import snapshot
from .games.test_toy import toy_decks, toy_game


class CsrfTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.carol = User.objects.create_user("carol", "pw")

    def world(self) -> tuple[Any, ...]:
        """Every game with its rows, and every deck."""
        games = tuple(snapshot(game) for game in Game.objects.order_by("pk"))
        return games, tuple(Deck.objects.order_by("pk").values_list("pk", "name", "game"))

    def refused_then_taken(self, user: Any, url: str, data: dict[str, Any]) -> Any:
        """Without the token (a form post, then htmx): 403 and nothing changed; with it: the
        site's answer."""
        client = Client(enforce_csrf_checks=True)
        client.force_login(user)
        before = self.world()
        self.assertEqual(client.post(url, data).status_code, 403, url)
        self.assertEqual(client.post(url, data, HTTP_HX_REQUEST="true").status_code, 403, url)
        self.assertEqual(self.world(), before, url)
        token = self.csrf_token(client)
        response = client.post(url, data, HTTP_X_CSRFTOKEN=token, HTTP_HX_REQUEST="true")
        self.assertNotEqual(response.status_code, 403, url)
        self.assertNotEqual(self.world(), before, url)
        return response

    def test_lobby_forms_of_any_game_system(self) -> None:
        deck = toy_decks(self.alice)
        self.refused_then_taken(self.alice, "/games/host/",
                                {"game": "toy", "format": "tiny", "deck": deck, "tricks": "2"})
        hosted = Game.objects.get(ruleset="toy")
        self.refused_then_taken(self.bob, f"/games/{hosted.pk}/join/",
                                {"deck": toy_decks(self.bob)})
        self.refused_then_taken(self.bob, f"/games/{hosted.pk}/unhost/", {})
        self.assertIsNone(Seat.objects.get(game=hosted, number=1).user)
        self.refused_then_taken(self.carol, "/games/challenge/bob/",
                                {"game": "marcomage", "deck": deck_of(self.carol),
                                 "hidden": "1"})
        self.assertTrue(Game.objects.get(ruleset="marcomage").options["hidden"])

    def test_the_generic_boards_buttons(self) -> None:
        game = toy_game([self.alice, self.bob, self.carol])
        self.refused_then_taken(self.bob, f"/games/{game.pk}/act/", {
            "version": game.version, "action": json.dumps({"type": "bid", "slot": 0})})
        self.assertEqual(game.steps.get().seat, 1)
        for name in ("note", "chat", "surrender"):
            self.refused_then_taken(self.alice, f"/games/{game.pk}/{name}/", {"text": "hi"})

    def test_a_new_deck_of_another_game_system(self) -> None:
        self.refused_then_taken(self.alice, "/decks/new/", {"game": "toy", "format": "tiny",
                                                            "name": "Mine"})
        self.assertTrue(Deck.objects.filter(owner=self.alice, game="toy").exists())

    def test_replays_take_no_post(self) -> None:
        game = toy_game([self.alice, self.bob, self.carol])
        services.surrender(self.bob, game.pk)
        client = Client(enforce_csrf_checks=True)
        client.force_login(self.alice)
        token = self.csrf_token(client)
        for url in ("/replays/", f"/replays/{game.pk}/", f"/replays/{game.pk}.json"):
            self.assertEqual(client.get(url).status_code, 200, url)
            self.assertEqual(client.post(url, {"csrfmiddlewaretoken": token}).status_code, 405)
