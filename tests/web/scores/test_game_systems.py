"""Rating per game system (PL-SHARED-4): a finished game of another system is rated by its
own ruleset and stored in its own score, told to the players in a generic battle report,
ranked on its own ladder and shown on the player page."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from marcomage.platform.protocol import Outcome
from marcomage.web.accounts.models import User
from marcomage.web.core.events import game_finished, game_rated
from marcomage.web.decks.models import Deck
from marcomage.web.messaging.models import Kind, Message
from marcomage.web.preferences.models import Preferences
from marcomage.web.scores.models import Score
from marcomage.web.scores.services import score_of
from tests.platform.toy import RULESET as TOY

from ..base import BaseTestCase
from ..mini_ruleset import registered, use_ruleset


class MiniGameRatingTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        registered(self)
        self.carol = User.objects.create_user("carol", "pw")
        self.rated: list[dict[str, Any]] = []

        def collect(sender: Any, **kwargs: Any) -> None:
            self.rated.append(kwargs)

        game_rated.connect(collect, weak=False, dispatch_uid="test.collect")
        self.addCleanup(game_rated.disconnect, dispatch_uid="test.collect")

    def finish(self, winners: tuple[int, ...], friendly: bool = False) -> None:
        with transaction.atomic():
            game_finished.send(
                sender=None, game_id=5, ruleset="mini", state={"winners": winners},
                outcome=Outcome("win", winners, "normal", 3),
                players=[self.alice, self.bob, self.carol], friendly=friendly, last=None)

    def test_PL_SHARED_4_exp_and_levels_are_kept_per_game_system(self) -> None:
        Score.objects.filter(user=self.bob, game="marcomage").update(level=4, exp=70)
        self.finish((1,))
        mini = {user.username: score_of(user, "mini") for user in (self.alice, self.bob,
                                                                   self.carol)}
        assert [(s.wins, s.losses, s.exp) for s in mini.values()] == [
            (0, 1, 15), (1, 0, 100), (0, 1, 15)]
        marcomage = score_of(self.bob)
        assert (marcomage.level, marcomage.exp, marcomage.wins) == (4, 70, 0)
        [sent] = self.rated
        assert sent["ruleset"] == "mini" and [r.seat for r in sent["rated"]] == [0, 1, 2]
        assert sent["rated"][1].award.exp == 100

    def test_PL_SHARED_4_a_generic_battle_report_and_a_level_up_naming_the_game(self) -> None:
        Preferences.objects.update_or_create(user=self.alice, defaults={"battle_reports": True})
        Score.objects.create(user=self.bob, game="mini", exp=450)
        decks = Deck.objects.filter(owner=self.bob).count()
        self.finish((1,))
        report = Message.objects.get(recipient=self.alice, kind=Kind.REPORT)
        assert report.text.splitlines() == [
            "Game: Mini", "Opponent: bob, carol", "Result: Loss", "Winner: bob", "",
            "Total: you gained 15 EXP."]
        level_up = Message.objects.get(recipient=self.bob, subject="Level up (1)")
        assert level_up.text == "Congratulations, you have reached level 1 in Mini."
        assert Deck.objects.filter(owner=self.bob).count() == decks  # no deck bonus in Mini

    def test_C_GAME_10_a_friendly_game_of_any_system_counts_for_nothing(self) -> None:
        Preferences.objects.update_or_create(user=self.alice, defaults={"battle_reports": True})
        self.finish((0,), friendly=True)
        assert (score_of(self.alice, "mini").wins, score_of(self.alice, "mini").exp) == (0, 0)
        assert not Message.objects.exists()

    def test_PL_SHARED_4_the_ladder_ranks_one_game_system(self) -> None:
        self.finish((2,))
        self.log_in(self.alice)
        mini = self.client.get("/ladder/?game=mini")
        assert [row["player"].username for row in mini.context["rows"]] == [
            "carol", "alice", "bob"]  # carol won; alice and bob by name
        page = mini.content.decode()
        assert 'data-game="mini"' in page and "Mini players ranked" in page
        default = self.client.get("/ladder/")
        assert all(row["score"].game == "marcomage" for row in default.context["rows"])
        assert self.client.get("/ladder/?game=chess").context["game"] == "marcomage"

    def test_PL_SHARED_4_the_player_page_shows_each_game_systems_level(self) -> None:
        self.finish((0,))
        self.log_in(self.bob)
        page = self.client.get("/players/alice/").content.decode()
        assert '<dt>MArcomage</dt><dd class="score-game" data-game="marcomage">' in page
        assert "level 0 (100 EXP)" in page and "1 wins, 0 losses, 0 draws" in page


class ToyRatingTest(BaseTestCase):
    def test_PL_SHARED_4_the_toy_is_rated_by_the_platform_default_policy(self) -> None:
        toy = use_ruleset(self, TOY)
        carol = User.objects.create_user("carol", "pw")
        state = toy.new_game(toy.options_from_json({}), toy.starter_decks(), seed=3)
        state = toy.end(state, "abandon", [1])
        with transaction.atomic():
            game_finished.send(sender=None, game_id=9, ruleset="toy", state=state,
                               outcome=toy.outcome(state), players=[self.alice, self.bob, carol],
                               friendly=False, last=None)
        # 100 EXP x 1.0 for the win, x 0.15 for a loss; all at level 0 (PL-SHARED-4).
        assert [(s.wins, s.losses, s.exp) for s in (
            score_of(u, "toy") for u in (self.alice, self.bob, carol))] == [
            (0, 1, 15), (1, 0, 100), (0, 1, 15)]
        assert score_of(self.bob).wins == 0  # MArcomage's score is another
