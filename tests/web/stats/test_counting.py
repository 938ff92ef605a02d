"""Statistics are counted once per finished game, as it ends, from its decks, its outcome and
the card uses the ruleset reports when the game is re-played (issue 22, item 4): checked
against counts made by hand from the same games."""

from __future__ import annotations

from collections import Counter
from typing import Any
from unittest import mock

from django.db import connection

from marcomage.games import find_ruleset
from marcomage.web.games import services
from marcomage.web.games.models import Game, Seat
from marcomage.web.stats import counting
from marcomage.web.stats.counting import count_game, count_missing
from marcomage.web.stats.models import (
    CardTotal,
    CardUse,
    Counted,
    DayTotal,
    ExpPoint,
    SystemTotal,
    Versus,
)

from ..base import BaseTestCase
from ..games.helpers import committed, discard, start, to_move

MARCOMAGE = find_ruleset("marcomage")


def deck_cards(game: Game, number: int) -> set[str]:
    doc = Seat.objects.get(game=game, number=number).deck_doc
    return {str(e["card"]) for e in doc["entries"]}


class CountingTest(BaseTestCase):
    def play_and_surrender(self, discards: int, seed: int = 3, *, bob_starts: bool = False
                           ) -> tuple[Game, Counter[str]]:
        """Alice and Bob discard in turn (slot 1), then whoever is to move surrenders; the
        cards discarded, counted by hand from the state before each discard."""
        players = (self.bob, self.alice) if bob_starts else (self.alice, self.bob)
        game = start(*players, seed=seed)
        thrown: Counter[str] = Counter()
        for _ in range(discards):
            mover, _ = to_move(game)
            game.refresh_from_db()
            state = MARCOMAGE.from_json(game.state)
            thrown[str(state.players[state.current].hand[0])] += 1
            discard(mover, game)
        loser, _ = to_move(game)
        with committed():
            services.surrender(loser, game.pk)
        game.refresh_from_db()
        return game, thrown

    def test_a_finished_game_is_counted_with_its_decks_results_and_uses(self) -> None:
        game, thrown = self.play_and_surrender(6)
        winner = game.outcome["winners"][0]
        assert Counted.objects.filter(game=game, with_cards=True).exists()
        total = SystemTotal.objects.get(ruleset="marcomage")
        assert (total.games, total.seats) == (1, 2)
        won, lost = deck_cards(game, winner), deck_cards(game, 1 - winner)
        for card in won | lost:
            row = CardTotal.objects.get(ruleset="marcomage", card=card)
            assert row.seats == (card in won) + (card in lost)
            assert (row.wins, row.losses, row.draws) == (card in won, card in lost, 0)
        uses = {c: n for c, n in CardUse.objects.filter(verb="discard").values_list(
            "card", "count")}
        assert uses == dict(thrown)
        assert not CardUse.objects.exclude(verb="discard").exists()
        [day] = DayTotal.objects.all()
        assert (day.end_type, day.games) == ("surrender", 1)
        users = [s.user for s in game.seat_list()]
        assert Versus.objects.get(player=users[winner], opponent=users[1 - winner]).wins == 1
        assert Versus.objects.get(player=users[1 - winner], opponent=users[winner]).losses == 1
        assert ExpPoint.objects.filter(ruleset="marcomage").count() == 2

    def test_two_games_add_up(self) -> None:
        self.play_and_surrender(2, seed=5)
        self.play_and_surrender(3, seed=6, bob_starts=True)
        assert SystemTotal.objects.get(ruleset="marcomage").games == 2
        assert sum(CardUse.objects.values_list("count", flat=True)) == 5
        assert sum(DayTotal.objects.values_list("games", flat=True)) == 2
        assert sum(Versus.objects.values_list("wins", flat=True)) == 2
        assert sum(Versus.objects.values_list("losses", flat=True)) == 2

    def test_counting_twice_changes_nothing(self) -> None:
        game, _ = self.play_and_surrender(2)
        before = list(CardTotal.objects.order_by("card").values_list("card", "seats", "wins"))
        assert count_game(game) is False
        assert list(CardTotal.objects.order_by("card").values_list(
            "card", "seats", "wins")) == before
        assert SystemTotal.objects.get(ruleset="marcomage").games == 1

    def test_count_missing_adds_games_finished_before_statistics(self) -> None:
        self.play_and_surrender(4)
        snapshot = sorted(CardUse.objects.values_list("card", "verb", "count"))
        for model in (Counted, CardTotal, CardUse, DayTotal, SystemTotal, Versus):
            model.objects.all().delete()
        assert count_missing() == 1
        assert sorted(CardUse.objects.values_list("card", "verb", "count")) == snapshot
        assert count_missing() == 0

    def test_the_game_is_counted_once_its_end_has_committed(self) -> None:
        """Issue 36: the game-ending move's transaction (on SQLite, the process's write lock)
        holds no replay: the statistics count the game right after it commits, its facts read
        outside any transaction and written in a short one of their own."""
        game = start(self.alice, self.bob, seed=4)
        for _ in range(3):
            discard(to_move(game)[0], game)
        depths: dict[str, int] = {}
        reading, adding = counting.facts_of, counting.add_facts

        def read(*args: Any) -> Any:
            depths["read"] = len(connection.atomic_blocks)
            return reading(*args)

        def add(*args: Any) -> None:
            depths["add"] = len(connection.atomic_blocks)
            adding(*args)

        with mock.patch.object(counting, "facts_of", read), \
                mock.patch.object(counting, "add_facts", add):
            with self.captureOnCommitCallbacks() as after:
                outside = len(connection.atomic_blocks)
                services.surrender(to_move(game)[0], game.pk)
                assert not Counted.objects.exists() and not ExpPoint.objects.exists()
            assert Game.objects.get(pk=game.pk).status == "finished"
            assert not Counted.objects.exists()
            for hook in after:
                hook()
        assert Counted.objects.filter(game=game, with_cards=True).exists()
        assert SystemTotal.objects.get(ruleset="marcomage").games == 1
        assert ExpPoint.objects.filter(ruleset="marcomage").count() == 2
        assert depths["read"] == outside < depths["add"]

    def test_a_running_game_is_not_counted(self) -> None:
        game = start(self.alice, self.bob)
        assert count_game(game) is False
        assert not Counted.objects.exists()
