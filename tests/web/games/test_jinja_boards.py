"""Issue 36: the live boards of Arcana, Elder Tale, Mage Wars and The Far Wilds are Jinja2
templates, drawn with autoescape on: a player's name (text he chose) shows as text on every
seat's board and on the replay board, never as markup. The boards' content is pinned by
each system's own tests and by the board patch test; this file checks the escaping of the
engine they moved to."""

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

    def check(self, system: str, replay_mark: str, *, first: tuple[str, ...] = (),
              second: tuple[str, ...] = (), replay: tuple[str, ...] = ()) -> None:
        """Both boards and the replay show the name escaped; `first`, `second` and `replay`
        are further markup expected on the odd player's board, the other's, the replay."""
        self.assertTrue(board_of(system).template.endswith(".jinja"))
        odd = type(self.alice).objects.create_user(NAME, "pw")
        for player in (odd, self.bob):
            give_starter_decks(player, system)
        game = self.game(system, odd, self.bob)
        state = services.game_state(game)
        for user, expected in ((odd, first), (self.bob, second)):
            board = render_board(game, user)
            self.assertIn(SHOWN, board)
            self.assertNotIn("<b>x</b>", board)
            for markup in expected:
                self.assertIn(markup, board)
        mover = (odd, self.bob)[min(find_ruleset(system).to_act(state))]
        self.log_in(mover)
        self.post(f"/games/{game.pk}/surrender/")
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)
        page = self.client.get(f"/replays/{game.pk}/?step=1").content.decode()
        shown = page.split(replay_mark, 1)[1].split('<ol class="replay-moves"', 1)[0]
        self.assertIn(SHOWN, shown)
        self.assertNotIn("<b>x</b>", page)
        for markup in replay:
            self.assertIn(markup, shown)

    def test_mage_wars_boards_escape_a_players_name_issue_36(self) -> None:
        self.check("mage_wars", 'class="mw-board mw-replay"')

    def test_elder_tale_boards_escape_a_players_name_issue_36(self) -> None:
        self.check("elder_tale", 'id="replay-board" class="game-board elder-tale-board"')

    def test_arcana_boards_escape_a_players_name_issue_36(self) -> None:
        self.check("arcana", 'id="replay-board" class="game-board arcana-board arcana-replay"',
                   first=('<span class="player-name">&lt;b&gt;x&lt;/b&gt;&amp;&#34;&#39;</span>',),
                   second=('aria-label="&lt;b&gt;x&lt;/b&gt;&amp;&#34;&#39;\'s side"',))

    def test_the_far_wilds_boards_escape_a_players_name_issue_36(self) -> None:
        self.check("far_wilds", 'id="replay-board" class="game-board fw-board fw-replay"',
                   first=("&lt;b&gt;x&lt;/b&gt;&amp;&#34;&#39; (you)</h3>",),
                   second=("<h3>&lt;b&gt;x&lt;/b&gt;&amp;&#34;&#39;</h3>",),
                   replay=('aria-label="&lt;b&gt;x&lt;/b&gt;&amp;&#34;&#39;\'s hand"',))
