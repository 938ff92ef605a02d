"""Issue 35: the computer in any number of seats of a game of more than two (Elder Tale's
group duels, Mage Wars for 3 or 4): one person against or beside the computer, people and
the computer in one hosted game, the computer acting for each of its seats and never for a
person's, only the game's people acting, two-seat games unchanged, old games still found."""

from __future__ import annotations

import importlib
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model

from marcomage.games import find_ruleset
from marcomage.games.elder_tale.bots import GreedyBot
from marcomage.platform.rng import Rng
from marcomage.web.accounts.names import COMPUTER_NAME
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import computer, lobby, services
from marcomage.web.games.models import COMPUTER_SEAT, Game, Seat, Status
from marcomage.web.games.payload import render_board
from marcomage.web.games.services import GameError
from marcomage.web.rulesets.elder_tale import collection

from ..api.helpers import call, token_for
from ..base import BaseTestCase
from ..rulesets.elder_tale.test_duel_pages import character
from .helpers import deck_of, seat, seeded, verified

ET = find_ruleset("elder_tale")
MW = find_ruleset("mage_wars")


def acting(game: Game) -> list[int]:
    """The seats to act as the rows say."""
    return list(Seat.objects.filter(game=game, to_act=True).order_by("number")
                .values_list("number", flat=True))


def play_out(game: Game, people: dict[int, Any], steps: int = ET.max_steps) -> Game:
    """Play the duel to its end (or for `steps`): the people's seats by the greedy bot
    through the games service, the computer's by `play_turns`, which must move whenever one
    of its seats is to act and never while a person's seat is."""
    bots = {number: GreedyBot(number) for number in people}
    for _ in range(steps):
        game = Game.objects.get(pk=game.pk)
        if game.status == Status.FINISHED:
            return game
        (mover,) = acting(game)
        if mover in people:
            before = game.version
            assert computer.play_turns(game.pk) == 0  # never for a person's seat
            assert Game.objects.get(pk=game.pk).version == before
            state = services.game_state(game)
            action = bots[mover].choose(ET.view(state, mover), ET.legal_actions(state, mover))
            services.act(people[mover], game.pk, game.version, action)
        else:
            assert computer.play_turns(game.pk) >= 1
    if steps == ET.max_steps:
        raise AssertionError("the duel did not end")
    return Game.objects.get(pk=game.pk)


def team_won(game: Game) -> set[str]:
    """The teams of the winning seats (one team, as ET-GROUP-8 says)."""
    teams = ET.options_from_json(game.options).teams
    return {teams[number] for number in game.outcome["winners"]}


class ComputerSeatsTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        for user in (self.alice, self.bob):
            collection.welcome(user)

    def test_issue_35_one_person_and_three_computers_play_a_2v2_duel_to_its_end(self) -> None:
        """ET-GROUP-1, ET-GROUP-8: alice and the computer (seat 2) against the computer in
        seats 1 and 3; each computer seat acts, and the outcome is one team's."""
        with seeded(10):  # a short duel (92 moves)
            game = computer.start(self.alice, character(self.alice, 1).pk, "easy",
                                  ruleset="elder_tale", options={"teams": "ABAB"}, seats=4)
        assert game.status == Status.RUNNING and game.friendly and game.seats_count == 4
        assert game.computer_seats() == [1, 2, 3]
        assert {seat(game, n).user.username for n in (1, 2, 3)} == {COMPUTER_NAME}
        assert game.opponent_name(seat(game, 0)) == "3 computers (easy)"
        game = play_out(game, {0: self.alice})
        assert len(team_won(game)) == 1 and len(game.outcome["winners"]) == 2
        assert {1, 2, 3} <= {s.seat for s in game.steps.all()}
        assert verified(game).ok

    def test_issue_35_two_people_against_two_computers_in_a_hosted_duel(self) -> None:
        """alice hosts a 2v2 with the computer in seats 1 and 3 (team B); bob joins seat 2,
        her ally, which starts the duel; after a round each of the four seats has acted,
        and bob's surrender concedes for his team (ET-GROUP-8): the computer's team wins."""
        with seeded(8):
            game = computer.host(self.alice, character(self.alice, 1).pk, "easy", ["1", "3"],
                                 ruleset="elder_tale", options={"teams": "ABAB"}, seats=4)
            assert game.status == Status.HOSTED and game.friendly and game.ai_level == "easy"
            assert game.computer_seats() == [1, 3]
            game = services.join(self.bob, game.pk, character(self.bob, 2).pk)
        game = Game.objects.get(pk=game.pk)
        assert game.status == Status.RUNNING
        assert seat(game, 2).user == self.bob and not seat(game, 2).computer
        assert game.opponent_name(seat(game, 0)) == "bob, 2 computers (easy)"
        board = render_board(game, self.alice)  # the computer's seats told apart by number
        enemies = board.split('aria-label="Enemies"')[1].split("Pending attacks")[0]
        assert "Computer (seat 1)" in enemies and "Computer (seat 3)" in enemies
        docs = [seat(game, n).deck_doc for n in range(4)]
        assert all(ET.validate_deck(doc) == [] for doc in docs)
        game = play_out(game, {0: self.alice, 2: self.bob}, steps=40)
        assert {s.seat for s in game.steps.all()} == {0, 1, 2, 3}
        services.surrender(self.bob, game.pk)
        game = Game.objects.get(pk=game.pk)
        assert game.status == Status.FINISHED and sorted(game.outcome["winners"]) == [1, 3]
        assert team_won(game) == {"B"} and verified(game).ok

    def test_issue_35_only_the_games_people_act_and_the_computer_never_for_them(self) -> None:
        """A stranger, and a person out of turn, are refused; the computer's seats are
        moved only by `play_turns`, which leaves a person's turn alone."""
        cyd = get_user_model().objects.create_user("cyd", "pw-seats-35")
        collection.welcome(cyd)
        with seeded(8):
            game = computer.host(self.alice, character(self.alice, 1).pk, "easy", [1, 3],
                                 ruleset="elder_tale", options={"teams": "ABAB"}, seats=4)
            game = services.join(self.bob, game.pk, character(self.bob, 2).pk)
        game = Game.objects.get(pk=game.pk)
        state = services.game_state(game)
        (mover,) = acting(game)
        some = ET.legal_actions(state, mover)[0]
        with self.assertRaises(GameError):
            services.act(cyd, game.pk, game.version, some)
        if mover in (1, 3):
            for person in (self.alice, self.bob):
                with self.assertRaises(GameError):
                    services.act(person, game.pk, game.version, some)
            assert computer.play_turns(game.pk) >= 1
        game = Game.objects.get(pk=game.pk)
        (mover,) = acting(game)
        assert mover in (0, 2)
        assert computer.robots_to_act(game, services.game_state(game)) == []
        version = game.version
        assert computer.play_turns(game.pk) == 0
        assert Game.objects.get(pk=game.pk).version == version

    def test_issue_11_a_two_seat_game_still_has_the_computer_in_seat_1(self) -> None:
        with seeded(2):
            game = computer.start(self.alice, deck_of(self.alice), "easy")
        assert game.seats_count == 2 and game.computer_seats() == [COMPUTER_SEAT]
        assert seat(game, COMPUTER_SEAT).computer and not seat(game, 0).computer
        assert game.opponent_name(seat(game, 0)) == "Computer (easy)"

    def test_issue_35_the_computer_takes_two_seats_of_a_three_seat_mage_wars_game(self) -> None:
        give_starter_decks(self.alice, "mage_wars")
        with seeded(3):
            game = computer.start(self.alice, deck_of(self.alice, "mage_wars"), "easy",
                                  ruleset="mage_wars", seats="3")
        assert game.computer_seats() == [1, 2]
        rng, moved = Rng.from_seed(4), set()
        for _ in range(400):
            game.refresh_from_db()
            if moved >= {1, 2} or game.status == Status.FINISHED:
                break
            state = services.game_state(game)
            seats = MW.to_act(state)
            if 0 in seats:
                legal = MW.legal_actions(state, 0)
                services.act(self.alice, game.pk, game.version, legal[rng.below(len(legal))])
            else:
                assert computer.play_turns(game.pk) >= 1
                moved |= {s.seat for s in game.steps.all()} - {0}
        assert moved >= {1, 2}

    def test_issue_35_bad_seat_choices_are_refused_and_change_nothing(self) -> None:
        deck = character(self.alice, 1).pk
        for robots, seats, words in (([], 4, "at least one seat"), ([0, 1], 4, "seats 1 to 3"),
                                     ([4], 4, "seats 1 to 3"), ([1, 2, 3], 4, "Leave a seat"),
                                     (["x"], 4, "numbers"), ([1], 7, "2 to 6 players")):
            with self.assertRaisesRegex(GameError, words):
                computer.host(self.alice, deck, "easy", robots, ruleset="elder_tale",
                              seats=seats)
        with self.assertRaisesRegex(GameError, "2 to 6 players"):
            computer.start(self.alice, deck, "easy", ruleset="elder_tale", seats=9)
        with self.assertRaisesRegex(GameError, "cannot start"):  # ET-GROUP-1: 4 teams, 3 seats
            computer.start(self.alice, deck, "easy", ruleset="elder_tale",
                           options={"teams": "ABAB"}, seats=3)
        assert not Game.objects.exists()

    def test_issue_35_the_lobby_forms_start_and_host_games_with_computer_seats(self) -> None:
        self.log_in(self.alice)
        page = self.client.get("/games/?game=elder_tale").content.decode()
        assert 'id="computer-seats"' in page and 'name="computer_seats"' in page
        deck = character(self.alice, 1).pk
        with seeded(5):
            answer = self.post("/games/computer/", {
                "game": "elder_tale", "deck": deck, "level": "easy", "seats": "3",
                "teams": "ABA"})
        game = Game.objects.get(status=Status.RUNNING)
        assert answer.status_code == 302 and answer["Location"].endswith(f"/{game.pk}/")
        assert game.computer_seats() == [1, 2] and game.options["teams"] == "ABA"
        self.post("/games/host/", {"game": "elder_tale", "deck": deck, "level": "hard",
                                          "seats": "4", "teams": "AABB",
                                          "computer_seats": ["2", "3"]})
        hosted = Game.objects.get(status=Status.HOSTED)
        assert hosted.computer_seats() == [2, 3] and hosted.ai_level == "hard"

    def test_issue_35_old_computer_games_are_marked_and_still_found(self) -> None:
        """Migration 0006 marks seat 1 of every game from before with a difficulty; the
        waiting list finds it when the computer is to act."""
        with seeded(1):
            game = computer.start(self.alice, deck_of(self.alice), "easy")
        Seat.objects.filter(game=game).update(computer=False)  # as the rows were before
        Seat.objects.filter(game=game, number=1).update(to_act=True)
        people = services.challenge(self.alice, self.bob, deck_of(self.alice))
        migration = importlib.import_module("marcomage.web.games.migrations.0006_seat_computer")
        migration.mark_old_computer_seats(apps, None)
        assert Game.objects.get(pk=game.pk).computer_seats() == [1]
        assert not Seat.objects.filter(game=people, computer=True).exists()
        assert list(computer.waiting()) == [Game.objects.get(pk=game.pk)]
        assert lobby.computer_seed(7, 1) == 7  # seat 1 keeps the game's seed for its deck


class ComputerSeatsApiTest(BaseTestCase):
    def test_issue_35_the_api_starts_and_hosts_games_with_computer_seats(self) -> None:
        collection.welcome(self.alice)
        token = token_for(self.alice)
        deck = str(character(self.alice, 1).pk)
        with seeded(5):
            status, view = call(self.client, token, "POST", "/games/computer", {
                "game": "elder_tale", "deck": deck, "level": "easy", "seats": 3,
                "options": {"teams": "ABB"}})
        assert status == 201, view
        assert Game.objects.get(pk=view["id"]).computer_seats() == [1, 2]
        status, row = call(self.client, token, "POST", "/games/hosted", {
            "game": "elder_tale", "deck": deck, "seats": 4, "options": {"teams": "ABAB"},
            "computer_seats": [1, 3], "level": "normal"})
        assert status == 201, row
        hosted = Game.objects.get(pk=row["id"])
        assert hosted.status == Status.HOSTED and hosted.computer_seats() == [1, 3]
        status, refused = call(self.client, token, "POST", "/games/hosted", {
            "game": "elder_tale", "deck": deck, "seats": 4, "computer_seats": [1, 2, 3]})
        assert status == 400 and "Leave a seat" in str(refused)
