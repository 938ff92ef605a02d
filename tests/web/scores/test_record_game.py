"""scores.services.record_game: the ruleset's awards (MArcomage's four phases) stored per
player and game system (manual: "Player rating system"; C-EXP-2, C-EXP-3, C-EXP-11,
PL-SHARED-4)."""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage import EndType, Game
from marcomage.games.marcomage.awards import FinalTurn, Rating
from marcomage.games.marcomage.ruleset import action_to_json
from marcomage.web.scores.models import Score
from marcomage.web.scores.services import Rated, record_game, score_of

from ..base import BaseTestCase
from ..finished_games import destruction, ended


def record(state: Game, players: tuple[Any, ...], turn: FinalTurn | None = None
           ) -> list[Rated]:
    last = None if turn is None else (turn.player, action_to_json(turn.action))
    return record_game("marcomage", state, players, friendly=state.friendly, last=last)


def rating(rated: Rated) -> Rating:
    return Rating.from_json(rated.award.details["rating"])


class RecordGameTest(BaseTestCase):
    def test_C_EXP_3_levels_before_the_game_feed_phase_2(self) -> None:
        # The manual's phase 2 example: level 7 beats level 1 by Tower destruction.
        Score.objects.filter(user=self.alice).update(level=7)
        Score.objects.filter(user=self.bob).update(level=1)
        game, turn = destruction()
        winner, loser = record(game, (self.alice, self.bob), turn)
        self.assertEqual(rating(winner).opponent.exp, 74)  # 105 * 0.7
        self.assertEqual(rating(loser).opponent.exp, 24)  # 15 * 1.6 (C-ERR-1)
        self.assertEqual(score_of(self.alice).exp, rating(winner).gain)
        self.assertEqual(score_of(self.bob).exp, rating(loser).gain)
        self.assertEqual((winner.counted, loser.counted), ("wins", "losses"))

    def test_C_EXP_2_at_most_one_level_per_game(self) -> None:
        Score.objects.filter(user=self.alice).update(level=0, exp=499)
        game, turn = destruction()
        winner, _ = record(game, (self.alice, self.bob), turn)
        self.assertEqual((winner.level, winner.exp, winner.levelled_up), (1, 156, True))
        self.assertFalse(winner.bonus_game_slot)
        # 156 of the 550 needed for level 2: no second level up.
        self.assertEqual((score_of(self.alice).level, score_of(self.alice).exp), (1, 156))

    def test_counters_add_up_over_games(self) -> None:
        for _ in range(2):
            game, turn = destruction()
            record(game, (self.alice, self.bob), turn)
        record(ended(EndType.DRAW, None), (self.alice, self.bob))
        alice = score_of(self.alice)
        self.assertEqual((alice.wins, alice.losses, alice.draws), (2, 0, 1))
        bob = score_of(self.bob)
        self.assertEqual((bob.wins, bob.losses, bob.draws), (0, 2, 1))

    def test_C_GAME_10_friendly_records_nothing(self) -> None:
        game, turn = destruction(friendly=True)
        first, second = record(game, (self.alice, self.bob), turn)
        self.assertNotIn("rating", first.award.details)
        self.assertIsNone(first.counted)
        self.assertFalse(first.levelled_up or second.levelled_up)
        self.assertEqual(score_of(self.alice).wins, 0)

    def test_a_game_needs_different_players(self) -> None:
        game, turn = destruction()
        with self.assertRaises(ValueError):
            record(game, (self.alice, self.alice), turn)
        self.assertEqual(score_of(self.alice).wins, 0)

    def test_PL_SHARED_4_scores_are_kept_per_game_system(self) -> None:
        Score.objects.create(user=self.alice, game="other", level=9, exp=3)
        game, turn = destruction()
        record(game, (self.alice, self.bob), turn)
        other = Score.objects.get(user=self.alice, game="other")
        self.assertEqual((other.level, other.exp, other.wins), (9, 3, 0))
        self.assertEqual(score_of(self.alice).wins, 1)
        self.assertEqual(score_of(self.alice, "other").level, 9)
