"""The replay viewer (PL-STATE-3, PL-SHARED-3, PL-VIEW-4): a public, linkable page per step,
rebuilt by re-simulation from the seed, showing both hands and the move list; nothing of a
running game is ever served."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from django.test import Client

from marcomage.games import find_ruleset
from marcomage.platform.replay import state_at
from marcomage.web.accounts.models import User
from marcomage.web.games import services as games
from marcomage.web.games.models import Game, Seat, Status
from marcomage.web.replays import services
from tests.web.base import BaseTestCase
from tests.web.games.helpers import discard, seat, start

from .games import finished_game, leave_all, play, stored_toy_game

MARCOMAGE = find_ruleset("marcomage")


def hand(html: str, number: int) -> list[int]:
    """The card ids shown in seat `number`'s hand on a replay page."""
    found = re.search(rf'<section class="hand hand-seat{number}".*?</section>', html, re.S)
    assert found, f"no hand of seat {number}"
    return [int(card) for card in re.findall(r'data-card="(\d+)"', found.group(0))]


def current(html: str) -> list[str]:
    """The data-step of the highlighted entries of the move list."""
    return re.findall(r'<li class="replay-move current" data-step="(\d+)">', html)


class ViewerTest(BaseTestCase):
    game: Game

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        cls.game = finished_game(cls.alice, cls.bob, seed=2, hidden=True)

    def page(self, step: Any = None, client: Client | None = None, **extra: Any) -> Any:
        url = f"/replays/{self.game.pk}/" + ("" if step is None else f"?step={step}")
        return (client or self.client).get(url, **extra)

    def expected_view(self, step: int) -> dict[str, Any]:
        replay = services.replay_of(self.game)
        return MARCOMAGE.view(state_at(replay, MARCOMAGE, step), None)

    def test_pl_view_4_the_replay_is_public_and_shows_both_hands_of_a_hidden_cards_game(
            self) -> None:
        response = self.page(5)  # nobody logged in
        self.assertEqual(response.status_code, 200)
        html = response.content.decode()
        view = self.expected_view(5)
        for number in (0, 1):
            self.assertEqual(hand(html, number), view["players"][number]["hand"])
            self.assertEqual(len(hand(html, number)), 8)

    def test_pl_state_3_each_step_is_the_re_simulated_position_and_is_highlighted(self) -> None:
        total = self.game.steps.count()
        for step in (0, 1, 7, total):
            html = self.page(step).content.decode()
            view = self.expected_view(step)
            self.assertEqual(hand(html, 0), view["players"][0]["hand"], step)
            self.assertEqual(hand(html, 1), view["players"][1]["hand"], step)
            self.assertIn(f'data-round="{view["round"]}"', html)
            self.assertEqual(current(html), [str(step)])
            self.assertIn(f'data-step="{step}" data-total="{total}"', html)
        self.assertNotEqual(self.expected_view(0)["players"][0]["hand"],
                            self.expected_view(total)["players"][0]["hand"])

    def test_buttons_link_to_the_neighbouring_steps_and_stop_at_the_ends(self) -> None:
        total = self.game.steps.count()
        html = self.page(4).content.decode()
        for name, target in (("first", 0), ("back", 3), ("forward", 5), ("last", total)):
            self.assertRegex(html, rf'<a id="replay-{name}" class="button" href="\?step={target}"'
                                   rf' hx-get="\?step={target}"')
        start_html = self.page().content.decode()
        self.assertIn('<span id="replay-back" class="button disabled"', start_html)
        self.assertIn('<span id="replay-first" class="button disabled"', start_html)
        self.assertEqual(current(start_html), ["0"])
        end_html = self.page(total).content.decode()
        self.assertIn('<span id="replay-forward" class="button disabled"', end_html)
        self.assertIn('<span id="replay-last" class="button disabled"', end_html)

    def test_the_move_list_names_every_step_with_its_player_and_card(self) -> None:
        html = self.page(1).content.decode()
        steps = list(self.game.steps.order_by("index"))
        self.assertEqual(re.findall(r'class="replay-move[^"]*" data-step="(\d+)"', html),
                         [str(n) for n in range(len(steps) + 1)])
        first = steps[0]
        mover = seat(self.game, first.seat).user.username
        view = self.expected_view(0)
        card = view["players"][first.seat]["hand"][first.action["pos"] - 1]
        from marcomage.web.rulesets.marcomage.templatetags.marcomage_board import card as card_of

        verb = "plays" if first.action["type"] == "play" else "discards"
        self.assertIn(f'<span class="who">{mover}</span> {verb} {card_of(card).name}', html)

    def test_the_header_names_system_players_decks_options_seed_and_end(self) -> None:
        html = self.page().content.decode()
        self.game.refresh_from_db()
        self.assertIn("MArcomage", html)
        for number in (0, 1):
            s = seat(self.game, number)
            self.assertIn(f"<strong>{s.user.username}</strong> with deck <em>{s.deck_name}</em>",
                          html)
        self.assertIn("Hide opponent&#x27;s cards: yes", html)
        self.assertIn("Friendly play: no", html)
        self.assertIn(f"<code>{self.game.seed}</code>", html)
        self.assertIn(f"{self.game.end_type.capitalize()}, won by", html)
        self.assertIn(f'href="/replays/{self.game.pk}.json"', html)

    def test_the_header_numbers_the_players_from_1_as_people_count_them(self) -> None:
        """Seats are 0-based inside; a person reads "1. alice, 2. bob", never a seat 0."""
        html = self.page().content.decode()
        players = re.search(r'<dd class="seats"><ol( start="\d+")?>', html)
        assert players, "no players list in the header"
        self.assertIn(players.group(1), (None, ' start="1"'))

    def test_out_of_range_steps_are_clamped_and_a_bad_step_is_refused_with_a_reason(
            self) -> None:
        total = self.game.steps.count()
        self.assertEqual(current(self.page(10_000).content.decode()), [str(total)])
        self.assertEqual(current(self.page(-3).content.decode()), ["0"])
        response = self.page("abc")
        self.assertEqual(response.status_code, 400)
        self.assertIn(b"whole number", response.content)

    def test_htmx_gets_only_the_position(self) -> None:
        response = self.page(3, HTTP_HX_REQUEST="true")
        html = response.content.decode()
        self.assertTrue(html.startswith('<div id="replay-position"'))
        self.assertNotIn("<html", html)
        self.assertEqual(current(html), ["3"])

    def test_escaped_everywhere(self) -> None:
        Seat.objects.filter(game=self.game, number=0).update(deck_name="<b>bold</b>")
        html = self.page().content.decode()
        self.assertIn("&lt;b&gt;bold&lt;/b&gt;", html)
        self.assertNotIn("<b>bold</b>", html)

    def test_pl_state_3_a_refused_step_stops_the_playback_there_as_drifted(self) -> None:
        step = self.game.steps.filter(kind="action").order_by("index")[5]
        step.action = {"type": "discard", "pos": 9}
        step.save()
        html = self.page(1000).content.decode()
        self.assertIn(f"Step {step.index} cannot be played back", html)
        self.assertIn("(it has drifted)", html)
        self.assertIn(f'data-step="{step.index - 1}" data-total="{step.index - 1}"', html)

    def test_pl_state_3_a_game_of_an_older_rules_version_is_marked_stale(self) -> None:
        Game.objects.filter(pk=self.game.pk).update(ruleset_version=0)
        html = self.page(2).content.decode()
        self.assertIn("from version 0 of the rules", html)
        self.assertIn("(stale)", html)
        self.assertEqual(current(html), ["2"])

    def test_no_replay_is_404_and_unknown_games_too(self) -> None:
        self.assertEqual(self.client.get("/replays/999999/").status_code, 404)
        self.assertEqual(self.client.get("/replays/999999.json").status_code, 404)


class RunningGameTest(BaseTestCase):
    def test_pl_view_1_a_running_game_has_no_replay_for_anyone_its_players_included(
            self) -> None:
        game = start(self.alice, self.bob, seed=3, hidden=True)
        discard(*_mover(game), pos=1)
        for who in (None, self.alice, self.bob):
            client = Client()
            if who is not None:
                client.force_login(who)
            for url in (f"/replays/{game.pk}/", f"/replays/{game.pk}/?step=1",
                        f"/replays/{game.pk}.json"):
                self.assertEqual(client.get(url).status_code, 404, (who, url))
            self.assertNotContains(client.get("/replays/"), f'data-game="{game.pk}"')

    def test_the_game_page_links_to_the_replay_once_the_game_is_over(self) -> None:
        game = start(self.alice, self.bob, seed=3)
        self.log_in(self.alice)
        self.assertNotContains(self.client.get(f"/games/{game.pk}/"), 'id="replay-link"')
        games.surrender(self.bob, game.pk)
        self.assertContains(self.client.get(f"/games/{game.pk}/"),
                            f'<a id="replay-link" class="button" href="/replays/{game.pk}/">')
        Game.objects.filter(pk=game.pk).update(seed=None)
        self.assertNotContains(self.client.get(f"/games/{game.pk}/"), 'id="replay-link"')

    def test_a_game_recorded_before_replays_has_no_replay(self) -> None:
        game = finished_game(self.alice, self.bob, seed=4)
        Game.objects.filter(pk=game.pk).update(seed=None)
        self.assertEqual(self.client.get(f"/replays/{game.pk}/").status_code, 404)
        self.assertEqual(self.client.get(f"/replays/{game.pk}.json").status_code, 404)
        self.assertNotContains(self.client.get("/replays/"), f'data-game="{game.pk}"')


def _mover(game: Game) -> tuple[Any, Game]:
    from tests.web.games.helpers import to_move

    return to_move(game)[0], game


class CostTest(BaseTestCase):
    def test_a_100_step_replay_is_rebuilt_at_its_last_step_in_well_under_a_second(
            self) -> None:
        """Measures re-simulation (nothing is cached) on a 100-step MArcomage game: 99 random
        legal moves, then a surrender."""
        for attempt in range(1, 30):
            rng = random.Random(attempt)
            game = play(start(self.alice, self.bob, seed=5), 99,
                        lambda legal, _n, rng=rng: rng.choice(legal))
            if game.status == Status.RUNNING:
                break
            leave_all(game)
        games.surrender(self.alice, game.pk)
        leave_all(game)
        self.assertEqual(game.steps.count(), 100)
        started = time.perf_counter()
        position = services.position(game.pk, 100)
        rebuilt = time.perf_counter() - started
        started = time.perf_counter()
        response = self.client.get(f"/replays/{game.pk}/?step=100")
        served = time.perf_counter() - started
        print(f"\n100-step MArcomage replay: re-simulated with its move list in "
              f"{rebuilt * 1000:.1f} ms, page served in {served * 1000:.1f} ms")
        self.assertEqual(position.total, 100)
        self.assertEqual(position.moves[-1].kind, "surrender")
        self.assertEqual(response.status_code, 200)
        self.assertLess(rebuilt, 1.0)


class GenericBoardTest(BaseTestCase):
    """A game system without a replay widget (the three-seat toy) is shown through the
    generic reading of its replay view: every hand, every seat in the header."""

    def test_pl_view_4_the_toy_replay_shows_all_three_hands_at_each_step(self) -> None:
        carol = User.objects.create_user("carol", "secret words")
        game = stored_toy_game([self.alice, self.bob, carol], seed=9)
        ruleset = find_ruleset("toy")
        replay = services.replay_of(game)
        for step in (0, 3, len(replay.steps)):
            html = self.client.get(f"/replays/{game.pk}/?step={step}").content.decode()
            hands = ruleset.view(state_at(replay, ruleset, step), None)["hands"]
            shown = re.search(r'<dd class="view-hands"><ul class="per-player">(.*?)</ul>',
                              html, re.S)
            assert shown is not None
            self.assertEqual(
                re.findall(r'<li><span class="player-name">(\w+)</span>: ([\w, ]*)</li>',
                           shown.group(1)),
                [(name, ", ".join(map(str, cards)) or "none")
                 for name, cards in zip(("alice", "bob", carol.username), hands, strict=True)])
            self.assertEqual(current(html), [str(step)])
        for name in ("alice", "bob", "carol"):
            self.assertIn(f"<strong>{name}</strong> with deck", html)
        self.assertIn('<span class="who">alice</span> bid: slot 0', html)

    def test_a_running_toy_game_has_no_replay(self) -> None:
        carol = User.objects.create_user("carol", "secret words")
        game = stored_toy_game([self.alice, self.bob, carol], seed=9, finished=False)
        self.assertEqual(self.client.get(f"/replays/{game.pk}/").status_code, 404)
