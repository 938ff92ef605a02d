"""PL-VIEW-1..3 for a game with hidden hands and sealed simultaneous bids (the three-seat
toy): everything sent to a seat (the game page, the Refresh fragment, the fragment after its
own action, every WebSocket message) is the same whatever the other seats hold or have bid.

The toy's cards are the values 1 to 9, which appear in any page by chance, so the test does
not look for them. It renders each payload again with every hidden part of the real state
(the other hands, their sealed bids, every deck's order, the generator) drawn anew by the
ruleset's `resample_hidden`, and requires the same bytes; it also reads the view fields the
board shows and requires exactly the seat's own `view()`, and the buttons exactly its
`legal_actions()` (none while it does not decide).
"""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any
from unittest import mock

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.test import Client

from marcomage.games import find_ruleset
from marcomage.platform.rng import Rng
from marcomage.web.accounts.models import User
from marcomage.web.games import services
from marcomage.web.games.models import Game, Status
from marcomage.web.games.payload import render_board
from marcomage.web.rulesets.generic import board as generic_board

from ..base import BaseTransactionTestCase
from .helpers import patched
from .test_realtime import socket_for
from .test_toy import toy_game

TOY = find_ruleset("toy")
CSRF = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')
FIELD = re.compile(r'<dd class="view-([^"]*)">(.*?)</dd>', re.S)
ROW = re.compile(r'<li><span class="player-name">([^<]*)</span>: ([^<]*)</li>')
BUTTON = re.compile(r'name="action" value="([^"]*)"')
DIV = re.compile(r"<(/?)div\b[^>]*>")
STEP = re.compile(r"<li>(\d+)\. ([^<]*)</li>")


def board_part(payload: str) -> str:
    """The board of a payload (its outermost div, matched), without CSRF tokens, which
    differ per request."""
    start = payload.index('<div id="game-board"')
    depth = 0
    for tag in DIV.finditer(payload, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return CSRF.sub("", payload[start:tag.end()])
    raise AssertionError("the board is not closed")


def shown_fields(payload: str) -> dict[str, Any]:
    """The view fields the generic board shows, by view key: the text, or one (name, text)
    line per player."""
    found: dict[str, Any] = {}
    for key, content in FIELD.findall(board_part(payload)):
        rows = ROW.findall(content)
        found[key] = ([(html.unescape(n), html.unescape(t)) for n, t in rows] if rows
                      else html.unescape(content))
    return found


def in_words(view: dict[str, Any], seat: int, players: list[Any]) -> dict[str, Any]:
    """What the board should show of a view: its fields put in words by the generic board."""
    fields = generic_board.context(view, seat, [], players)["fields"]
    return {f["key"]: f["rows"] or f["text"] for f in fields}


class ToyLeakTests(BaseTransactionTestCase):
    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()
        self.carol = User.objects.create_user("carol", "pw")
        self.players = [self.alice, self.bob, self.carol]
        self.clients = []
        for user in self.players:
            client = Client()
            client.force_login(user)
            self.clients.append(client)
        self.resample = Rng.from_seed(77)
        self.checked = self.acted_lines = 0

    def check(self, payload: str, game: Game, seat: int) -> None:
        """The payload holds the seat's view and legal actions, nothing else: rendered from
        states whose hidden parts differ, it stays the same (PL-VIEW-1..3)."""
        game = services.find_game(game.pk)
        assert game is not None
        user = self.players[seat]
        state = services.game_state(game)
        oob = 'hx-swap-oob="true"' in payload.split(">", 1)[0]
        real = board_part(render_board(game, user, oob=oob))
        self.assertIn(real, CSRF.sub("", payload))
        for _ in range(2):
            other = TOY.resample_hidden(state, seat, self.resample)
            game.state = TOY.to_json(other)
            self.assertEqual(board_part(render_board(game, user, oob=oob)), real,
                             f"seat {seat} sees a hidden part of the state")
        self.assertEqual(shown_fields(payload),
                         in_words(TOY.view(state, seat), seat, self.players))
        legal = TOY.legal_actions(state, seat) if game.status == Status.RUNNING else []
        self.assertEqual([json.loads(html.unescape(b)) for b in BUTTON.findall(payload)],
                         legal)
        names = {0: "alice", 1: "bob", 2: "carol"}
        for step in game.steps.all():
            line = dict(STEP.findall(payload)).get(str(step.index))
            if line is not None and step.seat != seat and step.kind == "action":
                self.assertEqual(line, f"{names[step.seat]} acted")
                self.acted_lines += 1
        self.checked += 1

    def test_the_check_catches_a_hand_or_a_sealed_bid_shown_to_another_seat(self) -> None:
        game = toy_game(self.players, seed=12)
        services.act(self.bob, game.pk, game.version, {"type": "bid", "slot": 0})
        page = self.clients[0].get(f"/games/{game.pk}/").content.decode()
        self.check(page, game, 0)
        everything = TOY.view
        with mock.patch.object(TOY, "view", lambda state, seat: everything(state, None)):
            leaky = self.clients[0].get(f"/games/{game.pk}/").content.decode()
            with self.assertRaises(AssertionError):
                self.check(leaky, game, 0)

    def test_pl_view_1_no_payload_to_a_seat_holds_another_seats_hand_or_sealed_bid(
            self) -> None:
        game = toy_game(self.players, seed=21, tricks=2)
        rng = random.Random(5)
        keys = [c.cookies[settings.SESSION_COOKIE_NAME].value for c in self.clients]

        answers: dict[int, str] = {}

        def act_once() -> bool:
            """One deciding seat, chosen at random, acts over HTTP; every seat's page and
            Refresh fragment are checked, as is the acting seat's own fragment."""
            fresh = Game.objects.get(pk=game.pk)
            if fresh.status != Status.RUNNING:
                return False
            state = services.game_state(fresh)
            seat = rng.choice(sorted(TOY.to_act(state)))
            action = rng.choice(TOY.legal_actions(state, seat))
            fragment = self.clients[seat].post(
                f"/games/{game.pk}/act/", {"version": fresh.version,
                                           "action": json.dumps(action)},
                HTTP_HX_REQUEST="true").content.decode()
            self.assertIn(f'data-version="{fresh.version + 1}"', fragment)
            self.check(fragment, game, seat)
            answers[seat] = fragment
            for number, client in enumerate(self.clients):
                self.check(client.get(f"/games/{game.pk}/board/").content.decode(), game,
                           number)
                self.check(client.get(f"/games/{game.pk}/").content.decode(), game, number)
                for url in (f"/replays/{game.pk}/", f"/replays/{game.pk}.json"):
                    expected = 200 if Game.objects.get(pk=game.pk).outcome else 404
                    self.assertEqual(client.get(url).status_code, expected)
            return True

        async def scenario() -> int:
            sockets = [socket_for(key, game.pk) for key in keys]
            shown = []
            for seat, socket in enumerate(sockets):
                connected, _ = await socket.connect()
                assert connected
                first = await socket.receive_from()
                await database_sync_to_async(self.check)(first, game, seat)
                shown.append(first)
            moves = 0
            while await database_sync_to_async(act_once)():
                moves += 1
                for seat, socket in enumerate(sockets):
                    message = await socket.receive_from(timeout=5)
                    # Issue 36: a patch of the board the page showed (a note of the version
                    # to the seat that acted); the board it makes, which holds every piece
                    # the patch carried, is checked.
                    shown[seat] = patched(board_part(shown[seat]), message,
                                          answers.pop(seat, None))
                    await database_sync_to_async(self.check)(shown[seat], game, seat)
            for socket in sockets:
                await socket.disconnect()
            return moves

        moves = async_to_sync(scenario)()
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)
        self.assertGreaterEqual(moves, 6)
        self.assertEqual(self.checked, 3 + moves * (1 + 3 + 6))
        self.assertGreater(self.acted_lines, moves)
        export = self.clients[0].get(f"/replays/{game.pk}.json").json()
        self.assertEqual(len(export["steps"]), moves)  # PL-VIEW-4: once over, all of it
