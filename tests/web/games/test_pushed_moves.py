"""Issue 36, tenth pass: a move's pushes made by the mover's thread (games/pushes.py).

Right after a move commits, the mover's thread draws each other seat's board of the new
version and puts that seat's patch into the seat's own wake-up; the seat's socket sends it
without a thread or a query when it shows the patch's base, and reads the game as before
otherwise. Each seat's group hears only its own seat's patch (C-FLAG-6). The pushes are not
preceded by a log-in check: a log-out closes the session's sockets at once instead, and a
move over such a socket is refused.

Twelfth pass, across processes: a mover's process that does not keep the other seat's board
of the version before (that seat's sockets are in another process) sends that seat's own new
board instead; the seat's socket patches the board it shows to it, in the event loop, and
its process keeps it. Here one process plays both: the kept boards are forgotten before the
wake-up is published, as if the mover's process had never drawn them; with
MARCOMAGE_TEST_SERVICES=1 the wake-up goes through Redis (msgpack) as between processes."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable
from typing import Any
from unittest.mock import patch

import msgpack
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import SimpleTestCase

from marcomage.games import find_ruleset
from marcomage.games.marcomage import view
from marcomage.games.marcomage.ruleset import action_to_json
from marcomage.web.decks.services import give_starter_decks, ready_decks
from marcomage.web.games import consumers, pushes, services
from marcomage.web.games.models import Game, Status, Step
from marcomage.web.games.parts import Parted, unwire, wire
from marcomage.web.games.parts import patch as parts_patch
from marcomage.web.games.payload import kept_board, seat_board
from marcomage.web.games.realtime import group_name, seat_group
from marcomage.web.games.renders import Renderings, renderings, seat_line

from ..base import BaseTransactionTestCase
from .helpers import seeded, start, to_move
from .test_board_patches import apply, board_of
from .test_leaks import pick, visible_ids
from .test_socket_moves import SocketGameCase, socket_for

DISCARD = {"type": "discard", "pos": 1}
CARD = re.compile(r'data-card="(\d+)"')


def recording(*, elsewhere: bool = False) -> tuple[list[tuple[str, dict[str, Any]]], Any]:
    """A list that gets every message a move's push publishes, and the patch that fills it
    (the messages are still published). `elsewhere`: the process's kept boards are
    forgotten before they are published, so the seats' sockets find none of the boards the
    mover's thread drew (as in a process other than the mover's)."""
    got: list[tuple[str, dict[str, Any]]] = []
    real = pushes.publish

    def record(messages: Any) -> None:
        got.extend(messages)
        if elsewhere:
            renderings.clear()
        real(messages)

    return got, patch.object(pushes, "publish", record)


def several_processes() -> Any:
    """As when the channel layer reaches other processes (Redis, `pushes.across`), whatever
    layer the test run has."""
    return patch.object(pushes, "across", lambda: True)


class PushedMoveTests(SocketGameCase):

    def counted_pushes(self) -> tuple[list[int], Any]:
        """The players whose socket read the game after a wake-up (`pushed_for` calls)."""
        calls: list[int] = []
        real = consumers.pushed_for

        async def counted(session_key: Any, game_id: int, user_id: int, *rest: Any) -> Any:
            calls.append(user_id)
            return await real(session_key, game_id, user_id, *rest)

        return calls, patch.object(consumers, "pushed_for", counted)

    def test_issue_36_the_opponents_patch_comes_in_his_seats_own_wake_up_and_is_sent_as_is(
            self) -> None:
        mover, waiter = to_move(self.game)
        keys = self.session_of(mover), self.session_of(waiter)
        calls, counting = self.counted_pushes()
        published, recorder = recording()

        async def scenario() -> tuple[str, str, bool]:
            sockets = [socket_for(key, self.game.pk) for key in keys]
            for socket in sockets:
                assert (await socket.connect(timeout=15))[0]
                await socket.receive_from(timeout=15)
            await sockets[0].send_to(text_data=json.dumps(
                {"type": "act", "version": 1, "action": DISCARD}))
            mine = await sockets[0].receive_from(timeout=15)
            theirs = await sockets[1].receive_from(timeout=15)
            quiet = (await sockets[0].receive_nothing(timeout=0.3)
                     and await sockets[1].receive_nothing(timeout=0.3))
            for socket in sockets:
                await socket.disconnect()
            return mine, theirs, quiet

        with counting, recorder:
            mine, theirs, quiet = async_to_sync(scenario)()
        self.assertIn('data-from="1" data-to="2"', mine)
        self.assertIn('data-from="1" data-to="2"', theirs)
        self.assertTrue(quiet)
        self.assertEqual(calls, [])  # neither socket took a thread or read the game
        by_group = dict(published)
        self.assertNotIn(group_name(self.game.pk), by_group)  # no wake-up for the whole game
        pushed = by_group[seat_group(self.game.pk, waiter.pk)]
        self.assertEqual((pushed["version"], pushed["from"], pushed["patch"]), (2, 1, theirs))
        # The mover's own seat hears only the version: its board came with its move.
        self.assertNotIn("patch", by_group[seat_group(self.game.pk, mover.pk)])

    def socket_after_a_lost_wake_up(self, mover: Any, waiter: Any,
                                    wake: Callable[[], dict[str, Any]]) -> tuple[str, list[int]]:
        """What the waiter's socket sends when the mover's move woke nobody (its wake-up
        lost) and then the event `wake()` makes (read in a thread) reaches the waiter's own
        group; and the sockets that read the game meanwhile (`counted_pushes`)."""
        key = self.session_of(waiter)
        calls, counting = self.counted_pushes()

        async def scenario() -> str:
            socket = socket_for(key, self.game.pk)
            assert (await socket.connect(timeout=15))[0]
            await socket.receive_from(timeout=15)
            with patch.object(pushes, "publish", lambda messages: None):  # wake-up lost
                await database_sync_to_async(services.act)(mover, self.game.pk, 1, DISCARD)
            event = await database_sync_to_async(wake)()
            await get_channel_layer().group_send(seat_group(self.game.pk, waiter.pk), event)
            got = await socket.receive_from(timeout=15)
            await socket.disconnect()
            return got

        with counting:
            got = async_to_sync(scenario)()
        return got, calls

    def test_issue_36_a_socket_that_does_not_show_the_patchs_base_reads_the_game(
            self) -> None:
        """A wake-up whose patch starts from another board (a missed version, another
        drawing) is not sent: the socket reads the game and sends its own patch."""
        mover, waiter = to_move(self.game)
        got, calls = self.socket_after_a_lost_wake_up(mover, waiter, lambda: {
            "type": "game.wake", "version": 2, "move": True, "from": 1, "base": 0,
            "patch": "NOT THIS BOARD"})
        self.assertNotIn("NOT THIS BOARD", got)
        self.assertIn('data-from="1" data-to="2"', got)
        self.assertEqual(calls, [waiter.pk])

    def test_issue_36_across_processes_the_seats_new_board_comes_and_his_socket_patches_it(
            self) -> None:
        """The mover's process keeps no board of the waiting seat (its socket is in another
        process): the seat's own wake-up carries the seat's new board, and nothing else
        does. The socket, showing the version before, patches its board to it with no
        thread and no query, ends up showing exactly the board a fresh drawing gives, and
        its process keeps that board as the seat's board of the new version."""
        mover, waiter = to_move(self.game)
        key = self.session_of(waiter)
        calls, counting = self.counted_pushes()
        published, recorder = recording(elsewhere=True)

        async def scenario() -> tuple[str, str, bool]:
            socket = socket_for(key, self.game.pk)
            assert (await socket.connect(timeout=15))[0]
            first = await socket.receive_from(timeout=15)
            renderings.clear()  # the mover's process never drew the waiter's board
            await database_sync_to_async(services.act)(mover, self.game.pk, 1, DISCARD)
            got = await socket.receive_from(timeout=15)
            quiet = await socket.receive_nothing(timeout=0.3)
            await socket.disconnect()
            return first, got, quiet

        with counting, recorder, several_processes():
            first, got, quiet = async_to_sync(scenario)()
        self.assertTrue(quiet)
        self.assertEqual(calls, [])  # no thread, no query: patched in the event loop
        game = services.find_game(self.game.pk)
        number = game.seat_of(waiter).number
        kept = kept_board(game.pk, game.created, number, waiter.pk, 2, False, 0)
        fresh = seat_board(game, waiter, mark=0, fresh=True)
        self.assertEqual(kept, fresh)  # kept by the socket's process, as drawn here
        self.assertIsInstance(kept, Parted)
        self.assertIn('data-from="1" data-to="2" data-parts="', got)
        self.assertEqual(apply(first, got).dump(), board_of(fresh).dump())
        self.assertNotEqual(board_of(fresh).dump(),
                            board_of(seat_board(game, mover, mark=0)).dump())
        by_group = dict(published)
        self.assertNotIn(group_name(self.game.pk), by_group)
        pushed = by_group[seat_group(self.game.pk, waiter.pk)]
        self.assertEqual((pushed["version"], pushed["from"]), (2, 1))
        self.assertNotIn("patch", pushed)
        self.assertEqual(unwire(pushed["board"]), fresh)  # the waiter's own board
        mine = by_group[seat_group(self.game.pk, mover.pk)]
        self.assertFalse({"board", "patch"} & set(mine))

    def test_issue_36_in_one_process_a_seat_whose_board_is_not_kept_gets_the_plain_wake_up(
            self) -> None:
        """With the in-memory layer a seat's sockets show boards drawn in this process: a
        board not kept means none is open (a player away) or it expired, so the push draws
        nothing for that seat and sends the plain wake-up, as before the twelfth pass."""
        mover, waiter = to_move(self.game)
        published, recorder = recording()
        renderings.clear()
        with recorder, patch.object(pushes, "across", lambda: False):
            services.act(mover, self.game.pk, 1, DISCARD)
        game = services.find_game(self.game.pk)
        self.assertIsNone(kept_board(game.pk, game.created, game.seat_of(waiter).number,
                                     waiter.pk, 2, False, 0))  # not drawn
        by_group = dict(published)
        pushed = by_group[seat_group(self.game.pk, waiter.pk)]
        self.assertEqual(pushed["version"], 2)
        self.assertFalse({"board", "patch"} & set(pushed))
        redis = settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("SteadyChannelLayer")
        self.assertEqual(pushes.across(), redis)  # this run's own layer

    def test_issue_36_a_board_sent_whole_to_another_process_goes_whole_again_after_it(
            self) -> None:
        """A board the mover's process drew only to send it away stays kept there; the next
        push from that process (the mover moving twice running) sends the seat's board whole
        again rather than a patch from it, whose new board the seat's process would not
        keep. Without that note the same push is a patch."""
        pushes.carried.clear()
        mover, waiter = to_move(self.game)
        with several_processes():
            services.act(mover, self.game.pk, 1, DISCARD)
            game = services.find_game(self.game.pk)
            number = game.seat_of(waiter).number
            self.assertIsNotNone(kept_board(game.pk, game.created, number, waiter.pk, 2,
                                            False, 0))
            second, _other = to_move(game)
            services.act(second, game.pk, 2, DISCARD)
            game = services.find_game(self.game.pk)
            again = pushes.seat_push(game, game.seat_of(waiter), 2)
            pushes.carried.clear()
            patched = pushes.seat_push(game, game.seat_of(waiter), 2)
        assert again is not None and patched is not None
        self.assertEqual(unwire(again["board"]), seat_board(game, waiter, mark=0))
        self.assertNotIn("patch", again)
        self.assertIn('data-from="2" data-to="3"', patched["patch"])

    def test_issue_36_a_socket_that_missed_a_version_does_not_take_a_pushed_board(
            self) -> None:
        """A wake-up that brings a board from a version the socket does not show (a missed
        wake-up) is not used: the socket reads the game and patches its own board."""
        mover, waiter = to_move(self.game)
        got, calls = self.socket_after_a_lost_wake_up(mover, waiter, lambda: {
            "type": "game.wake", "version": 3, "move": True, "from": 2,
            "board": wire(seat_board(services.find_game(self.game.pk), mover, mark=0))})
        self.assertIn('data-from="1" data-to="2"', got)
        self.assertEqual(calls, [waiter.pk])
        game = services.find_game(self.game.pk)
        self.assertIsNone(kept_board(game.pk, game.created, game.seat_of(waiter).number,
                                     waiter.pk, 3, False, 0))

    def test_issue_36_log_out_closes_the_sessions_game_socket_and_a_move_over_it_is_refused(
            self) -> None:
        """The pushes read no session, so a log-out must close the session's sockets: the
        log-out's own message does (core/sockets.py), promptly; the opponent's next move
        then reaches nothing, and a move sent over the closed socket plays nothing."""
        mover, _waiter = to_move(self.game)
        client = self.client_class()
        client.force_login(mover)
        key = str(client.session.session_key)

        async def scenario() -> tuple[dict[str, Any], Any]:
            socket = socket_for(key, self.game.pk)
            assert (await socket.connect(timeout=15))[0]
            await socket.receive_from(timeout=15)
            response = await database_sync_to_async(client.post)("/accounts/logout/")
            assert response.status_code == 302
            closed = dict(await socket.receive_output(timeout=5))
            await socket.send_input({"type": "websocket.receive", "text": json.dumps(
                {"type": "act", "version": 1, "action": DISCARD})})
            after = await socket.receive_nothing(timeout=0.5)
            return closed, after

        closed, after = async_to_sync(scenario)()
        self.assertEqual((closed["type"], closed.get("code")), ("websocket.close", 4401))
        self.assertTrue(after)
        self.assertEqual(Game.objects.get(pk=self.game.pk).version, 1)
        self.assertFalse(Step.objects.filter(game=self.game).exists())


class PushedLeakTests(BaseTransactionTestCase):

    def setUp(self) -> None:
        super().setUp()
        renderings.clear()

    def test_c_flag_6_a_pushed_patch_goes_to_its_seat_only_and_names_no_hidden_card(
            self) -> None:
        """A hidden-cards game of random moves, with both seats' boards drawn after every
        move (as their sockets do): every pushed patch goes to its own seat's group only,
        and names none of the opponent's cards that seat may not see."""
        self.assertGreater(self.play_hidden("patch"), 20)

    def test_c_flag_6_a_pushed_board_is_its_own_seats_view_and_goes_to_that_seat_only(
            self) -> None:
        """The same game with no board kept in the mover's process (the seats' sockets in
        another process, twelfth pass): every wake-up carries its seat's new board, which is
        exactly that seat's own board as drawn for him, goes to his group only, and names
        none of the opponent's cards he may not see."""
        self.assertGreater(self.play_hidden("board"), 20)

    def play_hidden(self, kind: str) -> int:
        """Play the hidden-cards game; check each pushed `kind` ("patch" or "board") and
        return how many there were."""
        with seeded(11):
            challenge = services.challenge(self.alice, self.bob, ready_decks(self.alice)[0].pk,
                                           options={"hidden": True})
            game = services.accept(self.bob, challenge.pk, ready_decks(self.bob)[1].pk)
        rng = random.Random(11)
        published, recorder = recording()
        patches = 0
        with recorder, several_processes():
            for _ in range(60):
                game = services.find_game(game.pk)
                if game.status != Status.RUNNING:
                    break
                renderings.clear()
                if kind == "patch":
                    for user in (self.alice, self.bob):
                        seat_board(game, user, mark=0)  # what each seat's socket shows
                mover, _waiter = to_move(game)
                state = services.game_state(game)
                del published[:]
                services.act(mover, game.pk, game.version, action_to_json(pick(rng, state)))
                game = services.find_game(game.pk)
                state = services.game_state(game)
                for group, message in published:
                    other = "board" if kind == "patch" else "patch"
                    self.assertNotIn(other, message)
                    if kind not in message:
                        continue
                    patches += 1
                    seat = next(s for s in game.seat_list()
                                if group == seat_group(game.pk, s.user_id))
                    self.assertNotEqual(seat.user_id, mover.pk)
                    text = message["patch"] if kind == "patch" else unwire(message["board"])
                    if kind == "board":
                        self.assertEqual(text, seat_board(game, seat.user, mark=0, fresh=True))
                    theirs, mine = state.players[1 - seat.number], state.players[seat.number]
                    secret = (set(theirs.hand) | {c for part in theirs.deck for c in part}) \
                        - visible_ids(view(state, seat.number)) - set(mine.hand) \
                        - {c for part in mine.deck for c in part}
                    shown = {int(c) for c in CARD.findall(str(text))}
                    self.assertFalse(shown & secret, f"{shown & secret} leaked to {seat}")
        return patches


class KeptBoardTests(SimpleTestCase):

    def test_issue_36_a_board_from_another_process_is_kept_in_its_seats_line(self) -> None:
        """`Renderings.keep` (a board a wake-up brought from another process) keeps it as
        the newest of the seat's line, so the line still holds two boards at most, and
        leaves a fresh board this process drew itself as it is."""
        kept = Renderings(line=seat_line)
        keys = [("board", 1, 0, 0, 5, version, 0) for version in (1, 2, 3)]
        kept.get(keys[0], lambda: "one")
        kept.get(keys[1], lambda: "two")
        self.assertEqual(kept.keep(keys[2], "three"), "three")
        self.assertEqual(kept.kept(keys[2]), "three")
        self.assertIsNone(kept.kept(keys[0]))  # the seat's oldest board went
        self.assertEqual(kept.keep(keys[1], "other"), "two")


class WiredBoardTests(BaseTransactionTestCase):

    def test_issue_36_a_board_through_the_channel_layer_patches_as_the_board_drawn(
            self) -> None:
        """A seat's board sent to another process (msgpack, as channels_redis sends it:
        tuples come back as lists) is whole again there: the patch from the board a socket
        shows to it is the very patch to the board as drawn (keys and gaps compare equal),
        made without a parse; what is not a board of `wire` is refused."""
        renderings.clear()
        game = start(self.alice, self.bob, seed=3)
        boards = []
        for _ in range(4):
            game = services.find_game(game.pk)
            boards.append(seat_board(game, self.bob, mark=0))
            mover, _waiter = to_move(game)
            services.act(mover, game.pk, game.version, DISCARD)
        for old, new in itertools.pairwise(boards):
            sent = msgpack.unpackb(msgpack.packb(wire(new), use_bin_type=True), raw=False)
            got = unwire(sent)
            self.assertIsInstance(got, Parted)
            self.assertEqual(got, new)
            made = parts_patch(old, got, 1, 2)
            self.assertIsNotNone(made)
            self.assertEqual(made, parts_patch(old, new, 1, 2))
        # Keys holding what msgpack cannot carry stay behind: the patch there compares the
        # parts' texts instead, still without a parse, and gives the same board.
        odd = Parted(boards[-1])
        odd.spans, odd.root, odd.names = boards[-1].spans, boards[-1].root, boards[-1].names
        odd.keys = ({1, 2}, *boards[-1].keys[1:])  # type: ignore[misc]
        odd.kids, odd.gaps = boards[-1].kids, boards[-1].gaps
        sent = msgpack.unpackb(msgpack.packb(wire(odd), use_bin_type=True), raw=False)
        got = unwire(sent)
        self.assertIsInstance(got, Parted)
        assert isinstance(got, Parted)
        self.assertIsNone(got.keys)
        made = parts_patch(boards[-2], got, 3, 4)
        assert made is not None
        self.assertEqual(apply(boards[-2], made).dump(), board_of(boards[-1]).dump())
        self.assertEqual(unwire({"text": "<div>plain</div>"}), "<div>plain</div>")
        broken = {**wire(boards[0]), "names": ["one"]}
        for doc in (None, "text", {"board": 1}, broken, {**wire(boards[0]), "spans": 5}):
            self.assertIsNone(unwire(doc))

    def test_issue_36_every_systems_board_from_another_process_patches_the_board_shown(
            self) -> None:
        """Each of the five systems, a few moves with no board kept in the mover's process:
        the other seat's wake-up, through msgpack, is patched by that seat's socket state
        (`pushed_message`, no thread) into exactly the board a fresh drawing gives."""
        for system in ("marcomage", "arcana", "far_wilds", "mage_wars", "elder_tale"):
            with self.subTest(system=system):
                users = [get_user_model().objects.create_user(f"w{system}{n}", "pw")
                         for n in range(2)]
                for player in users:
                    give_starter_decks(player, system)
                with seeded(5):
                    game = services.challenge(users[0], users[1],
                                              ready_decks(users[0], system)[0].pk,
                                              ruleset=system)
                    game = services.accept(users[1], game.pk,
                                           ready_decks(users[1], system)[0].pk)
                ruleset = find_ruleset(system)
                sent = {}
                for user in users:
                    found = consumers.socket_message(game.pk, user.pk, None)
                    assert found is not None
                    sent[user.pk] = found[1]
                published, recorder = recording(elsewhere=True)
                made = 0
                for _ in range(3):
                    game = services.find_game(game.pk)
                    if game.status != Status.RUNNING:
                        break
                    state = services.game_state(game)
                    seat = min(ruleset.to_act(state))
                    mover = game.seat_list()[seat].user
                    del published[:]
                    renderings.clear()  # the mover's process keeps no board
                    with recorder, several_processes():
                        services.act(mover, game.pk, game.version,
                                     ruleset.legal_actions(state, seat)[0])
                    game = services.find_game(game.pk)
                    for user in users:
                        wake = dict(published).get(seat_group(game.pk, user.pk))
                        found = None
                        if user.pk != mover.pk and wake is not None:
                            self.assertIn("board", wake)
                            wake = msgpack.unpackb(msgpack.packb(wake, use_bin_type=True),
                                                   raw=False)
                            found = consumers.pushed_message(sent[user.pk], wake, game.pk,
                                                             user.pk, wake["version"])
                        if found is None:  # the mover, or a patch that needs a parse
                            found = consumers.socket_message(game.pk, user.pk, sent[user.pk])
                            assert found is not None
                        else:
                            made += 1
                            fresh = seat_board(game, user, mark=0, fresh=True)
                            self.assertEqual(apply(sent[user.pk].shown, found[0]).dump(),
                                             board_of(fresh).dump())
                        sent[user.pk] = found[1]
                self.assertGreater(made, 0)
