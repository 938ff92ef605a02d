"""Any game system through the same services and pages: the test-only three-seat toy with
its simultaneous sealed bids (PL-PROTO-3, PL-SHARED-1), drawn by the generic board."""

from __future__ import annotations

import json
from typing import Any

from marcomage.games import find_ruleset
from marcomage.web.accounts.models import User
from marcomage.web.core.events import game_finished
from marcomage.web.games import services
from marcomage.web.games.models import Game, Seat, Status
from marcomage.web.games.services import GameError

from ..base import BaseTestCase
from .helpers import seat

TOY = find_ruleset("toy")


def toy_game(players: list[Any], seed: int = 3, tricks: int = 2) -> Game:
    """A running toy game of these three players with the starter decks, dealt by `seed`."""
    game = Game.objects.create(ruleset="toy", status=Status.HOSTED, seats_count=3,
                               format="tiny", options={"tricks": tricks})
    for number, user in enumerate(players):
        Seat.objects.create(game=game, number=number, user=user)
    found = services.find_game(game.pk)
    assert found is not None
    services.deal(found, TOY.starter_decks(), seed)
    return found


def acting(game: Game) -> list[int]:
    return list(Seat.objects.filter(game=game, to_act=True).order_by("number")
                .values_list("number", flat=True))


def bid(user: Any, game: Game, slot: int = 0) -> None:
    game.refresh_from_db()
    services.act(user, game.pk, game.version, {"type": "bid", "slot": slot})


class ToyTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.carol = User.objects.create_user("carol", "pw")
        self.players = [self.alice, self.bob, self.carol]

    def test_pl_proto_3_each_seat_bids_once_in_any_order_and_the_last_resolves(self) -> None:
        game = toy_game(self.players)
        self.assertEqual(acting(game), [0, 1, 2])
        for user in self.players:
            self.assertTrue(services.your_turn_anywhere(user, game.created))
        bid(self.carol, game)
        self.assertEqual(acting(game), [0, 1])
        self.assertFalse(services.your_turn_anywhere(self.carol, game.created))
        game.refresh_from_db()
        before = (game.version, game.state)
        with self.assertRaisesRegex(GameError, "not your turn"):
            bid(self.carol, game, 1)  # a second submission from the same seat
        game.refresh_from_db()
        self.assertEqual((game.version, game.state), before)
        bid(self.alice, game)
        self.assertEqual(acting(game), [1])
        bid(self.bob, game)
        game.refresh_from_db()
        state = services.game_state(game)
        self.assertEqual(state.phase, "claim")
        self.assertEqual(acting(game), [state.taker])
        self.assertEqual([(s.index, s.seat) for s in game.steps.order_by("index")],
                         [(1, 2), (2, 0), (3, 1)])

    def test_pl_proto_3_the_order_of_arrival_does_not_matter(self) -> None:
        first, second = toy_game(self.players, seed=8), toy_game(self.players, seed=8)
        for user in (self.carol, self.alice, self.bob):
            bid(user, first)
        for user in (self.bob, self.carol, self.alice):
            bid(user, second)
        first.refresh_from_db()
        second.refresh_from_db()
        self.assertEqual(first.state, second.state)
        self.assertEqual(first.steps.last().hash_after, second.steps.last().hash_after)

    def test_the_generic_board_shows_the_view_and_one_button_per_legal_action(self) -> None:
        game = toy_game(self.players)
        self.log_in(self.bob)
        page = self.client.get(f"/games/{game.pk}/").content.decode()
        self.assertIn("generic-board", page)
        hand = TOY.view(services.game_state(game), 1)["hand"]
        for slot in range(len(hand)):
            self.assertIn(f'value="{{&quot;slot&quot;:{slot},&quot;type&quot;:&quot;bid&quot;}}"',
                          page)
        self.assertIn('name="version" value="1"', page)
        others = [services.game_state(game).hands[s] for s in (0, 2)]
        self.assertNotIn(json.dumps(others[0]), page)  # another seat's hand stays hidden
        response = self.post(f"/games/{game.pk}/act/", {
            "version": 1, "action": json.dumps({"type": "bid", "slot": 0})},
            HTTP_HX_REQUEST="true")
        html = response.content.decode()
        self.assertIn('data-version="2"', html)
        self.assertEqual(seat(game, 1).to_act, False)
        self.assertIn("Waiting for alice, carol", html)
        again = self.post(f"/games/{game.pk}/act/", {
            "version": 2, "action": json.dumps({"type": "bid", "slot": 0})},
            HTTP_HX_REQUEST="true").content.decode()
        self.assertIn("It is not your turn.", again)
        bad = self.post(f"/games/{game.pk}/act/", {"version": 2, "action": "{nope"},
                        HTTP_HX_REQUEST="true").content.decode()
        self.assertIn("not valid JSON", bad)

    def test_a_toy_game_plays_to_its_end_and_announces_it_for_every_seat(self) -> None:
        calls: list[dict[str, Any]] = []
        game_finished.connect(lambda **kw: calls.append(kw), weak=False, dispatch_uid="toy")
        self.addCleanup(game_finished.disconnect, dispatch_uid="toy")
        game = toy_game(self.players, tricks=2)
        for _ in range(TOY.max_steps):
            game.refresh_from_db()
            if game.status == Status.FINISHED:
                break
            number = acting(game)[-1]
            state = services.game_state(game)
            services.act(self.players[number], game.pk, game.version,
                         TOY.legal_actions(state, number)[-1])
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)
        self.assertEqual(game.end_type, "points")
        [call] = calls
        self.assertEqual((call["ruleset"], call["players"]), ("toy", tuple(self.players)))
        self.assertEqual(call["outcome"].to_json(), game.outcome)
        last = game.steps.order_by("index").last()
        self.assertEqual(call["last"], (last.seat, last.action))
        self.assertEqual(acting(game), [])

    def test_surrender_in_a_three_seat_game_lets_the_other_two_win(self) -> None:
        game = toy_game(self.players)
        services.surrender(self.bob, game.pk)
        game.refresh_from_db()
        self.assertEqual((game.end_type, game.outcome["winners"]), ("surrender", [0, 2]))
        self.assertEqual(game.steps.get().kind, "surrender")
