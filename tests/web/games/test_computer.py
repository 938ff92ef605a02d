"""Playing the computer (issue 11, "On the site"): starting a game, refusals, the computer's
moves through the games service (its turn, its extra turns, never out of turn), friendly
play, the computer's account, and a bot that reads only its own view."""

from __future__ import annotations

from typing import Any
from unittest import mock

from django.contrib.auth import authenticate
from django.db import OperationalError
from django.test import override_settings

from marcomage.games import find_ruleset
from marcomage.games.marcomage import Rng, random_deck, to_json
from marcomage.web.accounts.models import User
from marcomage.web.accounts.names import COMPUTER_NAME
from marcomage.web.decks.models import Deck
from marcomage.web.games import computer, queries, services
from marcomage.web.games.models import COMPUTER_SEAT, Game, Status
from marcomage.web.games.services import GameError
from marcomage.web.players.services import Query, players
from marcomage.web.rulesets.marcomage import computer as marcomage_computer
from marcomage.web.scores.ladder import ladder
from marcomage.web.scores.models import Score

from ..base import BaseTestCase, BaseTransactionTestCase
from .helpers import deck_of, discard, seat, seeded, to_act, verified

HUMAN_FIRST = 2  # seeds whose game has seat 0 (the human) move first
COMPUTER_FIRST = 1
PEGASUS = 96  # Quick, costs nothing: Attack 1, and the same player moves again
FAST = {"normal": 40, "hard": 60}  # iteration budgets: deterministic and quick


def start(user: Any, level: str = "easy", *, seed: int = HUMAN_FIRST,
          hidden: bool = False) -> Game:
    with seeded(seed):
        return computer.start(user, deck_of(user), level, options={"hidden": hidden})


def human_moves(game: Game) -> None:
    """The human (seat 0) discards his first card, which ends his turn."""
    discard(seat(game, 0).user, game)


class StartTests(BaseTestCase):
    def test_a_friendly_game_starts_at_once_against_the_computer_in_seat_1(self) -> None:
        game = start(self.alice, "normal", hidden=True)
        game.refresh_from_db()
        self.assertEqual(game.status, Status.RUNNING)
        self.assertEqual((game.ai_level, game.friendly, game.options["hidden"]),
                         ("normal", True, True))
        self.assertEqual(seat(game, 0).user, self.alice)
        self.assertEqual(seat(game, 1).user.username, COMPUTER_NAME)
        self.assertEqual(seat(game, 1).deck_name, computer.COMPUTER_DECK)
        self.assertEqual(game.version, 1)
        state = services.game_state(game)
        self.assertTrue(state.friendly)
        self.assertEqual(to_act(game), state.current)
        self.assertEqual(game.opponent_name(seat(game, 0)), "Computer (normal)")

    def test_the_computers_deck_is_a_legal_random_deck_from_the_seed(self) -> None:
        first = start(self.alice, seed=5)
        second = start(self.bob, seed=5)
        decks = [services.game_state(g).players[1].deck for g in (first, second)]
        self.assertEqual(decks[0], decks[1])
        doc = marcomage_computer.deck(5)
        self.assertEqual(len({entry["card"] for entry in doc["entries"]}), 45)
        self.assertEqual(len(doc["extra"]["tokens"]), 3)
        self.assertEqual(find_ruleset("marcomage").validate_deck(doc, "standard"), [])
        self.assertEqual(seat(first, 1).deck_doc, doc)

    def test_the_computer_is_one_inactive_account_that_cannot_log_in(self) -> None:
        start(self.alice)
        start(self.bob)
        accounts = User.objects.filter(username=COMPUTER_NAME)
        self.assertEqual(accounts.count(), 1)
        machine = accounts.get()
        self.assertFalse(machine.is_active)
        self.assertFalse(machine.has_usable_password())
        self.assertIsNone(authenticate(username=COMPUTER_NAME, password=""))
        self.assertNotIn(machine, list(players(Query())))
        self.assertNotIn(machine.pk, [score.user_id for score in ladder()])
        self.log_in(self.alice)
        self.assertEqual(self.client.get(f"/players/{COMPUTER_NAME}/").status_code, 404)

    def test_a_player_holding_the_name_keeps_the_computer_away(self) -> None:
        User.objects.create_user("computer", "pw")  # from before the name was reserved
        with self.assertRaisesRegex(GameError, "not available"):
            start(self.alice)
        self.assertFalse(Game.objects.exists())

    def test_c_game_3_refused_when_every_slot_is_used_and_nothing_changes(self) -> None:
        with mock.patch.object(queries, "total_slots", return_value=0), \
                self.assertRaisesRegex(GameError, "game slots are in use"):
            start(self.alice)
        self.assertFalse(Game.objects.exists())

    def test_c_game_1_a_game_against_the_computer_takes_a_slot(self) -> None:
        before = services.used_slots(self.alice)
        start(self.alice)
        self.assertEqual(services.used_slots(self.alice), before + 1)

    def test_bad_difficulty_and_foreign_or_unready_decks_are_refused(self) -> None:
        with self.assertRaisesRegex(GameError, "difficulty"):
            computer.start(self.alice, deck_of(self.alice), "impossible")
        with self.assertRaisesRegex(GameError, "Choose one of your decks"):
            computer.start(self.alice, deck_of(self.bob), "easy")
        empty = Deck.objects.create(owner=self.alice, name="empty")
        with self.assertRaisesRegex(GameError, "not ready"):
            computer.start(self.alice, empty.pk, "easy")
        self.assertFalse(Game.objects.exists())

    def test_c_game_5_random_deck_selection(self) -> None:
        game = computer.start(self.alice, services.RANDOM_DECK, "easy")
        self.assertEqual(seat(game, 0).deck.owner, self.alice)

    def test_the_computer_cannot_be_challenged(self) -> None:
        machine = computer.computer_player()
        with self.assertRaisesRegex(GameError, "no such player"):
            services.challenge(self.alice, machine, deck_of(self.alice))


class MoveTests(BaseTestCase):
    def test_it_answers_the_humans_move_and_gives_the_turn_back(self) -> None:
        game = start(self.alice, seed=HUMAN_FIRST)
        self.assertEqual(to_act(game), 0)
        human_moves(game)
        game.refresh_from_db()
        self.assertEqual(to_act(game), COMPUTER_SEAT)
        moves = computer.play_turns(game.pk)
        game.refresh_from_db()
        self.assertGreaterEqual(moves, 1)
        self.assertEqual(game.version, 2 + moves)
        self.assertEqual(to_act(game), 0)
        self.assertEqual(game.steps.order_by("index").last().seat, COMPUTER_SEAT)

    def test_it_moves_first_when_the_deal_says_so(self) -> None:
        game = start(self.alice, seed=COMPUTER_FIRST)
        self.assertEqual(to_act(game), COMPUTER_SEAT)
        self.assertGreaterEqual(computer.play_turns(game.pk), 1)
        game.refresh_from_db()
        self.assertEqual(to_act(game), 0)

    def test_it_never_moves_out_of_turn(self) -> None:
        game = start(self.alice, seed=HUMAN_FIRST)
        self.assertEqual(computer.play_turns(game.pk), 0)
        game.refresh_from_db()
        self.assertEqual((game.version, to_act(game)), (1, 0))
        services.surrender(self.alice, game.pk)
        self.assertEqual(computer.play_turns(game.pk), 0)
        self.assertEqual(computer.play_turns(999_999), 0)

    def test_it_plays_its_extra_turns_from_quick_cards(self) -> None:
        game = start(self.alice, seed=COMPUTER_FIRST)
        state = services.game_state(game)
        state.players[1].hand = [PEGASUS] * 8
        Game.objects.filter(pk=game.pk).update(state=to_json(state))
        moves = computer.play_turns(game.pk)
        game.refresh_from_db()
        self.assertGreaterEqual(moves, 2)
        self.assertEqual(game.version, 1 + moves)
        self.assertEqual(to_act(game), 0)

    @override_settings(AI_ITERATIONS=FAST)
    def test_the_search_levels_play_through_the_same_write_path(self) -> None:
        for level in ("normal", "hard"):
            game = start(self.alice, level, seed=COMPUTER_FIRST)
            self.assertGreaterEqual(computer.play_turns(game.pk), 1)
            game.refresh_from_db()
            self.assertEqual(to_act(game), 0)

    def test_a_stale_version_makes_it_read_the_game_again(self) -> None:
        game = start(self.alice, seed=COMPUTER_FIRST)
        real = computer.choose

        def surrender_meanwhile(row: Game, *seat: int) -> Any:
            if Game.objects.get(pk=row.pk).status == Status.RUNNING:
                services.surrender(self.alice, row.pk)
            return real(row, *seat)

        with mock.patch.object(computer, "choose", surrender_meanwhile):
            self.assertEqual(computer.play_turns(game.pk), 0)
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)

    def test_c_game_15_only_surrender_ends_it_early_and_the_computer_wins_it(self) -> None:
        game = start(self.alice)
        machine = seat(game, 1).user
        User.objects.filter(pk=machine.pk).update(last_activity=game.created.replace(year=2000))
        game = services.find_game(game.pk)
        options = services.end_options(game, seat(game, 0))
        self.assertEqual((options.surrender, options.abort, options.finish), (True, False, False))
        with self.assertRaisesRegex(GameError, "never inactive"):
            services.abort(self.alice, game.pk)
        services.surrender(self.alice, game.pk)
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)
        self.assertEqual(game.outcome["winners"], [COMPUTER_SEAT])

    def test_friendly_no_score_and_no_exp_for_either_side(self) -> None:
        """Games against the computer are friendly: the end changes no score (C-EXP-11)
        and gives no EXP (C-EXP-3) to the human or to the computer."""
        game = start(self.alice)
        fields = ("level", "exp", "wins", "losses", "draws")
        users = (self.alice.pk, seat(game, 1).user_id)

        def scores() -> list[Any]:
            return [Score.objects.filter(user=u).values(*fields).first() for u in users]

        before = scores()
        human_moves(game)
        computer.play_turns(game.pk)
        services.surrender(self.alice, game.pk)
        self.assertEqual(Game.objects.get(pk=game.pk).outcome["winners"], [COMPUTER_SEAT])
        self.assertTrue(verified(game).ok)  # its own deck and moves replay from the rows
        self.assertEqual(scores(), before)
        self.assertEqual(before[0], {"level": 0, "exp": 0, "wins": 0, "losses": 0,
                                     "draws": 0})

    def test_c_game_17_leaving_the_finished_game_hides_it_and_keeps_the_replay(self) -> None:
        """The computer never leaves: the human's leaving is the last one, so the chat goes;
        the game stays, a replay (PL-SHARED-3)."""
        game = start(self.alice)
        with self.assertRaisesRegex(GameError, "surrender first"):
            services.leave(self.alice, game.pk)
        services.surrender(self.alice, game.pk)
        services.post_chat(self.alice, game.pk, "good game")
        self.assertTrue(services.leave(self.alice, game.pk))
        self.assertTrue(Game.objects.filter(pk=game.pk, status=Status.FINISHED).exists())
        self.assertFalse(game.chat.exists())
        self.assertNotIn(game, services.visible_games(self.alice))


def replace_the_unseen(state: Any, seed: int) -> Any:
    """The same game except what the computer (player index 1) cannot see: the human's
    deck, his hidden hand slots and the random source of every future draw."""
    other = state.clone()
    human = other.players[0]
    human.deck = random_deck(Rng.from_seed(seed))
    if other.hidden:
        human.hand = [card if human.revealed[i] else human.deck[0][i]
                      for i, card in enumerate(human.hand)]
    other.rng = Rng.from_seed(seed + 1)
    return other


class ViewOnlyTests(BaseTestCase):
    @override_settings(AI_ITERATIONS=FAST)
    def test_its_choice_depends_only_on_its_view(self) -> None:
        """Replacing the human's hidden hand, deck and the random source in the stored
        state leaves the computer's choice unchanged, at every level (PL-SHARED-5)."""
        for level in ("easy", "normal", "hard"):
            game = start(self.alice, level, seed=COMPUTER_FIRST, hidden=True)
            state = services.game_state(game)
            choice = computer.choose(game)
            changed = replace_the_unseen(state, 99)
            self.assertNotEqual(to_json(changed), to_json(state))
            Game.objects.filter(pk=game.pk).update(state=to_json(changed))
            game.refresh_from_db()
            self.assertEqual(computer.choose(game), choice, level)


class ViewTests(BaseTestCase):
    def test_the_games_page_offers_the_form(self) -> None:
        self.log_in(self.alice)
        response = self.client.get("/games/")
        self.assertContains(response, 'id="computer-form"')
        self.assertContains(response, 'action="/games/computer/"')
        for level in ("easy", "normal", "hard"):
            self.assertContains(response, f'<option value="{level}">')
        form = response.content.decode().split('id="computer-form"')[1].split("</form>")[0]
        self.assertIn("csrfmiddlewaretoken", form)

    def test_the_form_starts_the_game_and_the_lists_name_the_computer(self) -> None:
        self.log_in(self.alice)
        with seeded(HUMAN_FIRST):
            response = self.post("/games/computer/", {"deck": deck_of(self.alice),
                                                      "level": "easy"})
        game = Game.objects.get()
        self.assertRedirects(response, f"/games/{game.pk}/")
        self.assertEqual(game.ai_level, "easy")
        self.assertContains(self.client.get("/games/"), "Computer (easy)")
        page = self.client.get(f"/games/{game.pk}/")
        self.assertContains(page, "Computer (easy)")
        self.assertContains(page, 'id="surrender-button"')
        self.assertNotContains(page, 'id="abort-button"')

    def test_bad_input_is_refused_with_a_reason_and_nothing_changes(self) -> None:
        self.log_in(self.alice)
        response = self.post("/games/computer/", {"deck": deck_of(self.alice), "level": "x"},
                             follow=True)
        self.assertContains(response, "Choose a difficulty")
        response = self.post("/games/computer/", {"deck": "nope", "level": "easy"},
                             follow=True)
        self.assertContains(response, "Choose one of your decks")
        self.assertFalse(Game.objects.exists())

    def test_the_form_needs_csrf_a_post_and_a_log_in(self) -> None:
        self.assertEqual(self.post("/games/computer/", {"level": "easy"}).status_code, 302)
        self.log_in(self.alice)
        data = {"deck": deck_of(self.alice), "level": "easy"}
        self.assertEqual(self.client.post("/games/computer/", data).status_code, 403)
        self.assertEqual(self.client.get("/games/computer/").status_code, 405)
        self.assertFalse(Game.objects.exists())


@override_settings(AI_ITERATIONS=FAST)
class WorkerTests(BaseTransactionTestCase):
    """The background worker, with real commits and threads."""

    def tearDown(self) -> None:
        computer.wait()
        super().tearDown()

    def test_it_moves_first_then_answers_each_move_after_commit(self) -> None:
        game = start(self.alice, "normal", seed=COMPUTER_FIRST)
        computer.wait()
        game.refresh_from_db()
        self.assertEqual(to_act(game), 0)
        self.assertGreaterEqual(game.version, 2)
        for _ in range(3):
            if game.status != Status.RUNNING:
                break
            version = game.version
            human_moves(game)
            computer.wait()
            game.refresh_from_db()
            self.assertGreaterEqual(game.version, version + 2)
            self.assertIn(to_act(game), (0, None))

    def test_opening_a_page_never_schedules_a_move(self) -> None:
        """The worker runs outside page requests: a GET changes nothing; only the server's
        start (resume_all) picks up a move lost to a restart."""
        with override_settings(AI_AUTOPLAY=False):
            game = start(self.alice, "easy", seed=COMPUTER_FIRST)
            computer.wait()
        game.refresh_from_db()
        self.assertEqual((game.version, to_act(game)), (1, COMPUTER_SEAT))
        self.log_in(self.alice)
        for page in (f"/games/{game.pk}/", f"/games/{game.pk}/board/", "/games/"):
            self.assertEqual(self.client.get(page).status_code, 200)
        computer.wait()
        game.refresh_from_db()
        self.assertEqual((game.version, to_act(game)), (1, COMPUTER_SEAT))
        self.assertEqual(computer.resume_all(), 1)
        computer.wait()
        game.refresh_from_db()
        self.assertEqual(to_act(game), 0)
        self.assertGreaterEqual(game.version, 2)

    def test_server_start_resumes_every_game_where_the_computer_is_to_move(self) -> None:
        with override_settings(AI_AUTOPLAY=False):
            waiting = start(self.alice, "easy", seed=COMPUTER_FIRST)
            other = start(self.bob, "easy", seed=HUMAN_FIRST)
        self.assertEqual(computer.resume_all(), 1)
        computer.wait()
        waiting.refresh_from_db()
        other.refresh_from_db()
        self.assertEqual((to_act(waiting), to_act(other), other.version), (0, 0, 1))

    def test_one_worker_per_game_and_duplicates_are_harmless(self) -> None:
        with override_settings(AI_AUTOPLAY=False):
            game = start(self.alice, "easy", seed=COMPUTER_FIRST)
        for _ in range(5):
            computer.schedule(game.pk)
            self.assertLessEqual(len(computer._done), 1)
        computer.wait()
        game.refresh_from_db()
        self.assertEqual(to_act(game), 0)
        self.assertEqual(game.steps.order_by("index").last().seat, COMPUTER_SEAT)
        self.assertEqual(computer.play_turns(game.pk), 0)

    def test_a_failed_move_is_tried_again_and_a_wake_up_meanwhile_is_kept(self) -> None:
        """An unexpected error in the worker (a database busy or briefly gone) must not
        leave the game waiting for the computer for ever: the worker looks again after a
        pause, and a wake-up that arrived while it was failing is not dropped."""
        with override_settings(AI_AUTOPLAY=False):
            game = start(self.alice, "easy", seed=COMPUTER_FIRST)
        real = computer.play_turns
        calls: list[int] = []

        def flaky(game_id: int) -> int:
            calls.append(game_id)
            if len(calls) == 1:
                computer.schedule(game_id)  # a wake-up while this worker is busy
                raise OperationalError("database is locked")
            return real(game_id)

        with mock.patch.object(computer, "play_turns", flaky), \
                mock.patch.object(computer, "RETRY_SECONDS", (0.01, 0.01)):
            computer.schedule(game.pk)
            computer.wait()
        game.refresh_from_db()
        self.assertGreaterEqual(len(calls), 2)
        self.assertEqual(to_act(game), 0)
        self.assertEqual(game.steps.order_by("index").last().seat, COMPUTER_SEAT)
        self.assertEqual(computer._pending, {})

    def test_a_worker_gives_up_after_its_retries_and_the_next_wake_up_starts_afresh(
            self) -> None:
        with override_settings(AI_AUTOPLAY=False):
            game = start(self.alice, "easy", seed=COMPUTER_FIRST)

        def broken(game_id: int) -> int:
            raise OperationalError("database is locked")

        with mock.patch.object(computer, "play_turns", broken) as _, \
                mock.patch.object(computer, "RETRY_SECONDS", (0.01, 0.01)), \
                self.assertLogs("marcomage.web.games.computer", "ERROR") as logs:
            computer.schedule(game.pk)
            computer.wait()
        self.assertEqual(len(logs.records), 3)  # the first try and two retries
        self.assertEqual(computer._pending, {})
        computer.schedule(game.pk)
        computer.wait()
        game.refresh_from_db()
        self.assertEqual(to_act(game), 0)
