"""Turns and the end of a game: versions, refusals, surrender, abort, finish, leave
(C-GAME-11 .. C-GAME-17, C-TURN-1), and the game_finished signal."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from marcomage.games import find_ruleset
from marcomage.platform.replay import state_hash
from marcomage.web.accounts.models import User
from marcomage.web.core.events import game_finished
from marcomage.web.games import services
from marcomage.web.games.models import ChatMessage, Game, Status, Step
from marcomage.web.games.services import GameError, NotFound, StaleVersion

from ..base import BaseTestCase
from .helpers import seat, start, to_act, to_move, verified

MARCOMAGE = find_ruleset("marcomage")


class Finished:
    """Collects game_finished signals."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, **kwargs: Any) -> None:
        self.calls.append(kwargs)


class PlayTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.game = start(self.alice, self.bob, seed=11)
        self.finished = Finished()
        game_finished.connect(self.finished)
        self.addCleanup(game_finished.disconnect, self.finished)

    def first_action(self) -> dict[str, Any]:
        self.game.refresh_from_db()
        state = services.game_state(self.game)
        return MARCOMAGE.legal_actions(state, to_act(self.game))[0]

    def test_c_turn_1_a_move_is_applied_and_recorded_as_a_step(self) -> None:
        """PL-STATE-3: the step holds the seat, the action and the state hash after it."""
        mover, _other = to_move(self.game)
        number = to_act(self.game)
        action = self.first_action()
        services.act(mover, self.game.pk, 1, action)
        self.game.refresh_from_db()
        self.assertEqual(self.game.version, 2)
        step = Step.objects.get(game=self.game)
        self.assertEqual((step.index, step.seat, step.kind, step.action),
                         (1, number, "action", action))
        self.assertEqual(step.hash_after,
                         state_hash(MARCOMAGE, services.game_state(self.game)))
        self.assertIsNotNone(self.game.seed)
        self.assertNotEqual(to_act(self.game), number)

    def test_stale_version_is_refused_and_changes_nothing(self) -> None:
        mover, _ = to_move(self.game)
        action = self.first_action()
        with self.assertRaises(StaleVersion):
            services.act(mover, self.game.pk, 0, action)
        with self.assertRaisesRegex(GameError, "no version"):
            services.act(mover, self.game.pk, None, action)
        self.game.refresh_from_db()
        self.assertEqual(self.game.version, 1)
        self.assertFalse(Step.objects.exists())

    def test_a_replayed_form_never_plays_twice(self) -> None:
        mover, _ = to_move(self.game)
        action = self.first_action()
        services.act(mover, self.game.pk, 1, action)
        with self.assertRaises(GameError):
            services.act(mover, self.game.pk, 1, action)
        self.game.refresh_from_db()
        self.assertEqual((self.game.version, self.game.steps.count()), (2, 1))

    def test_not_your_turn_and_bad_input_are_refused_with_a_reason(self) -> None:
        mover, other = to_move(self.game)
        before = self.game.state
        with self.assertRaisesRegex(GameError, "not your turn"):
            services.act(other, self.game.pk, 1, {"type": "discard", "pos": 1})
        with self.assertRaisesRegex(GameError, "positions are 1 to 8"):
            services.act(mover, self.game.pk, 1, {"type": "discard", "pos": 9})
        with self.assertRaisesRegex(GameError, "whole numbers"):
            services.act(mover, self.game.pk, 1, {"type": "discard", "pos": "x"})
        with self.assertRaisesRegex(GameError, "An action is"):
            services.act(mover, self.game.pk, 1, {"type": "cheat", "pos": 1})
        with self.assertRaisesRegex(GameError, "JSON object"):
            services.act(mover, self.game.pk, 1, ["discard", 1])
        self.game.refresh_from_db()
        self.assertEqual((self.game.version, self.game.state), (1, before))

    def test_only_the_two_players_act(self) -> None:
        carol = User.objects.create_user("carol", "pw")
        with self.assertRaises(NotFound):
            services.act(carol, self.game.pk, 1, {"type": "discard", "pos": 1})
        with self.assertRaises(NotFound):
            services.surrender(carol, self.game.pk)
        with self.assertRaises(NotFound):
            services.post_chat(carol, self.game.pk, "hi")

    def test_c_game_11_surrender_on_either_turn_sends_game_finished(self) -> None:
        mover, other = to_move(self.game)
        action = self.first_action()
        services.act(mover, self.game.pk, 1, action)
        services.surrender(mover, self.game.pk)  # on the opponent's turn
        self.game.refresh_from_db()
        self.assertEqual(self.game.status, Status.FINISHED)
        self.assertIsNone(to_act(self.game))
        self.assertEqual(len(self.finished.calls), 1)
        call = self.finished.calls[0]
        self.assertEqual(call["game_id"], self.game.pk)
        self.assertEqual(call["ruleset"], "marcomage")
        self.assertEqual(call["players"], (self.alice, self.bob))
        self.assertFalse(call["friendly"])
        winner_seat = 0 if other == self.alice else 1
        self.assertEqual((call["outcome"].end_type, call["outcome"].winners),
                         ("surrender", (winner_seat,)))
        self.assertEqual(MARCOMAGE.outcome(call["state"]), call["outcome"])
        self.assertEqual(call["last"], (1 - winner_seat, action))
        self.assertEqual((self.game.end_type, self.game.outcome), ("surrender",
                         call["outcome"].to_json()))
        self.assertIsNotNone(self.game.finished_at)
        report = verified(self.game)  # PL-STATE-3: the rows are the game's replay
        self.assertTrue(report.ok, report.message)
        self.assertEqual(report.checked, 2)
        surrender_step = self.game.steps.order_by("index").last()
        assert surrender_step is not None
        self.assertEqual((surrender_step.index, surrender_step.kind, surrender_step.seat),
                         (2, "surrender", 1 - winner_seat))
        with self.assertRaisesRegex(GameError, "over"):
            services.surrender(other, self.game.pk)

    def test_game_finished_without_a_turn_has_no_final_turn(self) -> None:
        services.surrender(self.alice, self.game.pk)
        self.assertIsNone(self.finished.calls[0]["last"])

    def test_c_game_12_abort_only_when_the_opponent_is_dead(self) -> None:
        with self.assertRaisesRegex(GameError, "three weeks"):
            services.abort(self.alice, self.game.pk)
        User.objects.filter(pk=self.bob.pk).update(
            last_activity=timezone.now() - timedelta(days=21, seconds=1))
        self.game.refresh_from_db()
        self.assertTrue(services.end_options(self.game, seat(self.game, 0)).abort)
        services.abort(self.alice, self.game.pk)
        outcome = self.finished.calls[0]["outcome"]
        self.assertEqual((outcome.end_type, outcome.winners), ("abort", ()))
        step = self.game.steps.get()
        self.assertEqual((step.kind, step.seat, step.winners), ("abort", 0, []))
        self.assertTrue(verified(self.game).ok)

    def test_c_game_14_finish_after_three_weeks_on_the_opponents_turn(self) -> None:
        mover, waiter = to_move(self.game)
        with self.assertRaises(GameError):
            services.finish(waiter, self.game.pk)
        Game.objects.filter(pk=self.game.pk).update(
            last_move=timezone.now() - timedelta(days=21))
        with self.assertRaises(GameError):  # it is his own turn: no finishing
            services.finish(mover, self.game.pk)
        self.game.refresh_from_db()
        waiter_seat = self.game.seat_of(waiter)
        assert waiter_seat is not None
        self.assertTrue(services.end_options(self.game, waiter_seat).finish)
        self.assertFalse(services.end_options(self.game, waiter_seat).surrender)
        services.finish(waiter, self.game.pk)
        outcome = self.finished.calls[0]["outcome"]
        self.assertEqual((outcome.end_type, outcome.winners), ("abandon", (waiter_seat.number,)))
        step = self.game.steps.get()
        self.assertEqual((step.kind, step.seat, step.winners),
                         ("abandon", waiter_seat.number, [waiter_seat.number]))
        self.assertTrue(verified(self.game).ok)

    def test_c_game_17_leaving_posts_to_chat_and_the_game_stays_a_replay(self) -> None:
        """PL-SHARED-3: a finished game is never deleted; leaving hides it from the player's
        lists, and the chat goes when everyone has left."""
        with self.assertRaisesRegex(GameError, "only once it is over"):
            services.leave(self.alice, self.game.pk)
        services.surrender(self.alice, self.game.pk)
        self.assertEqual(services.used_slots(self.alice), 1)
        self.assertFalse(services.leave(self.alice, self.game.pk))
        line = ChatMessage.objects.get()
        self.assertEqual((line.author, line.text), (self.alice, "has left the game"))
        self.assertEqual(services.used_slots(self.alice), 0)
        self.assertEqual(services.used_slots(self.bob), 1)
        with self.assertRaises(NotFound):
            services.leave(self.alice, self.game.pk)
        self.assertNotIn(self.game, services.visible_games(self.alice))
        self.assertIn(self.game, services.visible_games(self.bob))
        self.assertTrue(services.leave(self.bob, self.game.pk))
        self.assertTrue(Game.objects.filter(pk=self.game.pk, status=Status.FINISHED).exists())
        self.assertFalse(ChatMessage.objects.exists())
        self.assertEqual(services.used_slots(self.bob), 0)
        self.assertFalse(services.initiated(self.alice, self.bob))  # C-GAME-4: both left

    def test_the_icon_source_and_next_game_follow_the_turn(self) -> None:
        mover, waiter = to_move(self.game)
        now = timezone.now()
        self.assertTrue(services.your_turn_anywhere(mover, now))
        self.assertFalse(services.your_turn_anywhere(waiter, now))
        self.assertEqual(services.next_game(mover), self.game.pk)
        self.assertIsNone(services.next_game(waiter))
        self.assertIsNone(services.next_game(mover, self.game.pk))  # no other game

    def test_c_game_16_chat_and_note_limits(self) -> None:
        with self.assertRaisesRegex(GameError, "Write something"):
            services.post_chat(self.alice, self.game.pk, "   ")
        with self.assertRaisesRegex(GameError, "300"):
            services.post_chat(self.alice, self.game.pk, "x" * 301)
        services.post_chat(self.alice, self.game.pk, "x" * 300)
        with self.assertRaisesRegex(GameError, "1000"):
            services.save_note(self.alice, self.game.pk, "x" * 1001)
        services.save_note(self.alice, self.game.pk, "my plan")
        self.game.refresh_from_db()
        self.assertEqual((seat(self.game, 0).note, seat(self.game, 1).note), ("my plan", ""))
        self.assertEqual(self.game.version, 1)  # neither changes the game
