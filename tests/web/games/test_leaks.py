"""C-FLAG-6: in hidden-cards games nothing a player receives names the opponent's unrevealed
cards. Many complete games are played; every payload each player receives (game page, htmx
fragments after his own moves, Refresh fragments, WebSocket messages) is scanned.

The decks are the starter decks 1 and 2, which share one card, so most of the opponent's
deck is foreign to the viewer. The cards a viewer may legitimately see are those in the
engine's `view()` for him; any other card of the opponent's hand or deck found in a payload
is a leak.
"""

from __future__ import annotations

import random
import re
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.test import Client

from marcomage.games import find_ruleset
from marcomage.games.marcomage import CARDS, legal_actions, view
from marcomage.games.marcomage.ruleset import action_to_json
from marcomage.platform.rng import Rng
from marcomage.web.decks.services import ready_decks
from marcomage.web.games import services
from marcomage.web.games.models import Game, Status
from marcomage.web.games.payload import render_board

from ..base import BaseTestCase, BaseTransactionTestCase
from .helpers import seeded, start, to_move
from .test_realtime import socket_for

CARD_MARK = re.compile(r'data-card="(\d+)"')


def visible_ids(doc: Any) -> set[int]:
    """Every card id anywhere in a view document."""
    found: set[int] = set()
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key in {"hand", "common", "uncommon", "rare", "discarded_own", "discarded_opp"}:
                found.update(v for v in value if isinstance(v, int))
            elif key in {"card", "last_played"} and isinstance(value, int):
                found.add(value)
            else:
                found |= visible_ids(value)
    elif isinstance(doc, list):
        for item in doc:
            found |= visible_ids(item)
    return found


def pick(rng: random.Random, state: Any) -> Any:
    """A random legal action, mostly a play, so that games end soon."""
    actions = legal_actions(state)
    plays = [a for a in actions if a.kind == "play"]
    return rng.choice(plays if plays and rng.random() < 0.9 else actions)


class HiddenCardLeakTests(BaseTransactionTestCase):
    games = 6
    websocket_games = 2

    def setUp(self) -> None:
        super().setUp()
        async_to_sync(get_channel_layer().flush)()
        self.clients = {}
        for user in (self.alice, self.bob):
            client = Client()
            client.force_login(user)
            self.clients[user.pk] = client
        self.scanned = 0

    def forbidden_for(self, game: Game, viewer: Any) -> set[int]:
        """Cards of the opponent the viewer may not see now."""
        state = services.game_state(game)
        seat = services.find_game(game.pk).seat_of(viewer)
        assert seat is not None
        theirs = state.players[1 - seat.number]
        secret = set(theirs.hand) | {c for section in theirs.deck for c in section}
        return secret - visible_ids(view(state, seat.number))

    def scan(self, payload: str, game: Game, viewer: Any) -> None:
        forbidden = self.forbidden_for(game, viewer)
        shown = {int(c) for c in CARD_MARK.findall(payload)}
        leaked = shown & forbidden
        self.assertFalse(leaked, f"cards {leaked} leaked to {viewer} in game {game.pk}")
        legit_text = " ".join(CARDS[c].name + " " + CARDS[c].text for c in shown)
        for card_id in forbidden:
            name = CARDS[card_id].name
            if len(name) > 5 and name in payload and name not in legit_text:
                self.fail(f"the name of card {card_id} ({name}) leaked to {viewer}")
        self.assertNotIn('"rng"', payload)
        self.scanned += 1

    def play_one(self, number: int, sockets: bool) -> None:
        decks = {self.alice.pk: ready_decks(self.alice)[0].pk,
                 self.bob.pk: ready_decks(self.bob)[1].pk}
        with seeded(1000 + number):
            challenge = services.challenge(self.alice, self.bob, decks[self.alice.pk],
                                           options={"hidden": True})
            game = services.accept(self.bob, challenge.pk, decks[self.bob.pk])
        rng = random.Random(number)
        users = {self.alice.pk: self.alice, self.bob.pk: self.bob}
        for user in users.values():
            page = self.clients[user.pk].get(f"/games/{game.pk}/").content.decode()
            self.scan(page, game, user)
        received: dict[int, list[str]] = {pk: [] for pk in users}
        if sockets:
            received = self.play_with_sockets(game, rng)
            for messages in received.values():
                self.assertGreater(len(messages), 1)
        else:
            self.play_over_http(game, rng)
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)
        services.leave(self.alice, game.pk)
        services.leave(self.bob, game.pk)

    def play_over_http(self, game: Game, rng: random.Random) -> None:
        turns = 0
        while True:
            game.refresh_from_db()
            if game.status != Status.RUNNING:
                break
            mover, waiter = to_move(game)
            action = pick(rng, services.game_state(game))
            fragment = self.clients[mover.pk].post(
                f"/games/{game.pk}/act/",
                {"version": game.version, "kind": action.kind, "pos": action.pos,
                 "mode": action.mode}, HTTP_HX_REQUEST="true").content.decode()
            game.refresh_from_db()
            self.scan(fragment, game, mover)
            board = self.clients[waiter.pk].get(f"/games/{game.pk}/board/").content.decode()
            self.scan(board, game, waiter)
            turns += 1
            self.assertLess(turns, 2000)

    def play_with_sockets(self, game: Game, rng: random.Random) -> dict[int, list[str]]:
        keys = {}
        for pk, client in self.clients.items():
            keys[pk] = client.cookies[settings.SESSION_COOKIE_NAME].value
        received: dict[int, list[str]] = {pk: [] for pk in keys}

        async def scenario() -> None:
            sockets = {pk: socket_for(key, game.pk) for pk, key in keys.items()}
            for socket in sockets.values():
                connected, _ = await socket.connect()
                assert connected
            for pk, socket in sockets.items():
                received[pk].append(await socket.receive_from())
            while True:
                state = await database_sync_to_async(self._turn)(game, rng)
                if state is None:
                    break
                for pk, socket in sockets.items():
                    message = await socket.receive_from(timeout=5)
                    received[pk].append(message)
                    await database_sync_to_async(self._scan_for)(message, game, pk)
            for socket in sockets.values():
                await socket.disconnect()

        async_to_sync(scenario)()
        return received

    def _turn(self, game: Game, rng: random.Random) -> int | None:
        game.refresh_from_db()
        if game.status != Status.RUNNING:
            return None
        mover, _waiter = to_move(game)
        action = pick(rng, services.game_state(game))
        services.act(mover, game.pk, game.version, action_to_json(action))
        return game.pk

    def _scan_for(self, message: str, game: Game, pk: int) -> None:
        game.refresh_from_db()
        viewer = self.alice if pk == self.alice.pk else self.bob
        self.scan(message, game, viewer)

    def test_the_scan_catches_a_leak(self) -> None:
        with seeded(7):
            challenge = services.challenge(self.alice, self.bob, ready_decks(self.alice)[0].pk,
                                           options={"hidden": True})
            game = services.accept(self.bob, challenge.pk, ready_decks(self.bob)[1].pk)
        secret = sorted(self.forbidden_for(game, self.alice))[0]
        with self.assertRaises(AssertionError):
            self.scan(f'<div data-card="{secret}"></div>', game, self.alice)
        longest = max(self.forbidden_for(game, self.alice), key=lambda c: len(CARDS[c].name))
        with self.assertRaises(AssertionError):
            self.scan(f"<p>{CARDS[longest].name}</p>", game, self.alice)

    def test_c_flag_6_no_payload_names_an_unrevealed_opponent_card(self) -> None:
        for number in range(self.games):
            self.play_one(number, sockets=number < self.websocket_games)
        self.assertGreater(self.scanned, 100)


class HiddenCardsResampleTests(BaseTestCase):
    """PL-VIEW-1 / C-FLAG-6 by resampling: each player's board is the same whatever the
    opponent's unrevealed cards and deck are (the ruleset's `resample_hidden` draws them
    anew); what the player may see, his own cards, does change it."""

    def boards(self, game: Game, user: Any, seat: int, times: int = 3) -> set[str]:
        """The user's board rendered from states resampled as `seat` may not tell apart."""
        ruleset = find_ruleset("marcomage")
        state = services.game_state(game)
        rng = Rng.from_seed(seat + 1)
        found = set()
        for _ in range(times):
            game.state = ruleset.to_json(ruleset.resample_hidden(state, seat, rng))
            found.add(render_board(game, user))
        game.state = ruleset.to_json(state)
        return found | {render_board(game, user)}

    def test_pl_view_1_a_hidden_cards_board_does_not_depend_on_the_hidden_cards(self) -> None:
        game = start(self.alice, self.bob, hidden=True, seed=31)
        rng = random.Random(3)
        for _ in range(6):
            game = services.find_game(game.pk)
            for user in (self.alice, self.bob):
                seat = game.seat_of(user)
                assert seat is not None
                self.assertEqual(len(self.boards(game, user, seat.number)), 1, user)
            mover, _waiter = to_move(game)
            services.act(mover, game.pk, game.version,
                         action_to_json(pick(rng, services.game_state(game))))
        alice = game.seat_of(self.alice)
        assert alice is not None
        self.assertGreater(len(self.boards(game, self.alice, 1 - alice.number)), 1)
