"""Issue 36: what a move costs the database. A move's POST and both seats' socket messages
read each row once (13 queries, not 23 as before), the mover's socket sends the answer's
board without reading the game again, and the step indices the INSERT counts stay 1, 2, ...
without gaps."""

from __future__ import annotations

import json

from django.db import connection
from django.test.utils import CaptureQueriesContext

from marcomage.web.core.joined import described
from marcomage.web.games import consumers
from marcomage.web.games.models import Game, Status, Step
from marcomage.web.games.payload import board_key, in_place
from marcomage.web.games.renders import renderings

from ..base import BaseTestCase
from .helpers import patched, start, to_move

MOVE_QUERIES = 15
"""The whole move, with the test case's SAVEPOINT and RELEASE around the act (13 outside
a test's transaction: benchmarks/move_cost.py --show-queries)."""


def kept_board_of(game: Game, user: object) -> str | None:
    """The seat's board of the game's version as kept for its sockets and answers."""
    game.refresh_from_db()
    seat = game.seat_of(user)
    assert seat is not None
    return renderings.kept(board_key(game, seat.number, user.pk, 0))  # type: ignore[attr-defined]


class MoveQueriesTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        renderings.clear()
        self.game = start(self.alice, self.bob, seed=5)
        self.sent = {user.pk: consumers.socket_message(self.game.pk, user.pk, None)
                     for user in (self.alice, self.bob)}

    def move(self) -> tuple[object, object, str]:
        """The player to move discards through the act view; (mover, other, answer)."""
        mover, other = to_move(self.game)
        self.game.refresh_from_db()
        self.log_in(mover)
        token = self.csrf_token()
        answer = self.client.post(
            f"/games/{self.game.pk}/act/",
            {"action": json.dumps({"type": "discard", "pos": 1}),
             "version": str(self.game.version), "csrfmiddlewaretoken": token},
            HTTP_HX_REQUEST="true")
        self.assertEqual(answer.status_code, 200)
        self.assertNotIn('role="alert"', answer.content.decode())
        return mover, other, answer.content.decode()

    def test_a_move_and_both_sockets_read_each_row_once_issue_36(self) -> None:
        mover, other = to_move(self.game)
        self.game.refresh_from_db()
        self.log_in(mover)
        token = self.csrf_token()
        form = {"action": json.dumps({"type": "discard", "pos": 1}),
                "version": str(self.game.version), "csrfmiddlewaretoken": token}
        with CaptureQueriesContext(connection) as captured:
            answer = self.client.post(f"/games/{self.game.pk}/act/", form,
                                      HTTP_HX_REQUEST="true")
            for user in (mover, other):
                found = consumers.socket_message(self.game.pk, user.pk,
                                                 self.sent[user.pk][1])
                self.assertIsNotNone(found)
                self.assertTrue(found[0])  # a new version: each seat gets its board
        self.assertEqual(answer.status_code, 200)
        self.game.refresh_from_db()
        self.assertEqual(self.game.version, int(form["version"]) + 1)
        self.assertLessEqual(len(captured.captured_queries), MOVE_QUERIES,
                             "\n".join(q["sql"][:120] for q in captured.captured_queries))

    def test_the_movers_socket_takes_the_answers_board_in_one_query_issue_36(self) -> None:
        mover, _other, answer = self.move()
        with CaptureQueriesContext(connection) as captured:
            found = consumers.socket_message(self.game.pk, mover.pk, self.sent[mover.pk][1])
        self.assertEqual(len(captured.captured_queries), 1)  # the seat's marks only
        assert found is not None
        # The same rendering: the answer's board is the one the socket now shows (it sent
        # only a note of the version, as the page has the board from its answer).
        self.assertIn('data-answered="yes"', found[0])
        self.assertEqual(patched(self.sent[mover.pk][1].shown, found[0], answer), answer)
        self.assertIs(found[1].shown, kept_board_of(self.game, mover))
        self.assertEqual(in_place(found[1].shown), answer)

    def test_a_kept_board_never_reaches_another_player_issue_36(self) -> None:
        mover, _other, _answer = self.move()
        outsider = type(self.alice).objects.create_user("carol", "a-long-enough-password")
        self.assertIsNone(consumers.socket_message(self.game.pk, outsider.pk, None))
        sent = self.sent[mover.pk][1]
        self.assertIsNone(consumers.socket_message(self.game.pk, outsider.pk, sent))

    def test_step_indices_counted_by_the_insert_have_no_gap_issue_36(self) -> None:
        for _ in range(4):
            self.move()
            if Game.objects.get(pk=self.game.pk).status != Status.RUNNING:
                break
        indices = list(Step.objects.filter(game=self.game).order_by("index")
                       .values_list("index", flat=True))
        self.assertEqual(indices, list(range(1, len(indices) + 1)))
        self.assertGreaterEqual(len(indices), 4)

    def test_a_board_form_move_reads_the_game_once_issue_36(self) -> None:
        """MArcomage's own form (kind, pos): the system is read from the locked row, not by
        a query of its own before it (the act view's extra SELECT of the ruleset)."""
        mover, _other = to_move(self.game)
        self.game.refresh_from_db()
        self.log_in(mover)
        token = self.csrf_token()
        table = Game._meta.db_table
        with CaptureQueriesContext(connection) as captured:
            answer = self.client.post(
                f"/games/{self.game.pk}/act/",
                {"kind": "discard", "pos": "1", "version": str(self.game.version),
                 "csrfmiddlewaretoken": token}, HTTP_HX_REQUEST="true")
        self.assertEqual(answer.status_code, 200)
        self.assertNotIn('role="alert"', answer.content.decode())
        # On PostgreSQL the locked row and its seats are prepared statements run by name
        # (core/joined.py), shown here as their SQL.
        queries = [described(q["sql"]) for q in captured.captured_queries]
        reads = [sql for sql in queries if sql.startswith("SELECT") and f'FROM "{table}"' in sql]
        self.assertEqual(len(reads), 1, "\n".join(reads))  # the locked row only
        before = self.game.version
        self.game.refresh_from_db()
        self.assertEqual(self.game.version, before + 1)

    def test_a_socket_move_reads_the_account_once_issue_36(self) -> None:
        """A move over the socket: the log-in check reads the account (with the session);
        the act does not read the account's row again, nor does the mover's new board that
        the same hand-off returns (the game as the move stored it)."""
        mover, _other = to_move(self.game)
        self.game.refresh_from_db()
        client = self.log_in(mover)
        key = client.session.session_key
        table = type(mover)._meta.db_table
        with CaptureQueriesContext(connection) as captured:
            moved = consumers.checked_act(key, self.game.pk, mover.pk, {
                "version": self.game.version, "action": {"type": "discard", "pos": 1}})
        assert isinstance(moved, tuple), moved  # stored: the mover's message, not a refusal
        self.assertIn(f'data-version="{self.game.version + 1}"', moved[0])
        self.assertFalse([q["sql"] for q in captured.captured_queries
                          if f'FROM "{table}"' in q["sql"]])
        before = self.game.version
        self.game.refresh_from_db()
        self.assertEqual(self.game.version, before + 1)
