"""A replay step redraws fast (issue 31: a Far Wilds step took 0.45-1.6 s): the re-simulation
of a finished game is kept per game, so a step after the first only renders its board."""

from __future__ import annotations

from unittest import mock

from django.test import Client

from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import services as games
from marcomage.web.games.models import Status
from marcomage.web.replays import services
from tests.web.base import BaseTestCase

from .games import play


class ReplaySpeedTest(BaseTestCase):
    def test_issue_31_a_replay_is_resimulated_once_while_it_is_stepped_through(self) -> None:
        """Stepping costs a board, not a re-simulation: every step after the first reuses the
        first's timeline (the time per step is the benchmarks' to measure, not a test's)."""
        decks = []
        for user in (self.alice, self.bob):
            give_starter_decks(user, "far_wilds")
            decks.append(Deck.objects.filter(owner=user, game="far_wilds").order_by("pk")[0])
        challenge = games.challenge(self.alice, self.bob, decks[0].pk, ruleset="far_wilds")
        game = play(games.accept(self.bob, challenge.pk, decks[1].pk))
        assert game.status == Status.FINISHED
        client = Client()
        first = client.get(f"/replays/{game.pk}/?step=1", HTTP_HX_REQUEST="true")
        assert first.status_code == 200
        total = int(first.content.decode().split('data-total="')[1].split('"')[0])
        assert total > 20
        runs = []
        real = services.resimulate

        def counted(*args: object, **kwargs: object) -> object:
            runs.append(1)
            return real(*args, **kwargs)

        with mock.patch.object(services, "resimulate", counted):
            for step in range(2, total, max(1, total // 12)):
                page = client.get(f"/replays/{game.pk}/?step={step}", HTTP_HX_REQUEST="true")
                assert f'data-step="{step}"' in page.content.decode()
            assert runs == []  # the first step's timeline served every later step
            again = client.get(f"/replays/{game.pk}/?step=5", HTTP_HX_REQUEST="true")
            services.TIMELINES.clear()  # the same page re-simulated afresh is the same page
            fresh = client.get(f"/replays/{game.pk}/?step=5", HTTP_HX_REQUEST="true")
        assert runs == [1]
        assert again.content == fresh.content
