"""The game row and its seats read together (games/queries.py, core/joined.py
`rows_together`; issue 36, fourteenth pass): on PostgreSQL one round trip of two prepared
statements, elsewhere two queries, the same instances either way."""

from __future__ import annotations

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from marcomage.web.core.joined import described
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
        sent = [query["sql"] for query in captured.captured_queries]
        if connection.vendor == "postgresql":
            # The connection's statements prepared once (the first time on it), then both
            # run by name in one query, the lock's first.
            runs = [sql for sql in sent if sql.startswith("EXECUTE")]
            self.assertEqual(len(runs), 1, sent)
            self.assertEqual(runs[0].count("EXECUTE "), 2, runs)
            shown = described(runs[0])
            self.assertLess(shown.index("FOR UPDATE"), shown.index('FROM "games_seat"'))
            self.assertFalse([sql for sql in sent if sql.startswith("SELECT t0.")], sent)
        else:
            reads = [sql for sql in sent if sql.lstrip().upper().startswith("SELECT")]
            self.assertEqual(len(reads), 2, reads)
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

    def test_issue36_a_statement_is_prepared_once_a_connection(self) -> None:
        """On PostgreSQL the second read on the same connection prepares nothing again (a
        PREPARE of a name the connection holds would fail the transaction); elsewhere
        nothing is prepared."""
        with transaction.atomic():  # both statements read once on this connection
            lock_game(self.game.pk)
            find_game(self.game.pk)
        with transaction.atomic(), CaptureQueriesContext(connection) as captured:
            again = lock_game(self.game.pk)
            find_game(self.game.pk)
        sent = [query["sql"] for query in captured.captured_queries]
        self.assertFalse([sql for sql in sent if "PREPARE" in sql or "pg_prepared" in sql],
                         sent)
        self.assertEqual(again.pk, self.game.pk)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM pg_prepared_statements "
                               "WHERE name LIKE 'marcomage_%%'")
                self.assertEqual(cursor.fetchone()[0], 3)  # the lock, the game, the seats

    def test_issue36_a_connection_that_forgot_what_it_prepared_reads_it_again(self) -> None:
        """On PostgreSQL, a connection whose note of its prepared statements is gone (as
        after a failed PREPARE) asks the server which it holds and prepares none twice."""
        if connection.vendor != "postgresql":
            # Nothing is prepared elsewhere: the lock reads as always.
            with transaction.atomic():
                self.assertEqual(lock_game(self.game.pk).pk, self.game.pk)
            return
        from marcomage.web.core.joined import PREPARED

        with transaction.atomic():
            lock_game(self.game.pk)
            find_game(self.game.pk)  # the game's own statement too
        setattr(connection.connection, PREPARED, None)
        with transaction.atomic(), CaptureQueriesContext(connection) as captured:
            again = lock_game(self.game.pk)
            find_game(self.game.pk)  # known again with the lock's: not prepared twice
        sent = [query["sql"] for query in captured.captured_queries]
        self.assertEqual(again.pk, self.game.pk)
        self.assertTrue([sql for sql in sent if "pg_prepared_statements" in sql], sent)
        self.assertFalse([sql for sql in sent if sql.startswith("PREPARE")], sent)
