"""Refusals in a three-seat game (the test-only toy): only a game's players act, bad input
to `act` is refused with a reason, and a refusal changes nothing at all (the game row, its
steps, its seats and its chat are identical before and after; PL-PROTO-5, C-TURN-17)."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from marcomage.web.accounts.models import User
from marcomage.web.games import services
from marcomage.web.games.models import ChatMessage, Game, Seat, Status, Step

from ..base import BaseTestCase
from .helpers import deck_of, start
from .test_toy import bid, toy_decks, toy_game

GAME_POSTS = ("act", "surrender", "abort", "finish", "leave", "note", "chat", "accept",
              "reject", "withdraw", "join", "unhost")


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a request could change about a game, read afresh from the database."""
    row = Game.objects.filter(pk=game.pk).values().get()
    seats = list(Seat.objects.filter(game=game).order_by("number").values())
    steps = list(Step.objects.filter(game=game).order_by("index").values())
    chat = list(ChatMessage.objects.filter(game=game).values())
    return row, seats, steps, chat


class Refusals(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.carol = User.objects.create_user("carol", "pw")
        self.dave = User.objects.create_user("dave", "pw")
        self.erin = User.objects.create_user("erin", "pw")
        self.players = [self.alice, self.bob, self.carol]
        self.game = toy_game(self.players, seed=5)
        self.other = start(self.dave, self.erin, seed=2)  # erin plays another game

    def client_of(self, user: Any | None) -> Client:
        client = Client(enforce_csrf_checks=True)
        if user is not None:
            client.force_login(user)
        return client

    def assert_unchanged(self, before: tuple[Any, ...]) -> None:
        self.assertEqual(snapshot(self.game), before)

    def test_pl_view_1_outsiders_logged_out_and_other_games_players_change_nothing(self) -> None:
        """Every game request from dave (no game), erin (another game's player) and a
        logged-out client: 404 (or the login page), and the game is exactly as it was."""
        before = snapshot(self.game)
        version = self.game.version
        data = {"version": version, "action": json.dumps({"type": "bid", "slot": 0}),
                "text": "hello", "deck": toy_decks(self.dave)}
        for user in (self.dave, self.erin, None):
            client = self.client_of(user)
            for name in GAME_POSTS:
                url = f"/games/{self.game.pk}/{name}/"
                for extra in ({}, {"HTTP_HX_REQUEST": "true"}):
                    response = self.post(url, data, client=client, **extra)
                    if user is None:
                        self.assertIn("/accounts/login/", response["Location"])
                    elif name == "join":  # hosted games are public: it says why
                        self.assertEqual(response.status_code, 302)
                        page = client.get(response["Location"]).content.decode()
                        self.assertIn("no longer open", page)
                    else:
                        self.assertEqual(response.status_code, 404, (user, name, extra))
            for page in ("", "board/"):
                response = client.get(f"/games/{self.game.pk}/{page}")
                self.assertEqual(response.status_code, 302 if user is None else 404)
            self.assertEqual(client.get(f"/replays/{self.game.pk}/").status_code, 404)
            self.assertEqual(client.get(f"/replays/{self.game.pk}.json").status_code, 404)
        self.assert_unchanged(before)
        self.assertEqual(self.other.steps.count(), 0)
        for user in (self.dave, self.erin):
            for call in (lambda u: services.act(u, self.game.pk, version, {"type": "bid",
                                                                           "slot": 0}),
                         lambda u: services.surrender(u, self.game.pk),
                         lambda u: services.post_chat(u, self.game.pk, "hi"),
                         lambda u: services.save_note(u, self.game.pk, "hi"),
                         lambda u: services.leave(u, self.game.pk)):
                with self.assertRaisesRegex(services.NotFound, "no such game"):
                    call(user)
        self.assert_unchanged(before)

    def test_a_player_of_this_game_cannot_reach_another_game_through_it(self) -> None:
        """alice acts, chats or notes in dave and erin's game by its id: 404, nothing
        changed there."""
        before = snapshot(self.other)
        client = self.client_of(self.alice)
        for name in ("act", "surrender", "note", "chat", "leave", "abort", "finish"):
            response = self.post(f"/games/{self.other.pk}/{name}/",
                                 {"version": self.other.version, "kind": "discard", "pos": 1,
                                  "text": "x"}, client=client, HTTP_HX_REQUEST="true")
            self.assertEqual(response.status_code, 404, name)
        self.assertEqual(snapshot(self.other), before)

    def test_players_may_not_end_or_leave_a_running_game_except_by_surrender(self) -> None:
        before = snapshot(self.game)
        client = self.client_of(self.bob)
        reasons = {"abort": "inactive for more than three weeks",
                   "finish": "more than three weeks",
                   "leave": "only once it is over"}
        for name, reason in reasons.items():
            response = self.post(f"/games/{self.game.pk}/{name}/", client=client, follow=True)
            self.assertContains(response, reason)
        self.assert_unchanged(before)

    def test_join_host_and_accept_edge_cases_of_a_three_seat_game(self) -> None:
        """Joining a full (started) game, joining twice, joining your own, accepting someone
        else's challenge: each refused with its reason, nothing changed."""
        before = snapshot(self.game)
        dave_client = self.client_of(self.dave)
        deck = toy_decks(self.dave)
        response = self.post(f"/games/{self.game.pk}/join/", {"deck": deck}, client=dave_client,
                             follow=True)
        self.assertContains(response, "This game is no longer open: all its seats were taken.")
        self.assert_unchanged(before)

        hosted = services.host(self.dave, deck, ruleset="toy")
        hosted_before = snapshot(hosted)
        response = self.post(f"/games/{hosted.pk}/join/", {"deck": deck}, client=dave_client,
                             follow=True)
        self.assertContains(response, "You cannot join your own game.")
        carol = self.client_of(self.carol)
        self.post(f"/games/{hosted.pk}/join/", {"deck": toy_decks(self.carol)}, client=carol)
        self.assertEqual(Seat.objects.get(game=hosted, number=1).user, self.carol)
        hosted_before = snapshot(hosted)
        response = self.post(f"/games/{hosted.pk}/join/", {"deck": deck_of(self.carol, "toy")},
                             client=carol, follow=True)
        self.assertContains(response, "You are in this game already.")
        response = self.post(f"/games/{hosted.pk}/join/", {"deck": deck_of(self.alice)},
                             client=self.client_of(self.alice), follow=True)
        self.assertContains(response, "is not a deck of this game")  # a MArcomage deck
        response = self.post(f"/games/{hosted.pk}/join/", {"deck": toy_decks(self.erin)},
                             client=self.client_of(self.erin), follow=True)
        self.assertContains(response, "only one such game per opponent")  # C-GAME-4
        self.assertEqual(snapshot(hosted), hosted_before)

        offer = services.challenge(self.alice, self.dave, deck_of(self.alice))
        offer_before = snapshot(offer)
        response = self.post(f"/games/{offer.pk}/join/", {"deck": deck_of(self.carol)},
                             client=self.client_of(self.carol))
        self.assertEqual(response.status_code, 404)  # a challenge is private
        for user in (self.carol, self.alice):  # someone else; the challenger himself
            response = self.post(f"/games/{offer.pk}/accept/", {"deck": deck_of(user)},
                                 client=self.client_of(user))
            self.assertEqual(response.status_code, 404)
            self.assertEqual(self.post(f"/games/{offer.pk}/reject/",
                                       client=self.client_of(user)).status_code, 404)
        self.assertEqual(self.post(f"/games/{offer.pk}/withdraw/",
                                   client=self.client_of(self.dave)).status_code, 404)
        self.assertEqual(snapshot(offer), offer_before)
        self.assertEqual(Game.objects.get(pk=offer.pk).status, Status.CHALLENGE)


class BadActions(BaseTestCase):
    """PL-PROTO-5: `act` accepts exactly the legal actions, against the current version;
    anything else is refused with a reason, never a server error, and changes nothing."""

    def setUp(self) -> None:
        super().setUp()
        self.carol = User.objects.create_user("carol", "pw")
        self.game = toy_game([self.alice, self.bob, self.carol], seed=6)
        self.log_in(self.bob)

    def refused(self, data: dict[str, Any], reason: str) -> None:
        before = snapshot(self.game)
        response = self.post(f"/games/{self.game.pk}/act/", data, HTTP_HX_REQUEST="true")
        self.assertEqual(response.status_code, 200, data)
        self.assertIn(reason, response.content.decode(), data)
        self.assertEqual(snapshot(self.game), before, data)

    def action(self, doc: Any) -> dict[str, Any]:
        return {"version": self.game.version, "action": json.dumps(doc)}

    def test_pl_proto_5_bad_versions_and_bad_actions_are_refused_with_a_reason(self) -> None:
        slot0 = json.dumps({"type": "bid", "slot": 0})
        self.refused({"action": slot0}, "names no version")
        self.refused({"version": "", "action": slot0}, "names no version")
        self.refused({"version": self.game.version - 1, "action": slot0}, "game changed")
        self.refused({"version": self.game.version + 1, "action": slot0}, "game changed")
        self.refused({"version": "one", "action": slot0}, "must be a number")
        self.refused({"version": "9" * 5000, "action": slot0}, "must be a number")
        self.refused({"version": self.game.version, "action": "{nope"}, "not valid JSON")
        self.refused({"version": self.game.version}, "not valid JSON")
        self.refused(self.action([{"type": "bid", "slot": 0}]), "JSON object")
        self.refused(self.action({"slot": 0}), "JSON object with a type")
        for wrong in ({"type": "bid", "slot": 3}, {"type": "bid", "slot": -1},
                      {"type": "bid", "slot": True}, {"type": "bid", "slot": "0"},
                      {"type": "bid", "slot": 0.0}, {"type": "bid", "slot": 0, "extra": 1},
                      {"type": "keep"}, {"type": "bid", "slot": 10 ** 40},
                      {"type": "bid", "slot": [0]}, {"type": "bid", "slot": {"a": 0}}):
            self.refused(self.action(wrong), "cannot play")

    def test_oversized_or_deeply_nested_input_is_refused_without_a_server_error(self) -> None:
        version = self.game.version
        self.refused({"version": version, "action": "[" * 999}, "not valid JSON")
        self.refused({"version": version, "action": "[" * 100_000}, "too long")
        self.refused({"version": version, "action": json.dumps(
            {"type": "bid", "slot": 0, "pad": "x" * 50_000})}, "too long")
        before = snapshot(self.game)
        response = self.post(f"/games/{self.game.pk}/act/",
                             {"version": version, "action": "x" * (2 * 1024 * 1024)},
                             HTTP_HX_REQUEST="true")
        self.assertEqual(response.status_code, 413)  # over MAX_REQUEST_BODY: too large
        self.assertEqual(snapshot(self.game), before)

    def test_pl_proto_3_a_second_bid_of_the_same_seat_is_refused(self) -> None:
        bid(self.bob, self.game, 1)
        self.game.refresh_from_db()
        self.refused(self.action({"type": "bid", "slot": 0}), "It is not your turn.")
        page = self.client.get(f"/games/{self.game.pk}/").content.decode()
        self.assertNotIn('class="act-form"', page)  # legal actions only to a deciding seat

    def test_a_marcomage_discard_with_a_mode_is_refused(self) -> None:
        """The one JSON form of a move (PL-PROTO-4): a discard names no mode."""
        dave, erin = (User.objects.create_user(name, "pw") for name in ("dave", "erin"))
        game = start(dave, erin, seed=9)
        mover = Seat.objects.get(game=game, to_act=True).user
        self.log_in(mover)
        self.game = game
        self.refused(self.action({"type": "discard", "pos": 1, "mode": 2}), "discard")
        self.refused(self.action({"type": "play", "pos": 9, "mode": 0}), "")
        self.refused({"version": game.version, "kind": "burn", "pos": 1}, "Play or discard")
        self.refused({"version": game.version, "kind": "play", "pos": "x"}, "must be numbers")
        self.assertEqual(Game.objects.get(pk=game.pk).steps.count(), 0)

    def test_the_marcomage_forms_discard_stores_the_one_json_form_without_a_mode(self) -> None:
        """The card's form holds the mode select and the Discard button together, so a
        discard from the form carries a mode; the board drops it, and the step holds
        {"type": "discard", "pos": n} only (PL-PROTO-4)."""
        dave, erin = (User.objects.create_user(name, "pw") for name in ("dave", "erin"))
        game = start(dave, erin, seed=9)
        mover = Seat.objects.get(game=game, to_act=True).user
        self.log_in(mover)
        self.post(f"/games/{game.pk}/act/", {"version": game.version, "kind": "discard",
                                             "pos": 2, "mode": 3}, HTTP_HX_REQUEST="true")
        self.assertEqual(game.steps.get().action, {"type": "discard", "pos": 2})
