"""Issue 35: a 2-versus-2 Elder Tale duel on the site: hosted with the option `teams`,
joined by three players, played to its end through the game service; each board shows the
player's team and the enemies, with the plays aimed at a player next to that player, and
never another player's hand."""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from marcomage.games import find_ruleset
from marcomage.games.elder_tale.bots import GreedyBot
from marcomage.web.games import lobby, queries, services
from marcomage.web.games.models import Game, Status
from marcomage.web.games.payload import render_board
from marcomage.web.games.services import GameError
from marcomage.web.rulesets.elder_tale import collection

from ...base import BaseTestCase
from ...games.helpers import seat, seeded, to_act, verified
from .test_duel_pages import character, public

RULESET = find_ruleset("elder_tale")
DATA_CARD = re.compile(r'data-card="([^"]+)"')
ACTION = re.compile(r'name="action" value="([^"]+)"')


class GroupDuelPagesTest(BaseTestCase):
    def start(self) -> tuple[Game, dict[int, Any]]:
        users = [self.alice, self.bob] + [
            get_user_model().objects.create_user(name, "pw-group-35") for name in ("cyd", "dee")]
        for user in users:
            collection.welcome(user)
        with seeded(6):
            game = lobby.host(self.alice, character(self.alice, 3).pk, ruleset="elder_tale",
                              options={"teams": "ABAB"}, seats=4)
            for number, user in enumerate(users[1:], start=2):
                game = lobby.join(user, game.pk, character(user, number).pk)
        game = Game.objects.get(pk=game.pk)
        return game, {s.number: s.user for s in game.seat_list()}

    def test_issue_35_a_two_versus_two_duel_is_played_to_its_end_on_the_site(self) -> None:
        game, users = self.start()
        assert game.status == Status.RUNNING and len(users) == 4
        bots = {n: GreedyBot(n) for n in users}
        aimed_seen = False
        for step in range(RULESET.max_steps):
            # As the site loads a game to draw its boards: seats and players in one go.
            found = queries.find_game(game.pk)
            assert found is not None
            game = found
            if game.status == Status.FINISHED:
                break
            state = services.game_state(game)
            mover = to_act(game)
            assert mover is not None
            if step % 5 == 0:
                for number, user in users.items():
                    text = render_board(game, user)
                    assert "Your team" in text and "Enemies" in text
                    for other in users:
                        if other != number:
                            hidden = {state.instances[i] for i in state.fighters[other].hand}
                            leaked = (hidden - public(state, number)) & set(
                                DATA_CARD.findall(text))
                            assert not leaked, f"seat {number} sees {leaked} of seat {other}"
                mine = render_board(game, users[mover])
                enemies = mine.split('aria-label="Enemies"')[1].split("Pending attacks")[0]
                for raw in ACTION.findall(enemies):
                    action = json.loads(html.unescape(raw))
                    assert state.teams[action["target"]] != state.teams[mover]
                    aimed_seen = True
            action = bots[mover].choose(RULESET.view(state, mover),
                                        RULESET.legal_actions(state, mover))
            services.act(users[mover], game.pk, game.version, action)
        game = Game.objects.get(pk=game.pk)
        assert game.status == Status.FINISHED and verified(game).ok
        assert aimed_seen
        outcome = RULESET.outcome(services.game_state(game))
        assert outcome is not None
        teams = {RULESET.options_from_json(game.options).teams[s] for s in outcome.winners}
        assert len(teams) <= 1

    def test_issue_35_finish_ends_an_abandoned_group_duel_for_the_team(self) -> None:
        """ET-GROUP-8, C-GAME-14: three weeks after the last move an enemy of the seat to act
        may finish; the quiet seat's team loses (its ally too, who was waiting) and the whole
        other team wins. The ally may not finish (it would hand the win to the enemies).
        Each board names the team that won: "Your team (...) won" or "The enemy team (...)
        won"."""
        game, users = self.start()
        quiet = to_act(game)
        assert quiet is not None
        teams = RULESET.options_from_json(game.options).teams
        ally = next(n for n in users if n != quiet and teams[n] == teams[quiet])
        enemy = next(n for n in users if teams[n] != teams[quiet])
        Game.objects.filter(pk=game.pk).update(last_move=timezone.now() - timedelta(days=21))
        game = Game.objects.get(pk=game.pk)
        assert not services.end_options(game, seat(game, ally)).finish
        with self.assertRaises(GameError):
            services.finish(users[ally], game.pk)
        assert services.end_options(game, seat(game, enemy)).finish
        services.finish(users[enemy], game.pk)
        game = Game.objects.get(pk=game.pk)
        winners = [n for n in range(4) if teams[n] != teams[quiet]]
        assert game.status == Status.FINISHED and game.outcome["winners"] == winners
        assert game.steps.order_by("-index")[0].winners == winners
        assert verified(game).ok
        names = {n: users[n].username for n in users}
        for number, user in users.items():
            text = html.unescape(render_board(game, user))
            team = [n for n in range(4) if teams[n] == teams[number]]
            foes = [n for n in range(4) if teams[n] != teams[number]]
            if number in winners:
                words = f"Your team ({', '.join(names[n] for n in team)}) won"
            else:
                words = f"The enemy team ({', '.join(names[n] for n in foes)}) won"
            assert words in text, (number, words)
