"""Issue 36, the lean move path: the game page's script sends the board's own form as the
socket's act frame ({"type": "act", "version": v, "form": {...}}), read exactly as the
posted form is (`play.act_on_form`); the mover's new board comes back in the same hand-off
and the move's wake-up then costs that socket nothing. Refused as strictly as a POST: a
stale version, a forged or malformed form, the player not to act, and a log-in that ended
(its session row deleted or expired, as another process's log-out leaves it) play nothing."""

from __future__ import annotations

import json
import time
from datetime import timedelta
from typing import Any
from unittest.mock import patch

from asgiref.sync import async_to_sync
from django.contrib.sessions.models import Session
from django.utils import timezone

from marcomage.web.core.widgets import board_of
from marcomage.web.games import consumers
from marcomage.web.games.models import Game, Step

from .helpers import to_move
from .test_socket_moves import SocketGameCase, socket_for

DISCARD_FORM = {"version": "1", "pos": "1", "kind": "discard"}


class SocketFormMoveTests(SocketGameCase):

    def test_issue_36_the_pages_form_is_played_as_posted_and_its_board_comes_back_once(
            self) -> None:
        mover, waiter = to_move(self.game)
        keys = self.session_of(mover), self.session_of(waiter)

        pushes: list[int] = []
        real_push = consumers.pushed_for

        async def counted(session_key: Any, game_id: int, user_id: int, *rest: Any) -> Any:
            pushes.append(user_id)
            return await real_push(session_key, game_id, user_id, *rest)

        async def scenario() -> tuple[str, str, bool]:
            sockets = [socket_for(key, self.game.pk) for key in keys]
            for socket in sockets:
                assert (await socket.connect(timeout=15))[0]
                await socket.receive_from(timeout=15)
            await sockets[0].send_to(text_data=json.dumps(
                {"type": "act", "version": 1, "form": DISCARD_FORM}))
            mine = await sockets[0].receive_from(timeout=15)
            theirs = await sockets[1].receive_from(timeout=15)
            # The move's own wake-up reaches the mover's socket too, which shows that
            # version already: nothing more is sent to it.
            quiet = await sockets[0].receive_nothing(timeout=0.5)
            for socket in sockets:
                await socket.disconnect()
            return mine, theirs, quiet

        with patch.object(consumers, "pushed_for", counted):
            mine, theirs, quiet = async_to_sync(scenario)()
        game = Game.objects.get(pk=self.game.pk)
        self.assertEqual(game.version, 2)
        step = Step.objects.get(game=game)
        self.assertEqual(step.action, board_of("marcomage").action_from_form(DISCARD_FORM))
        self.assertIn('data-to="2"', mine)  # the mover's board, patched to the new version
        self.assertIn('data-to="2"', theirs)
        self.assertTrue(quiet)
        # Neither socket read the game after the wake-up (no hand-off, log-in check or
        # query): the mover's board came with the move, and the opponent's patch came in
        # his seat's wake-up, made by the mover's thread (issue 36, tenth pass, pushes.py).
        self.assertEqual(pushes, [])

    def refused(self, user: Any, frames: list[dict[str, Any]]) -> list[Any]:
        """Send each frame on `user`'s socket; what came back for each (its error frame),
        and whether anything else followed."""
        key = self.session_of(user)

        async def scenario() -> list[Any]:
            socket = socket_for(key, self.game.pk)
            assert (await socket.connect(timeout=15))[0]
            await socket.receive_from(timeout=15)
            got: list[Any] = []
            for frame in frames:
                await socket.send_to(text_data=json.dumps(frame))
                got.append(json.loads(await socket.receive_from(timeout=15)))
                got.append(await socket.receive_nothing(timeout=0.1))
            await socket.disconnect()
            return got

        return async_to_sync(scenario)()

    def test_issue_36_a_stale_forged_or_malformed_form_is_refused_in_words_and_changes_nothing(
            self) -> None:
        mover, waiter = to_move(self.game)
        got = self.refused(mover, [
            {"type": "act", "version": 0, "form": {**DISCARD_FORM, "version": "0"}},
            {"type": "act", "version": 1, "form": {"version": "1", "pos": "99", "kind": "play"}},
            {"type": "act", "version": 1, "form": ["pos", "1"]},
            {"type": "act", "version": 1, "form": {"version": "1", "pos": {"x": 1}}},
            {"type": "act", "version": 1, "form": {f"f{n}": "1" for n in range(17)}},
        ])
        errors, quiet = got[0::2], got[1::2]
        self.assertIn("changed since your page showed it", errors[0]["error"])
        for error in errors:
            # The page posts its form then, for the board with the notice (game.js).
            self.assertTrue(error["error"])
            self.assertIs(error["form"], True)
        self.assertIn("form", errors[2]["error"])
        self.assertTrue(all(quiet))
        self.assertIn("not your turn",
                      self.refused(waiter, [{"type": "act", "version": 1,
                                             "form": DISCARD_FORM}])[0]["error"])
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)
        self.assertFalse(Step.objects.filter(game=self.game).exists())

    def test_issue_36_moves_over_the_rate_wait_their_turn_and_never_close_the_socket(
            self) -> None:
        """A page that moves quickly (a player, or a test, clicking as fast as boards come)
        is slowed to MOVE_RATE, not refused: refusals for speed closed the socket after a
        few, and the page then missed every later move (a duel against the computer
        stalled). Here a burst of stale forms beyond MOVE_BURST is each answered in turn,
        the socket stays open, and the next move is played."""
        mover, _waiter = to_move(self.game)
        key = self.session_of(mover)
        extra = 3
        stale = {"type": "act", "version": 0, "form": {**DISCARD_FORM, "version": "0"}}

        async def scenario() -> tuple[list[Any], float, str]:
            socket = socket_for(key, self.game.pk)
            assert (await socket.connect(timeout=15))[0]
            await socket.receive_from(timeout=15)
            began = time.monotonic()
            for _ in range(consumers.MOVE_BURST + extra):
                await socket.send_to(text_data=json.dumps(stale))
            answers = [json.loads(await socket.receive_from(timeout=15))
                       for _ in range(consumers.MOVE_BURST + extra)]
            took = time.monotonic() - began
            await socket.send_to(text_data=json.dumps(
                {"type": "act", "version": 1, "form": DISCARD_FORM}))
            board = await socket.receive_from(timeout=15)
            await socket.disconnect()
            return answers, took, board

        answers, took, board = async_to_sync(scenario)()
        for answer in answers:
            self.assertIs(answer["form"], True)
            self.assertIn("changed since your page showed it", answer["error"])
        self.assertGreaterEqual(took, (extra - 0.5) / consumers.MOVE_RATE)
        self.assertIn('data-to="2"', board)
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 2)

    def ended_login(self, end: Any) -> Any:
        """The mover's socket sends a form after `end(session_key)` ended its log-in behind
        its back (no session.end reaches it): what the socket does."""
        mover, _waiter = to_move(self.game)
        key = self.session_of(mover)

        async def scenario() -> Any:
            socket = socket_for(key, self.game.pk)
            assert (await socket.connect(timeout=15))[0]
            await socket.receive_from(timeout=15)
            await async_to_sync_free(end, key)
            await socket.send_to(text_data=json.dumps(
                {"type": "act", "version": 1, "form": DISCARD_FORM}))
            return await socket.receive_output(timeout=15)

        return async_to_sync(scenario)()

    def test_issue_36_a_logged_out_or_expired_session_is_refused_at_once(self) -> None:
        closed = self.ended_login(lambda key: Session.objects.filter(pk=key).delete())
        self.assertEqual((closed["type"], closed.get("code")), ("websocket.close", 4401))
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)
        closed = self.ended_login(lambda key: Session.objects.filter(pk=key).update(
            expire_date=timezone.now() - timedelta(seconds=1)))
        self.assertEqual((closed["type"], closed.get("code")), ("websocket.close", 4401))
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)
        self.assertFalse(Step.objects.filter(game=self.game).exists())


async def async_to_sync_free(function: Any, *args: Any) -> Any:
    """Run a database call from the test's event loop, in a thread."""
    from channels.db import database_sync_to_async

    return await database_sync_to_async(function)(*args)
