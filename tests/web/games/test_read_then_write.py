"""Issue 36, eleventh pass: a player's move reads the game without a lock, runs the rules,
then writes in one short transaction whose UPDATE holds only while the game is still at the
version the move was built on (games/play.py, `_apply_read`); and the seats read with a game
are kept as rows, their QuerySet made only when asked (games/queries.py, `SeatRows`).

A move that another change overtook between its read and its write is refused as stale and
leaves the game, its steps and its seats as they were (nothing half-written)."""

from __future__ import annotations

from unittest import mock

from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from marcomage.web.games import play, queries
from marcomage.web.games.errors import StaleVersion
from marcomage.web.games.models import Game, Seat, Step

from ..base import BaseTestCase
from .helpers import start


def _snapshot(game_id: int) -> tuple[object, ...]:
    game = Game.objects.get(pk=game_id)
    return (game.version, game.state, game.round, game.status,
            Step.objects.filter(game_id=game_id).count(),
            tuple(Seat.objects.filter(game_id=game_id).order_by("number")
                  .values_list("to_act", flat=True)))


class ReadThenWriteTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.game = start(self.alice, self.bob, seed=3)

    def _mover(self) -> tuple[object, dict[str, object]]:
        game = queries.find_game(self.game.pk)
        assert game is not None
        ruleset = queries.ruleset_of(game)
        state = queries.game_state(game)
        seat = min(ruleset.to_act(state))
        return game.seat_list()[seat].user, ruleset.legal_actions(state, seat)[0]

    def test_a_move_overtaken_between_its_read_and_its_write_writes_nothing_issue_36(
            self) -> None:
        user, action = self._mover()
        version = Game.objects.get(pk=self.game.pk).version
        real = play._ruled

        def overtaken(*args: object) -> object:
            """The rules run on the version read; meanwhile another change commits (here
            the version raised behind the move's back, as a concurrent move would)."""
            after = real(*args)  # type: ignore[arg-type]
            Game.objects.filter(pk=self.game.pk).update(version=F("version") + 1)
            return after

        before = _snapshot(self.game.pk)
        with mock.patch.object(play, "_ruled", overtaken), self.assertRaises(StaleVersion):
            play.act(user, self.game.pk, version, action)
        after = _snapshot(self.game.pk)
        self.assertEqual(after[0], before[0] + 1)  # only the change that came first
        self.assertEqual(after[1:], before[1:])  # the move's state, step and turns: none

    def test_a_move_on_the_version_read_is_stored_whole_issue_36(self) -> None:
        user, action = self._mover()
        before = _snapshot(self.game.pk)
        game = play.act(user, self.game.pk, before[0], action)
        after = _snapshot(self.game.pk)
        self.assertEqual((after[0], after[4]), (before[0] + 1, before[4] + 1))
        self.assertEqual(after[1], game.state)
        self.assertNotEqual(after[5], before[5])  # the turn passed (MArcomage alternates)

    def test_an_illegal_move_opens_no_transaction_and_changes_nothing_issue_36(self) -> None:
        user, _action = self._mover()
        before = _snapshot(self.game.pk)
        with CaptureQueriesContext(connection) as captured, self.assertRaises(play.GameError):
            play.act(user, self.game.pk, before[0], {"type": "play", "pos": 99, "mode": 0})
        self.assertFalse([q["sql"] for q in captured.captured_queries
                          if not q["sql"].startswith("SELECT")])  # no write, no savepoint
        self.assertEqual(_snapshot(self.game.pk), before)

    def test_seats_kept_as_rows_and_as_the_related_queryset_alike_issue_36(self) -> None:
        game = queries.find_game(self.game.pk)
        assert game is not None
        with CaptureQueriesContext(connection) as captured:
            rows = game.seat_list()
            self.assertEqual(list(game.seats.all()), rows)  # the same objects, no query
            self.assertIs(game.seats.all()[0], rows[0])
        self.assertEqual(captured.captured_queries, [])
        self.assertEqual(list(game.seats.filter(number=1)), [rows[1]])  # a new query
        Seat.objects.filter(game=self.game, number=1).update(note="changed")
        game.refresh_from_db()  # Django drops the kept seats: read again
        self.assertEqual(game.seat_list()[1].note, "changed")
        again = queries.find_game(self.game.pk)
        assert again is not None
        Seat.objects.filter(game=self.game, number=1).update(note="twice")
        self.assertEqual(again.seat_list()[1].note, "changed")  # the rows as read
        del again._prefetched_objects_cache["seats"]  # refresh_from_db(fields=["seats"])
        self.assertEqual(again.seat_list()[1].note, "twice")
