"""scores.services.record_game: marcomage.games.marcomage.awards's results stored per player
(manual: "Player rating system"; C-EXP-2, C-EXP-3, C-EXP-11, C-DECK-4)."""

from __future__ import annotations

from marcomage.games.marcomage import EndType
from marcomage.web.scores.models import Score
from marcomage.web.scores.services import record_game, score_of

from ..base import BaseTestCase
from ..finished_games import destruction, ended


class RecordGameTest(BaseTestCase):
    def test_C_EXP_3_levels_before_the_game_feed_phase_2(self) -> None:
        # The manual's phase 2 example: level 7 beats level 1 by Tower destruction.
        Score.objects.filter(user=self.alice).update(level=7)
        Score.objects.filter(user=self.bob).update(level=1)
        game, turn = destruction()
        winner, loser = record_game(game, (self.alice, self.bob), turn)
        assert winner.rating is not None and loser.rating is not None
        self.assertEqual(winner.rating.opponent.exp, 74)  # 105 * 0.7
        self.assertEqual(loser.rating.opponent.exp, 24)  # 15 * 1.6 (C-ERR-1)
        self.assertEqual(score_of(self.alice).exp, winner.rating.gain)
        self.assertEqual(score_of(self.bob).exp, loser.rating.gain)
        self.assertEqual((winner.change.wins, loser.change.losses), (1, 1))

    def test_C_EXP_2_at_most_one_level_per_game(self) -> None:
        Score.objects.filter(user=self.alice).update(level=0, exp=499)
        game, turn = destruction()
        winner, _ = record_game(game, (self.alice, self.bob), turn)
        self.assertEqual((winner.level, winner.exp, winner.levelled_up), (1, 156, True))
        self.assertFalse(winner.bonus_game_slot or winner.bonus_deck_slot)
        # 156 of the 550 needed for level 2: no second level up.
        self.assertEqual((score_of(self.alice).level, score_of(self.alice).exp), (1, 156))

    def test_counters_add_up_over_games(self) -> None:
        for _ in range(2):
            game, turn = destruction()
            record_game(game, (self.alice, self.bob), turn)
        record_game(ended(EndType.DRAW, None), (self.alice, self.bob))
        alice = score_of(self.alice)
        self.assertEqual((alice.wins, alice.losses, alice.draws), (2, 0, 1))
        bob = score_of(self.bob)
        self.assertEqual((bob.wins, bob.losses, bob.draws), (0, 2, 1))

    def test_C_GAME_10_friendly_records_nothing(self) -> None:
        game, turn = destruction(friendly=True)
        first, second = record_game(game, (self.alice, self.bob), turn)
        self.assertIsNone(first.rating)
        self.assertFalse(first.levelled_up or second.levelled_up)
        self.assertEqual(score_of(self.alice).wins, 0)

    def test_a_game_needs_two_different_players(self) -> None:
        game, turn = destruction()
        with self.assertRaises(ValueError):
            record_game(game, (self.alice, self.alice), turn)
        self.assertEqual(score_of(self.alice).wins, 0)
