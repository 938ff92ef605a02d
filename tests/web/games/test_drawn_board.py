"""Issue 36: MArcomage's live board is drawn by code (rulesets/marcomage/drawn.py) with its
marked parts counted as it is written, instead of a Jinja2 render split again at its
markers. The parts it counts are the elements named by their `data-part`, the game page
draws the same text, and a player's name stays escaped."""

from __future__ import annotations

from marcomage.games import find_ruleset
from marcomage.web.games import consumers, payload, services
from marcomage.web.games.models import Status
from marcomage.web.games.parts import Parted
from marcomage.web.games.patches import parse
from marcomage.web.games.renders import renderings

from ..base import BaseTestCase
from .helpers import discard, start, to_move
from .test_board_patches import apply, board_of


class DrawnBoardTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        renderings.clear()

    def boards(self, game_id: int) -> list[Parted]:
        from marcomage.web.games.services import find_game

        game = find_game(game_id)
        assert game is not None
        found = [payload.seat_board(game, s.user, fresh=True) for s in game.seat_list()]
        for board in found:
            self.assertIsInstance(board, Parted)
        return found  # type: ignore[return-value]

    def test_each_counted_part_is_the_element_its_name_marks_issue_36(self) -> None:
        game = start(self.alice, self.bob, seed=3)
        for _ in range(3):
            for board in self.boards(game.pk):
                self.assertIsNotNone(parse(board))  # one well-nested element
                self.assertEqual(len(set(board.names)), len(board.names))
                for name, tag, begin, head, end, holder in board.spans:
                    text = board[begin:end]
                    self.assertTrue(text.startswith(f"<{tag}"), name)
                    self.assertIn(f'data-part="{name}"', board[begin:head])
                    self.assertTrue(text.endswith(f"</{tag}>"), name)
                    self.assertIsNotNone(parse(text), name)
                    if holder >= 0:
                        outer = board.spans[holder]
                        self.assertTrue(outer[2] < begin and end <= outer[4], name)
            mover, _ = to_move(game)
            discard(mover, game)

    def test_the_game_page_draws_the_seats_board_and_escapes_a_name_issue_36(self) -> None:
        self.bob.username = '<b>x</b>&"\''
        self.bob.save()
        game = start(self.alice, self.bob, seed=5)
        alice_board = self.boards(game.pk)[0]
        self.assertNotIn("<b>x</b>", alice_board)
        self.assertIn("&lt;b&gt;x&lt;/b&gt;&amp;&#34;&#39;", alice_board)
        self.log_in(self.alice)
        fresh = self.client.get(f"/games/{game.pk}/board/").content.decode()
        token = 'name="csrfmiddlewaretoken" value="'
        # The page's board is the same text but for its CSRF tokens and the out-of-band mark.
        shared = payload.in_place(alice_board)
        self.assertEqual(_without_tokens(fresh, token), _without_tokens(shared, token))

    def test_a_played_card_a_discard_and_the_end_patch_to_a_fresh_board_issue_36(
            self) -> None:
        """Both seats' sockets after a card played, a discard (each draws a card) and a
        surrender: the board each page shows, patched, equals a fresh load's."""
        game = start(self.alice, self.bob, seed=3)
        users = (self.alice, self.bob)
        sent = {u.pk: consumers.socket_message(game.pk, u.pk, None) for u in users}
        shown = {u.pk: found[0] for u, found in zip(users, sent.values(), strict=True)
                 if found}
        ruleset = find_ruleset("marcomage")
        for step in ("play", "discard", "surrender"):
            game.refresh_from_db()
            mover, _ = to_move(game)
            if step == "surrender":
                services.surrender(mover, game.pk)
            else:
                state = services.game_state(game)
                seat = min(ruleset.to_act(state))
                chosen = [a for a in ruleset.legal_actions(state, seat) if a["type"] == step]
                services.act(mover, game.pk, game.version, chosen[0])
            for user in users:
                found = consumers.socket_message(game.pk, user.pk, sent[user.pk][1])
                assert found is not None
                sent[user.pk] = found
                self.log_in(user)
                fresh = self.client.get(f"/games/{game.pk}/board/").content.decode()
                self.assertEqual(apply(shown[user.pk], found[0]).dump(),
                                 board_of(fresh).dump(), step)
                shown[user.pk] = found[1].shown
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)


def _without_tokens(html: str, token: str) -> str:
    """`html` without its forms' CSRF token inputs (a page's forms carry one, a socket's
    shared board none)."""
    out, at = [], 0
    while (found := html.find('<input type="hidden" ' + token, at)) >= 0:
        out.append(html[at:found])
        at = html.index(">", found) + 1
    out.append(html[at:])
    return "".join(out)
