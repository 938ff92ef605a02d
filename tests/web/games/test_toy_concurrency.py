"""PL-PROTO-3 under concurrency: in the three-seat toy, one seat's bid submitted many times at
once against one version is applied once; the three seats bidding at the same moment all get
their bid in (a submission that lost the race is refused as stale and changes nothing, and
the player's resubmission against the new version is taken); and every order of arrival
ends in the same state."""

from __future__ import annotations

import itertools
import threading
from typing import Any

from django.db import connection

from marcomage.platform.replay import canonical_json
from marcomage.web.accounts.models import User
from marcomage.web.games import services
from marcomage.web.games.models import Game
from marcomage.web.games.services import StaleVersion

from ..base import BaseTestCase, BaseTransactionTestCase
from .test_toy import toy_decks, toy_game

BIDS = ({"type": "bid", "slot": 2}, {"type": "bid", "slot": 0}, {"type": "bid", "slot": 1})


def run_together(jobs: list[Any]) -> list[str]:
    """Run the jobs on threads released at once; each returns a word for its outcome."""
    barrier = threading.Barrier(len(jobs))
    results: list[str] = []
    lock = threading.Lock()

    def run(job: Any) -> None:
        try:
            barrier.wait()
            outcome = job()
        finally:
            connection.close()
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return sorted(results)


class ConcurrentBids(BaseTransactionTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.carol = User.objects.create_user("carol", "pw")
        self.players = [self.alice, self.bob, self.carol]

    def test_pl_proto_3_one_seats_bid_sent_four_times_at_once_is_applied_once(self) -> None:
        game = toy_game(self.players, seed=4)
        version = game.version

        def submit() -> str:
            try:
                services.act(self.bob, game.pk, version, BIDS[1])
            except StaleVersion:
                return "stale"
            return "applied"

        self.assertEqual(run_together([submit] * 4), ["applied"] + ["stale"] * 3)
        game = Game.objects.get(pk=game.pk)
        self.assertEqual(game.version, version + 1)
        self.assertEqual([(s.seat, s.action) for s in game.steps.all()], [(1, BIDS[1])])

    def test_pl_proto_3_three_seats_bidding_at_once_all_get_their_bid_in(self) -> None:
        game = toy_game(self.players, seed=4)
        start = game.version

        def bidder(seat: int) -> Any:
            def submit() -> str:
                while True:  # what a page does when told the game changed: reload, resend
                    version = Game.objects.get(pk=game.pk).version
                    try:
                        services.act(self.players[seat], game.pk, version, BIDS[seat])
                    except StaleVersion:
                        continue
                    return f"seat {seat} in"
            return submit

        self.assertEqual(run_together([bidder(s) for s in range(3)]),
                         ["seat 0 in", "seat 1 in", "seat 2 in"])
        game = Game.objects.get(pk=game.pk)
        self.assertEqual(game.version, start + 3)
        state = services.game_state(game)
        self.assertEqual(state.phase, "claim")
        self.assertEqual(sorted(s.seat for s in game.steps.all()), [0, 1, 2])
        sequential = toy_game([User.objects.create_user(n, "pw") for n in ("d", "e", "f")],
                              seed=4)
        for seat in range(3):
            services.act(sequential.players()[seat], sequential.pk, start + seat, BIDS[seat])
        sequential.refresh_from_db()
        self.assertEqual(game.state, sequential.state)


    def test_two_players_taking_the_last_seat_at_once_one_gets_it(self) -> None:
        hosted = services.host(self.alice, toy_decks(self.alice), ruleset="toy")
        services.join(self.bob, hosted.pk, toy_decks(self.bob))
        rivals = [self.carol, User.objects.create_user("dave", "pw")]
        decks = {user.pk: toy_decks(user) for user in rivals}

        def taker(user: Any) -> Any:
            def take() -> str:
                try:
                    services.join(user, hosted.pk, decks[user.pk])
                except services.GameError as problem:
                    return str(problem)
                return "joined"
            return take

        self.assertEqual(run_together([taker(user) for user in rivals]),
                         ["This game is no longer open: all its seats were taken.", "joined"])
        game = Game.objects.get(pk=hosted.pk)
        self.assertEqual((game.status, game.version), ("running", 1))
        self.assertEqual(len({user.pk for user in game.players()}), 3)
        self.assertIn(game.players()[2], rivals)


class ArrivalOrder(BaseTestCase):
    def test_pl_proto_3_every_order_of_arrival_ends_in_the_same_state(self) -> None:
        """The six orders in which three sealed bids can arrive: one state, one hash."""
        finals = set()
        for number, order in enumerate(itertools.permutations(range(3))):
            players = [User.objects.create_user(f"p{number}{seat}", "pw") for seat in range(3)]
            game = toy_game(players, seed=8)
            for seat in order:
                game.refresh_from_db()
                services.act(players[seat], game.pk, game.version, BIDS[seat])
            game.refresh_from_db()
            step = game.steps.order_by("index").last()
            self.assertEqual([s.seat for s in game.steps.order_by("index")], list(order))
            finals.add((canonical_json(game.state), step.hash_after))
        self.assertEqual(len(finals), 1)
        [(state, _hash)] = finals
        self.assertIn('"phase":"claim"', state)
