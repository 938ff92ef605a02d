"""The ladder page: ranked by level, then EXP, then name (C-EXP-12), 50 a page, with the
activity colour (C-ACT-1) and avatar of each player."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.preferences.models import Preferences, Profile
from marcomage.web.scores.models import Score

from ..base import BaseTestCase

URL = "/ladder/"


def names(response: Any) -> list[str]:
    return [row["player"].username for row in response.context["rows"]]


class LadderTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)

    def test_it_needs_a_logged_in_player(self) -> None:
        self.client.logout()
        self.assertEqual(self.client.get(URL).status_code, 302)

    def test_C_EXP_12_sorted_by_level_then_exp_then_name(self) -> None:
        carol = User.objects.create_user("carol", "pw")
        dave = User.objects.create_user("dave", "pw")
        Score.objects.filter(user=self.alice).update(level=2, exp=10)
        Score.objects.filter(user=self.bob).update(level=3, exp=0)
        Score.objects.filter(user=carol).update(level=2, exp=300)
        Score.objects.filter(user=dave).update(level=2, exp=10)
        response = self.client.get(URL)
        self.assertEqual(names(response), ["bob", "carol", "alice", "dave"])
        self.assertEqual([row["rank"] for row in response.context["rows"]], [1, 2, 3, 4])
        self.assertContains(response, "300 / 600")  # C-EXP-1: level 2 needs 500 + 50 * 2

    def test_it_shows_score_counters_activity_colour_and_avatar(self) -> None:
        Score.objects.filter(user=self.bob).update(wins=5, losses=2, draws=1, level=1, exp=20)
        User.objects.filter(pk=self.bob.pk).update(
            last_activity=timezone.now() - timedelta(days=30))
        Profile.objects.update_or_create(user=self.bob, defaults={"avatar": "0" * 32 + ".png"})
        response = self.client.get(URL)
        self.assertContains(response, 'class="player-name activity-dead"')
        self.assertContains(response, f'src="/avatars/{"0" * 32}.png"')
        self.assertContains(response, '<td class="num wins">5</td>')
        self.assertContains(response, '<td class="num losses">2</td>')
        self.assertContains(response, '<td class="num draws">1</td>')
        self.assertContains(response, "20 / 550")
        Preferences.objects.update_or_create(
            user=self.alice, defaults={"show_avatar_in_players_list": False})
        self.assertNotContains(self.client.get(URL), "/avatars/")

    def test_50_players_a_page(self) -> None:
        for number in range(49):
            User.objects.create_user(f"p{number:02d}", "pw")
        first = self.client.get(URL)
        self.assertEqual(len(first.context["rows"]), 50)
        second = self.client.get(URL, {"page": 2})
        self.assertEqual([row["rank"] for row in second.context["rows"]], [51])
