"""scores 0002: today's scores become MArcomage scores with nothing lost, and a player may
then have a score in each game system (PL-SHARED-4), on a database made at the old schema."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.test import TransactionTestCase

from marcomage.web.scores.models import Score
from marcomage.web.scores.services import level_of, score_of

from .schema import migrate, migrate_to_latest, old_user


class ScorePerGameMigrationTest(TransactionTestCase):
    def setUp(self) -> None:
        apps = migrate([("scores", "0001_initial")])
        veteran, newcomer = old_user(apps, "veteran"), old_user(apps, "newcomer")
        old_score = apps.get_model("scores", "Score")
        old_score.objects.create(user=veteran, wins=12, losses=7, draws=2, exp=321, level=6)
        old_score.objects.create(user=newcomer)
        self.veteran_id, self.newcomer_id = veteran.pk, newcomer.pk

    def tearDown(self) -> None:
        migrate_to_latest()

    def test_PL_SHARED_4_old_scores_become_marcomage_scores_unchanged(self) -> None:
        migrate_to_latest()
        veteran = Score.objects.get(user_id=self.veteran_id)
        assert (veteran.game, veteran.wins, veteran.losses, veteran.draws, veteran.exp,
                veteran.level) == ("marcomage", 12, 7, 2, 321, 6)
        assert Score.objects.get(user_id=self.newcomer_id).game == "marcomage"
        assert level_of(veteran.user) == 6 and level_of(veteran.user, "toy") == 0

    def test_PL_SHARED_4_one_score_per_player_and_game_system(self) -> None:
        migrate_to_latest()
        veteran = Score.objects.get(user_id=self.veteran_id).user
        assert score_of(veteran, "toy").level == 0
        assert Score.objects.filter(user=veteran).count() == 2
        with self.assertRaises(IntegrityError), transaction.atomic():
            Score.objects.create(user=veteran, game="marcomage")
