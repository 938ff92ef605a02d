"""Any game system through the same services and pages: the test-only three-seat toy with
its simultaneous sealed bids (PL-PROTO-3, PL-SHARED-1), drawn by the generic board."""

from __future__ import annotations

import json
from typing import Any

from marcomage.games import find_ruleset
from marcomage.web.accounts.models import User
from marcomage.web.core.events import game_finished
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import services
from marcomage.web.games.models import Game, Seat, Status
from marcomage.web.games.services import GameError

from ..base import BaseTestCase
from .helpers import deck_of, seat, seeded, verified

TOY = find_ruleset("toy")


def toy_decks(user: Any) -> int:
    """The player's toy decks (the starter decks), the first one's id."""
    give_starter_decks(user, "toy")
    return deck_of(user, "toy")


def toy_game(players: list[Any], seed: int = 3, tricks: int = 2) -> Game:
    """The first player hosts a toy game, the others join: it starts with the last seat
    filled, dealt by `seed`."""
    hosted = services.host(players[0], toy_decks(players[0]), ruleset="toy",
                           options={"tricks": tricks})
    services.join(players[1], hosted.pk, toy_decks(players[1]))
    with seeded(seed):
        game = services.join(players[2], hosted.pk, toy_decks(players[2]))
    return game


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

    def test_pl_shared_1_a_hosted_game_waits_for_all_its_seats(self) -> None:
        """Seats fill in the order players join; the host's and joiners' slots are used
        from the start; the last seat starts the game with every deck copied in."""
        hosted = services.host(self.alice, toy_decks(self.alice), ruleset="toy",
                               options={"tricks": 2})
        self.assertEqual((hosted.ruleset, hosted.format, hosted.seats_count, hosted.options),
                         ("toy", "tiny", 3, {"tricks": 2}))
        self.assertIn(hosted, services.open_games(self.bob))
        game = services.join(self.bob, hosted.pk, toy_decks(self.bob))
        self.assertEqual(game.status, Status.HOSTED)
        self.assertEqual(services.used_slots(self.bob), 1)
        self.assertNotIn(hosted, services.open_games(self.bob))
        self.assertIn(hosted, services.open_games(self.carol))
        with self.assertRaisesRegex(GameError, "already"):
            services.join(self.bob, hosted.pk, toy_decks(self.bob))
        services.unhost(self.bob, hosted.pk)  # a joiner gives his seat back
        self.assertEqual(seat(hosted, 1).user, None)
        self.assertEqual(services.used_slots(self.bob), 0)
        services.join(self.bob, hosted.pk, toy_decks(self.bob))
        with self.assertRaisesRegex(GameError, "not a deck of this game"):
            services.join(self.carol, hosted.pk, deck_of(self.carol))  # a MArcomage deck
        game = services.join(self.carol, hosted.pk, toy_decks(self.carol))
        self.assertEqual(game.status, Status.RUNNING)
        self.assertEqual(game.players(), self.players)
        self.assertEqual([s.deck_doc["game"] for s in game.seat_list()], ["toy"] * 3)
        self.assertIsNotNone(game.seed)
        self.assertNotIn(game, services.open_games(self.carol))

    def test_pl_proto_7_the_options_are_the_rulesets_and_checked_by_it(self) -> None:
        deck = toy_decks(self.alice)
        with self.assertRaisesRegex(GameError, "tricks"):
            services.host(self.alice, deck, ruleset="toy", options={"tricks": 9})
        with self.assertRaisesRegex(GameError, "played by 3"):
            services.host(self.alice, deck, ruleset="toy", seats=2)
        with self.assertRaisesRegex(GameError, "not played by two"):
            services.challenge(self.alice, self.bob, deck, ruleset="toy")
        with self.assertRaisesRegex(GameError, "no game system"):
            services.host(self.alice, deck, ruleset="chess")
        self.assertFalse(Game.objects.exists())

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
        # C-GAME-4 allows one game hosted by each player against the others: two hosts.
        first_players = self.players
        second_players = [self.carol, self.alice, self.bob]
        first = toy_game(first_players, seed=8)
        second = toy_game(second_players, seed=8)
        for number in (2, 0, 1):
            bid(first_players[number], first)
        for number in (1, 2, 0):
            bid(second_players[number], second)
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
        self.assertIn("1. you: bid: slot 0", html)
        self.log_in(self.alice)
        page = self.client.get(f"/games/{game.pk}/").content.decode()
        self.assertIn("1. bob acted", page)  # not which card slot bob bid
        self.assertNotIn("bid: slot 0</li>", page.split('class="step-log"')[1])
        self.log_in(self.bob)
        again = self.post(f"/games/{game.pk}/act/", {
            "version": 2, "action": json.dumps({"type": "bid", "slot": 0})},
            HTTP_HX_REQUEST="true").content.decode()
        self.assertIn("It is not your turn.", again)
        bad = self.post(f"/games/{game.pk}/act/", {"version": 2, "action": "{nope"},
                        HTTP_HX_REQUEST="true").content.decode()
        self.assertIn("not valid JSON", bad)

    def test_the_generic_board_says_the_view_in_words_with_no_raw_json_or_seat_numbers(
            self) -> None:
        """A person reads labelled fields ("Bid placed: no, no, no"), is marked "(you)" in the
        seat list, and sees no JSON block and no 0-based "you"/"to_act" seat numbers."""
        game = toy_game(self.players)
        self.log_in(self.bob)
        page = self.client.get(f"/games/{game.pk}/").content.decode()
        board = page.split('id="game-board"')[1].split('class="legal-actions"')[0]
        view = TOY.view(services.game_state(game), 1)
        self.assertIn('<dt>Bid placed</dt><dd class="view-bid_placed">no, no, no</dd>', board)
        hand = ", ".join(str(card) for card in view["hand"])
        self.assertIn(f'<dt>Hand</dt><dd class="view-hand">{hand}</dd>', board)
        self.assertIn('<dt>My bid</dt><dd class="view-my_bid"></dd>', board)
        self.assertIn('<span class="player-name">bob</span> (you) <em>to act</em>', board)
        self.assertNotIn("<pre>", board)
        self.assertNotIn("view-you", board)
        self.assertNotIn("view-to_act", board)
        self.assertNotIn("bid_placed</dt>", board)

    def test_the_games_list_leaves_the_round_blank_for_a_game_without_rounds(self) -> None:
        """The toy's view has no round: its row shows none rather than "0"; MArcomage's
        shows its round."""
        game = toy_game(self.players)
        self.log_in(self.alice)
        page = self.client.get("/games/").content.decode()
        row = page.split(f'data-game="{game.pk}">')[1].split("</tr>")[0]
        self.assertIn('<td class="round"></td>', row)
        marcomage = services.challenge(self.bob, self.alice, deck_of(self.bob))
        services.accept(self.alice, marcomage.pk, deck_of(self.alice))
        page = self.client.get("/games/").content.decode()
        row = page.split(f'data-game="{marcomage.pk}">')[1].split("</tr>")[0]
        self.assertIn('<td class="round">1</td>', row)

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
        report = verified(game)  # PL-STATE-3: simultaneous bids replay from the rows too
        self.assertTrue(report.ok, report.message)
        self.assertEqual(report.checked, game.steps.count())

    def test_surrender_in_a_three_seat_game_lets_the_other_two_win(self) -> None:
        game = toy_game(self.players)
        services.surrender(self.bob, game.pk)
        game.refresh_from_db()
        self.assertEqual((game.end_type, game.outcome["winners"]), ("surrender", [0, 2]))
        self.assertEqual(game.steps.get().kind, "surrender")


class ToyLobbyTests(BaseTestCase):
    def test_pl_shared_1_the_system_is_chosen_first_then_its_options(self) -> None:
        """MArcomage is preselected; choosing the toy shows its own option as a number
        field, and the host form posts it with the game's id."""
        self.log_in(self.alice)
        page = self.client.get("/games/").content.decode()
        self.assertIn('<option value="marcomage" selected>MArcomage</option>', page)
        self.assertIn('name="hidden" value="1"> Hide opponent&#x27;s cards', page)
        self.assertIn('<input type="hidden" name="game" value="marcomage">', page)
        toy_decks(self.alice)
        page = self.client.get("/games/?game=toy").content.decode()
        host_form = page.split('id="host-form"')[1].split("</form>")[0]
        self.assertIn('<input type="hidden" name="game" value="toy">', host_form)
        self.assertIn('<input type="number" name="tricks" value="3">', host_form)
        self.assertNotIn('name="hidden"', host_form)
        deck = deck_of(self.alice, "toy")
        self.assertIn(f'<option value="{deck}">', host_form)
        self.assertNotIn('id="computer-form"', page)  # the computer plays two-seat games
        response = self.post("/games/host/", {"game": "toy", "format": "tiny", "deck": deck,
                                              "tricks": "1"})
        self.assertEqual(response.status_code, 302)
        game = Game.objects.get()
        self.assertEqual((game.ruleset, game.options, game.seats_count), ("toy", {"tricks": 1}, 3))
        bad = self.post("/games/host/", {"game": "toy", "deck": deck, "tricks": "x"},
                        follow=True).content.decode()
        self.assertIn("whole number", bad)
        self.assertEqual(Game.objects.count(), 1)
        self.assertEqual(self.client.get("/games/?game=chess").status_code, 404)

    def test_without_a_ready_deck_the_lobby_names_the_chosen_systems_format_not_marcomages(
            self) -> None:
        """A player with no toy deck is told what a toy deck needs (its format), not
        MArcomage's 45 cards, and where to build one."""
        self.log_in(self.alice)
        page = self.client.get("/games/?game=toy").content.decode()
        notice = page.split('class="message error no-deck">')[1].split("</p>")[0]
        self.assertIn("for Toy (test only)", notice)
        self.assertIn(TOY.formats["tiny"].description, notice)
        self.assertIn('href="/decks/?game=toy"', notice)
        self.assertNotIn("45", notice)
        Deck.objects.filter(owner=self.alice).delete()  # the challenge page says the same
        page = self.client.get("/games/challenge/bob/").content.decode()
        notice = page.split('class="message error no-deck">')[1].split("</p>")[0]
        self.assertIn(find_ruleset("marcomage").formats["standard"].description, notice)
        self.assertIn('href="/decks/?game=marcomage"', notice)

    def test_pl_shared_1_a_system_not_played_by_two_offers_hosting_not_a_challenge_form(
            self) -> None:
        """The toy has three seats: the challenge page says so at once and links to hosting,
        rather than a form that can only be refused."""
        toy_decks(self.alice)
        self.log_in(self.alice)
        page = self.client.get("/games/challenge/bob/?game=toy").content.decode()
        self.assertNotIn('id="challenge-form"', page)
        self.assertIn("Toy (test only) is not played by two", page)
        self.assertIn('href="/games/?game=toy"', page)
        page = self.client.get("/games/challenge/bob/").content.decode()
        self.assertIn('id="challenge-form"', page)  # MArcomage is
