"""Issue 36: the live boards of Mage Wars and Elder Tale are Jinja2 templates, drawn with
autoescape on: a player's name (text he chose) shows as text on every seat's board and on
the replay board, never as markup. The boards' content is pinned by each system's own tests
and by the board patch test; this file checks the escaping of the engine they moved to."""

from __future__ import annotations

from typing import Any

from marcomage.games import find_ruleset
from marcomage.web.core.widgets import board_of
from marcomage.web.decks.services import give_starter_decks, ready_decks
from marcomage.web.games import services
from marcomage.web.games.models import Game, Status
from marcomage.web.games.payload import render_board

from ..base import BaseTestCase
from .helpers import seeded

NAME = "<b>x</b>&\"'"
SHOWN = "&lt;b&gt;x&lt;/b&gt;&amp;"


class JinjaBoardEscapingTests(BaseTestCase):
    def game(self, system: str, first: Any, second: Any) -> Game:
        with seeded(4):
            game = services.challenge(first, second, ready_decks(first, system)[0].pk,
                                      ruleset=system)
            return services.accept(second, game.pk, ready_decks(second, system)[0].pk)

    def check(self, system: str, replay_mark: str) -> None:
        self.assertTrue(board_of(system).template.endswith(".jinja"))
        odd = type(self.alice).objects.create_user(NAME, "pw")
        for player in (odd, self.bob):
            give_starter_decks(player, system)
        game = self.game(system, odd, self.bob)
        state = services.game_state(game)
        for user in (odd, self.bob):
            board = render_board(game, user)
            self.assertIn(SHOWN, board)
            self.assertNotIn("<b>x</b>", board)
        mover = (odd, self.bob)[min(find_ruleset(system).to_act(state))]
        self.log_in(mover)
        self.post(f"/games/{game.pk}/surrender/")
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)
        replay = self.client.get(f"/replays/{game.pk}/?step=1").content.decode()
        shown = replay.split(replay_mark, 1)[1].split('<ol class="replay-moves"', 1)[0]
        self.assertIn(SHOWN, shown)
        self.assertNotIn("<b>x</b>", replay)

    def test_mage_wars_boards_escape_a_players_name_issue_36(self) -> None:
        self.check("mage_wars", 'class="mw-board mw-replay"')

    def test_elder_tale_boards_escape_a_players_name_issue_36(self) -> None:
        self.check("elder_tale", 'id="replay-board" class="game-board elder-tale-board"')
