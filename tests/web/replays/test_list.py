"""The replays list (PL-SHARED-3): every finished game of every system that has a replay,
newest first, filterable by game system, player and end type, with paging; public."""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

from marcomage.web.accounts.models import User
from marcomage.web.games import computer
from marcomage.web.games import services as games
from marcomage.web.games.models import Game
from marcomage.web.replays import services
from tests.web.base import PASSWORD, BaseTestCase
from tests.web.games.helpers import deck_of, discard, start, to_move

from .games import finished_game, leave_all, play, stored_toy_game


def listed(html: str) -> list[int]:
    """The game ids of the list's rows, in order."""
    return [int(pk) for pk in re.findall(r'<tr class="replay-row" data-game="(\d+)">', html)]


def row_of(html: str, pk: int) -> str:
    found = re.search(rf'<tr class="replay-row" data-game="{pk}">.*?</tr>', html, re.S)
    assert found, f"game {pk} is not listed"
    return found.group(0)


class ListTest(BaseTestCase):
    carol: User
    destroyed: Game
    surrendered: Game
    toy: Game
    old: Game
    running: Game

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        cls.carol = User.objects.create_user("carol", PASSWORD)
        cls.destroyed = finished_game(cls.alice, cls.bob, seed=1)
        cls.old = finished_game(cls.bob, cls.carol, seed=2)
        Game.objects.filter(pk=cls.old.pk).update(seed=None)  # from before replays
        cls.surrendered = play(start(cls.carol, cls.alice, seed=3), 4)
        games.surrender(cls.alice, cls.surrendered.pk)
        leave_all(cls.surrendered)
        cls.surrendered.refresh_from_db()
        cls.toy = stored_toy_game([cls.alice, cls.bob, cls.carol], seed=9)
        cls.running = start(cls.alice, cls.carol, seed=4)
        discard(to_move(cls.running)[0], cls.running)

    def get(self, query: str = "", **extra: Any) -> str:
        response = self.client.get(f"/replays/{query}", **extra)
        self.assertEqual(response.status_code, 200)
        return str(response.content.decode())

    def test_pl_shared_3_finished_recorded_games_newest_first_and_nothing_else(self) -> None:
        html = self.get()  # public: nobody is logged in
        self.assertEqual(listed(html), [self.toy.pk, self.surrendered.pk, self.destroyed.pk])
        self.assertIn("3 replays", html)

    def test_each_row_shows_system_players_winner_end_rounds_and_date(self) -> None:
        html = self.get()
        row = row_of(html, self.surrendered.pk)
        self.assertIn('<td class="system">MArcomage</td>', row)
        self.assertRegex(row, r">carol</a> vs <a [^>]*>alice</a>")
        self.assertIn('<td class="winner">carol</td>', row)
        self.assertIn('<td class="end-type">Surrender</td>', row)
        rounds = self.surrendered.outcome["final_round"]
        self.assertIn(f'<td class="num rounds">{rounds}</td>', row)
        self.assertIn(f'datetime="{self.surrendered.finished_at.isoformat()}"', row)
        self.assertIn(f'href="/replays/{self.surrendered.pk}/"', row)
        toy = row_of(html, self.toy.pk)
        self.assertIn('<td class="system">Toy (test only)</td>', toy)
        self.assertRegex(toy, r">alice</a> vs <a [^>]*>bob</a> vs <a [^>]*>carol</a>")
        self.assertIn('<td class="end-type">Points</td>', toy)

    def test_filter_by_game_system(self) -> None:
        self.assertEqual(listed(self.get("?system=toy")), [self.toy.pk])
        self.assertEqual(listed(self.get("?system=marcomage")),
                         [self.surrendered.pk, self.destroyed.pk])
        everything = self.get("?system=no-such-game")  # ignored, not an error
        self.assertEqual(len(listed(everything)), 3)
        self.assertIn('<option value="toy">Toy (test only)</option>', everything)

    def test_filter_by_player_name_in_any_seat_case_insensitively(self) -> None:
        self.assertEqual(listed(self.get("?player=CAROL")), [self.toy.pk, self.surrendered.pk])
        self.assertEqual(listed(self.get("?player=bob")), [self.toy.pk, self.destroyed.pk])
        nobody = self.get("?player=zed")
        self.assertEqual(listed(nobody), [])
        self.assertIn("No replays match.", nobody)

    def test_filter_by_end_type_and_combined(self) -> None:
        self.assertEqual(listed(self.get("?end=surrender")), [self.surrendered.pk])
        html = self.get("?system=marcomage&player=bob&end=destruction")
        self.assertEqual(listed(html), [self.destroyed.pk])
        self.assertIn('<option value="destruction" selected>Destruction</option>', html)
        self.assertEqual(services.end_types(), ["destruction", "points", "surrender"])

    def test_paging_keeps_the_filters(self) -> None:
        with mock.patch.object(services, "PER_PAGE", 2):
            first = self.get("?player=alice")
            second = self.get("?player=alice&page=2")
        self.assertEqual(listed(first), [self.toy.pk, self.surrendered.pk])
        self.assertEqual(listed(second), [self.destroyed.pk])
        self.assertIn("Page 1 of 2", first)
        self.assertIn('href="?player=alice&amp;page=2" rel="next"', first)

    def test_htmx_gets_the_results_only(self) -> None:
        html = self.get("?end=surrender", HTTP_HX_REQUEST="true")
        self.assertTrue(html.startswith('<div id="replays-results">'))
        self.assertNotIn("<html", html)
        self.assertEqual(listed(html), [self.surrendered.pk])

    def test_the_navigation_bar_has_the_section(self) -> None:
        self.log_in(self.alice)
        self.assertIn('<a href="/replays/" class="current" aria-current="page">Replays</a>',
                      self.get())


class ComputerRowTest(BaseTestCase):
    def test_the_computer_is_named_without_a_link_to_a_player_page_it_does_not_have(self) -> None:
        """The computer's account is inactive, so /players/Computer/ is a 404: the list names
        it as text and links only the human."""
        with mock.patch.object(games, "new_seed", return_value=2):
            game = computer.start(self.alice, deck_of(self.alice), "easy")
        games.surrender(self.alice, game.pk)
        self.log_in(self.alice)
        row = row_of(self.client.get("/replays/").content.decode(), game.pk)
        self.assertIn('<a href="/players/alice/">alice</a> vs Computer</td>', row)
        self.assertEqual(self.client.get("/players/Computer/").status_code, 404)


class HomeTileTest(BaseTestCase):
    def test_the_home_page_leads_to_games_decks_and_replays(self) -> None:
        self.log_in(self.alice)
        page = self.client.get("/").content.decode()
        for url in ("/games/", "/decks/", "/replays/"):
            self.assertIn(f'<li><a href="{url}">', page)
