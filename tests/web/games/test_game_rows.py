"""The game row and its seats read together (games/queries.py, core/joined.py
`rows_together`; issue 36, fourteenth pass): on PostgreSQL one round trip of two statements,
elsewhere two queries, the same instances either way."""

from __future__ import annotations

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from marcomage.web.games.models import Seat
from marcomage.web.games.queries import find_game, lock_game
from marcomage.web.games.services import NotFound

from ..base import BaseTestCase
from .helpers import start


class GameRowsTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.game = start(self.alice, self.bob, seed=11)

    def test_issue36_the_locked_game_and_its_seats_come_in_one_round_trip_on_postgresql(
            self) -> None:
        with transaction.atomic(), CaptureQueriesContext(connection) as captured:
            locked = lock_game(self.game.pk)
            seats = locked.seat_list()
            names = [seat.user.username for seat in seats]
            profiles = [seat.user.profile.pk for seat in seats]
        reads = [query["sql"] for query in captured.captured_queries
                 if query["sql"].lstrip().upper().startswith("SELECT")]
        self.assertEqual(len(reads), 1 if connection.vendor == "postgresql" else 2, reads)
        if connection.vendor == "postgresql":
            self.assertIn("FOR UPDATE", reads[0])
        self.assertEqual((locked.pk, locked.version, locked.state),
                         (self.game.pk, self.game.version, self.game.state))
        stored = list(Seat.objects.filter(game=self.game).order_by("number"))
        self.assertEqual([(seat.pk, seat.number, seat.user_id) for seat in seats],
                         [(seat.pk, seat.number, seat.user_id) for seat in stored])
        self.assertEqual(names, [seat.user.username for seat in stored])
        self.assertEqual(profiles, [seat.user.profile.pk for seat in stored])
        self.assertTrue(all(seat.game is locked for seat in seats))

    def test_issue36_a_game_read_with_its_seats_matches_the_rows_and_a_missing_one_is_none(
            self) -> None:
        found = find_game(self.game.pk)
        assert found is not None
        self.assertEqual([seat.user_id for seat in found.seat_list()],
                         [self.alice.pk, self.bob.pk] if found.seat_list()[0].user_id
                         == self.alice.pk else [self.bob.pk, self.alice.pk])
        self.assertIsNone(find_game(self.game.pk + 1000))
        self.assertIsNone(find_game("not a number"))
        with transaction.atomic(), self.assertRaises(NotFound):
            lock_game(self.game.pk + 1000)
