"""The players list: activity colours (C-ACT-1), filters and paging (C-ACT-3), sorting,
status flags, nationality flags and avatars as the viewer's settings ask."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.preferences.models import Preferences, Profile

from .base import BaseTestCase

URL = "/players/"


def seen(user: User, ago: timedelta) -> None:
    User.objects.filter(pk=user.pk).update(last_activity=timezone.now() - ago)


def names(response: Any) -> list[str]:
    return [row["player"].username for row in response.context["rows"]]


class PlayerListTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)
        self.carol = User.objects.create_user("carol", "x")
        self.dave = User.objects.create_user("dave", "x")
        self.erin = User.objects.create_user("erin", "x")
        seen(self.alice, timedelta(0))
        seen(self.bob, timedelta(minutes=9))
        seen(self.carol, timedelta(days=3))
        seen(self.dave, timedelta(days=20))
        seen(self.erin, timedelta(days=22))

    def test_it_needs_a_logged_in_player(self) -> None:
        self.client.logout()
        self.assertRedirects(self.client.get(URL), f"/accounts/login/?next={URL}")

    def test_it_colours_each_name_by_activity(self) -> None:
        response = self.client.get(URL, {"activity": "all"})
        html = response.content.decode()
        self.assertIn('class="player-name activity-online" href="/players/bob/"', html)
        self.assertIn('class="player-name activity-offline" href="/players/carol/"', html)
        self.assertIn('class="player-name activity-inactive" href="/players/dave/"', html)
        self.assertIn('class="player-name activity-dead" href="/players/erin/"', html)

    def test_its_default_filter_shows_players_active_within_21_days(self) -> None:
        self.assertEqual(names(self.client.get(URL)), ["alice", "bob", "carol", "dave"])

    def test_it_filters_by_activity(self) -> None:
        self.assertEqual(names(self.client.get(URL, {"activity": "active"})), ["alice", "bob"])
        self.assertEqual(
            names(self.client.get(URL, {"activity": "offline"})), ["alice", "bob", "carol"]
        )
        self.assertEqual(len(names(self.client.get(URL, {"activity": "all"}))), 5)

    def test_it_starts_from_the_players_list_filter_setting(self) -> None:
        Preferences.objects.filter(user=self.alice).update(players_filter="active")
        self.assertEqual(names(self.client.get(URL)), ["alice", "bob"])
        self.assertContains(self.client.get(URL), '<option value="active" selected>')

    def test_it_filters_by_status(self) -> None:
        Profile.objects.filter(user=self.carol).update(status="quick")
        response = self.client.get(URL, {"status": "quick"})
        self.assertEqual(names(response), ["carol"])
        self.assertContains(response, "Looking for quick game")

    def test_it_shows_newbie_as_the_default_status(self) -> None:
        self.assertContains(self.client.get(URL), "status-newbie", count=4)

    def test_it_searches_names_in_any_case(self) -> None:
        self.assertEqual(names(self.client.get(URL, {"name": "CAR"})), ["carol"])
        self.assertEqual(names(self.client.get(URL, {"name": "a"})), ["alice", "carol", "dave"])

    def test_it_sorts(self) -> None:
        by_activity = names(self.client.get(URL, {"sort": "activity"}))
        self.assertEqual(by_activity, ["alice", "bob", "carol", "dave"])
        newest = names(self.client.get(URL, {"sort": "newest", "activity": "all"}))
        self.assertEqual(newest[0], "erin")

    def test_it_ignores_unknown_filter_values(self) -> None:
        response = self.client.get(URL, {"activity": "x", "status": "y", "sort": "z"})
        self.assertEqual(names(response), ["alice", "bob", "carol", "dave"])

    def test_it_pages_50_players_at_a_time(self) -> None:
        User.objects.bulk_create(
            User(username=f"p{n:02}", username_key=f"p{n:02}") for n in range(60)
        )
        first = self.client.get(URL, {"name": "p"})
        self.assertEqual(len(names(first)), 50)
        self.assertContains(first, "Page 1 of 2")
        second = self.client.get(URL, {"name": "p", "page": 2})
        self.assertEqual(names(second), [f"p{n:02}" for n in range(50, 60)])
        self.assertContains(second, "name=p&amp;page=1")

    def test_it_shows_nationality_flags_and_names_as_the_setting_asks(self) -> None:
        Profile.objects.filter(user=self.bob).update(country="SK")
        response = self.client.get(URL)
        flag = '<img class="flag" src="/static/vendor/flags/sk.svg?v='
        self.assertContains(response, flag)
        self.assertContains(response, '<span class="nationality">Slovakia</span>')
        Preferences.objects.filter(user=self.alice).update(show_nationality=False)
        response = self.client.get(URL)
        self.assertContains(response, flag)
        self.assertNotContains(response, '<span class="nationality">')

    def test_it_shows_avatars_as_the_setting_asks(self) -> None:
        name = "0123456789abcdef0123456789abcdef.png"
        Profile.objects.filter(user=self.bob).update(avatar=name)
        self.assertContains(self.client.get(URL), f'src="/avatars/{name}"')
        Preferences.objects.filter(user=self.alice).update(show_avatar_in_players_list=False)
        self.assertNotContains(self.client.get(URL), "/avatars/")

    def test_it_answers_htmx_with_the_results_only(self) -> None:
        response = self.client.get(URL, {"status": "newbie"}, headers={"HX-Request": "true"})
        html = response.content.decode()
        self.assertTrue(html.startswith('<div id="players-results">'))
        self.assertNotIn("<html", html)

    def test_it_escapes_player_names(self) -> None:
        User.objects.create_user("<b>x</b>", "x")
        response = self.client.get(URL)
        self.assertContains(response, "&lt;b&gt;x&lt;/b&gt;")
        self.assertNotContains(response, "<b>x</b>")

    def test_it_shows_dates_in_the_viewers_time_zone(self) -> None:
        moment = timezone.now().replace(year=2030, month=1, day=1, hour=12, minute=0)
        User.objects.filter(pk=self.bob.pk).update(last_activity=moment)
        Preferences.objects.filter(user=self.alice).update(timezone="Asia/Tokyo")
        response = self.client.get(URL, {"activity": "all"})
        self.assertContains(response, "2030-01-01 21:00")
