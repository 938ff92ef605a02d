"""Starting games: challenges, hosting, joining, slots, decks (C-GAME-1 .. C-GAME-9)."""

from __future__ import annotations

from typing import Any

from marcomage.web.accounts.models import User
from marcomage.web.core.events import challenge_answered
from marcomage.web.decks.models import Deck
from marcomage.web.games import services
from marcomage.web.games.models import Game, Seat, Status
from marcomage.web.games.services import GameError, NotFound
from marcomage.web.preferences.models import preferences_of

from ..base import BaseTestCase
from .helpers import deck_of, seat, start, to_act


class ChallengeTests(BaseTestCase):
    def test_c_game_6_challenge_then_accept_starts_the_game_challenger_in_seat_0(self) -> None:
        answers: list[dict[str, Any]] = []

        def receiver(**kwargs: Any) -> None:
            answers.append(kwargs)

        challenge_answered.connect(receiver)
        self.addCleanup(challenge_answered.disconnect, receiver)
        game = services.challenge(self.alice, self.bob, deck_of(self.alice), "Hi <b>bob</b>",
                                  options={"hidden": True})
        self.assertEqual(game.status, Status.CHALLENGE)
        self.assertEqual(game.message, "Hi <b>bob</b>")
        started = services.accept(self.bob, game.pk, deck_of(self.bob))
        self.assertEqual(started.status, Status.RUNNING)
        self.assertEqual(started.players(), [self.alice, self.bob])
        self.assertEqual((started.ruleset, started.format), ("marcomage", "standard"))
        self.assertTrue(started.options["hidden"])
        self.assertIn(to_act(started), (0, 1))
        self.assertEqual(started.version, 1)
        self.assertEqual(len(answers), 1)
        self.assertTrue(answers[0]["accepted"])
        self.assertEqual(answers[0]["game_id"], started.pk)
        self.assertEqual(answers[0]["challenger"], self.alice)

    def test_c_game_7_reject_deletes_and_signals(self) -> None:
        answers: list[dict[str, Any]] = []
        challenge_answered.connect(lambda **kw: answers.append(kw), weak=False,
                                   dispatch_uid="t-reject")
        self.addCleanup(challenge_answered.disconnect, dispatch_uid="t-reject")
        game = services.challenge(self.alice, self.bob, deck_of(self.alice))
        services.reject(self.bob, game.pk)
        self.assertFalse(Game.objects.exists())
        self.assertEqual(answers[0]["accepted"], False)
        self.assertIsNone(answers[0]["game_id"])

    def test_c_game_7_only_the_challenged_answers_and_only_the_challenger_withdraws(self) -> None:
        game = services.challenge(self.alice, self.bob, deck_of(self.alice))
        with self.assertRaises(NotFound):
            services.accept(self.alice, game.pk, deck_of(self.alice))
        with self.assertRaises(NotFound):
            services.withdraw(self.bob, game.pk)
        services.withdraw(self.alice, game.pk)
        self.assertFalse(Game.objects.exists())

    def test_c_game_4_no_self_challenge_and_one_initiated_game_per_opponent(self) -> None:
        with self.assertRaisesRegex(GameError, "yourself"):
            services.challenge(self.alice, self.alice, deck_of(self.alice))
        services.challenge(self.alice, self.bob, deck_of(self.alice))
        with self.assertRaisesRegex(GameError, "only one"):
            services.challenge(self.alice, self.bob, deck_of(self.alice))
        # bob may still challenge alice: at most two games against the same person
        services.challenge(self.bob, self.alice, deck_of(self.bob))
        self.assertEqual(Game.objects.count(), 2)

    def test_c_game_6_challenge_text_at_most_250(self) -> None:
        with self.assertRaisesRegex(GameError, "250"):
            services.challenge(self.alice, self.bob, deck_of(self.alice), "x" * 251)
        services.challenge(self.alice, self.bob, deck_of(self.alice), "x" * 250)

    def test_c_game_5_deck_must_be_own_and_ready(self) -> None:
        empty = Deck.objects.filter(owner=self.alice).last()
        assert empty is not None and not empty.ready
        with self.assertRaisesRegex(GameError, "not ready"):
            services.challenge(self.alice, self.bob, empty.pk)
        with self.assertRaisesRegex(GameError, "your decks"):
            services.challenge(self.alice, self.bob, deck_of(self.bob))
        with self.assertRaisesRegex(GameError, "your decks"):
            services.challenge(self.alice, self.bob, "nonsense")
        self.assertFalse(Game.objects.exists())

    def test_c_game_5_random_deck_only_with_the_setting(self) -> None:
        """The setting is on by default (C-GAME-5) and "random" picks a ready deck; off, the
        choice is refused."""
        game = services.challenge(self.alice, self.bob, "random")
        deck = seat(game, 0).deck
        self.assertTrue(deck is not None and deck.ready)
        game.delete()
        preferences = preferences_of(self.alice)
        preferences.random_deck_selection = False
        preferences.save()
        self.alice = User.objects.get(pk=self.alice.pk)
        with self.assertRaisesRegex(GameError, "Random deck selection is off"):
            services.challenge(self.alice, self.bob, "random")


class SlotTests(BaseTestCase):
    def fill(self, user: Any, count: int) -> None:
        deck = Deck.objects.filter(owner=user).first()
        games = Game.objects.bulk_create(
            Game(ruleset="marcomage", status=Status.HOSTED) for _ in range(count))
        Seat.objects.bulk_create(Seat(game=g, number=0, user=user, deck=deck) for g in games)

    def test_c_game_1_fifteen_slots_at_level_0(self) -> None:
        self.assertEqual(services.total_slots(self.alice), 15)
        self.assertEqual(services.free_slots(self.alice), 15)

    def test_c_game_2_and_3_challenges_and_hosted_games_use_slots(self) -> None:
        self.fill(self.alice, 14)
        services.challenge(self.alice, self.bob, deck_of(self.alice))
        self.assertEqual(services.free_slots(self.alice), 0)
        self.assertEqual(services.used_slots(self.bob), 1)  # the incoming challenge counts
        with self.assertRaisesRegex(GameError, "slots are in use"):
            services.host(self.alice, deck_of(self.alice))

    def test_c_game_3_accepting_ignores_incoming_challenges(self) -> None:
        carol = User.objects.create_user("carol", "pw")
        game = services.challenge(self.alice, self.bob, deck_of(self.alice))
        services.challenge(carol, self.bob, deck_of(carol))
        self.fill(self.bob, 13)  # 13 hosted + 2 incoming = 15 in use
        self.assertEqual(services.free_slots(self.bob), 0)
        with self.assertRaises(GameError):
            services.host(self.bob, deck_of(self.bob))
        started = services.accept(self.bob, game.pk, deck_of(self.bob))
        self.assertEqual(started.status, Status.RUNNING)

    def test_c_game_3_the_challenged_players_slots_are_not_checked(self) -> None:
        self.fill(self.bob, 15)
        game = services.challenge(self.alice, self.bob, deck_of(self.alice))
        self.assertEqual((game.status, seat(game, 1).user_id), (Status.CHALLENGE, self.bob.pk))
        self.assertEqual(services.used_slots(self.bob), 16)  # over his 15: not refused


class HostTests(BaseTestCase):
    def test_c_game_8_host_and_join_start_with_host_in_seat_0(self) -> None:
        hosted = services.host(self.alice, deck_of(self.alice), options={"friendly": True})
        self.assertIn(hosted, services.open_games(self.bob))
        self.assertNotIn(hosted, services.open_games(self.alice))
        with self.assertRaisesRegex(GameError, "own game"):
            services.join(self.alice, hosted.pk, deck_of(self.alice))
        game = services.join(self.bob, hosted.pk, deck_of(self.bob))
        self.assertEqual(game.status, Status.RUNNING)
        self.assertEqual(game.players(), [self.alice, self.bob])
        self.assertTrue(game.friendly)
        carol = User.objects.create_user("carol", "pw")
        with self.assertRaisesRegex(GameError, "no longer open: all its seats were taken"):
            services.join(carol, hosted.pk, deck_of(carol))  # it was public: not a 404

    def test_c_game_4_cannot_join_a_host_who_already_initiated_a_game_against_you(self) -> None:
        start(self.alice, self.bob)
        hosted = services.host(self.alice, deck_of(self.alice))
        with self.assertRaisesRegex(GameError, "already started a game"):
            services.join(self.bob, hosted.pk, deck_of(self.bob))

    def test_issue_31_a_finished_game_never_blocks_a_rematch(self) -> None:
        """Issue 31 (over C-GAME-4's "finished game not both have left"): once a game
        between the two is over, its host may challenge or host again and be joined,
        though neither has left the finished game yet."""
        game = start(self.alice, self.bob)
        services.surrender(self.bob, game.pk)
        self.assertFalse(services.initiated(self.alice, self.bob))
        hosted = services.host(self.alice, deck_of(self.alice))
        rematch = services.join(self.bob, hosted.pk, deck_of(self.bob))
        self.assertEqual(rematch.status, Status.RUNNING)
        self.assertTrue(services.initiated(self.alice, self.bob))  # the running one counts
        with self.assertRaisesRegex(GameError, "already"):
            services.challenge(self.alice, self.bob, deck_of(self.alice))

    def test_c_game_8_unhost(self) -> None:
        hosted = services.host(self.alice, deck_of(self.alice))
        with self.assertRaises(NotFound):
            services.unhost(self.bob, hosted.pk)
        services.unhost(self.alice, hosted.pk)
        self.assertFalse(Game.objects.exists())


class StartTests(BaseTestCase):
    def test_c_game_5_the_challengers_deck_must_still_be_ready_when_accepted(self) -> None:
        game = services.challenge(self.alice, self.bob, deck_of(self.alice))
        deck = Deck.objects.get(pk=deck_of(self.alice))
        deck.entries = deck.entries[15:]  # the Common section emptied
        deck.save()
        with self.assertRaisesRegex(GameError, "Your opponent's deck: .*not ready"):
            services.accept(self.bob, game.pk, deck_of(self.bob))
        game.refresh_from_db()
        self.assertEqual(game.status, Status.CHALLENGE)
