"""Every player has a score row from registration on (manual: "Player rating system")."""

from __future__ import annotations

from marcomage.web.decks.services import deck_slots
from marcomage.web.scores.services import level_of, score_of

from ..base import BaseTestCase


class ScoreRowTest(BaseTestCase):
    def test_a_new_player_starts_at_level_0_with_15_game_and_8_deck_slots(self) -> None:
        score = score_of(self.alice)
        assert (score.wins, score.losses, score.draws, score.exp, level_of(self.alice)) == (
            0, 0, 0, 0, 0)
        assert (score.game_slots, deck_slots(self.alice, "marcomage")) == (15, 8)
        score.level = 12
        score.save()
        assert (score_of(self.alice).game_slots, deck_slots(self.alice, "marcomage")) == (18, 10)
