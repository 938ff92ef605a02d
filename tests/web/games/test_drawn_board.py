"""Issue 36: MArcomage's live board is drawn by code (rulesets/marcomage/drawn.py) with its
marked parts counted as it is written, instead of a Jinja2 render split again at its
markers. The parts it counts are the elements named by their `data-part`, the game page
draws the same text, and a player's name stays escaped. Each part drawn whole carries a key
built from what it shows, and the patch compares keys, not texts: a part whose key stayed
shows the same text, and the patch of keys is the patch of texts, through cards drawn,
discards, a hidden game (C-FLAG-6) and the game's end."""

from __future__ import annotations

import gc
import random
from typing import Any

from marcomage.games import find_ruleset
from marcomage.games.marcomage import view
from marcomage.web.games import consumers, parts, payload, services
from marcomage.web.games.models import Status
from marcomage.web.games.parts import Parted
from marcomage.web.games.patches import parse
from marcomage.web.games.renders import renderings

from ..base import BaseTestCase
from .helpers import discard, pages_opened, start, to_move
from .test_board_patches import apply, board_of
from .test_leaks import CARD_MARK, visible_ids


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

    def test_a_boards_keys_hold_nothing_the_cyclic_collector_tracks_issue_36(self) -> None:
        """A kept board's keys (and the memos keyed by them) are plain tuples of strings,
        numbers and flags, which the collector stops tracking: kept boards and memo entries
        then add nothing to its passes (an escaped name as Markup, or the castle's
        geometry object, kept every tuple that held it tracked)."""
        self.bob.username = "bob<&>"
        self.bob.save()
        game = start(self.alice, self.bob, seed=3)
        for _ in range(2):
            boards = self.boards(game.pk)
            for _ in range(5):  # nested tuples are let go from the inside out
                gc.collect()
            for board in boards:
                self.assertEqual([name for name, key in zip(board.names, board.keys or (),
                                                            strict=True)
                                  if gc.is_tracked(key)], [])
                self.assertFalse(gc.is_tracked(board.keys))
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
        sent, shown = pages_opened(game, users)
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


class KeyedPartsTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        renderings.clear()

    def test_keyed_parts_patch_as_their_texts_would_to_the_end_of_a_hidden_game_issue_36(
            self) -> None:
        """Seeded random moves in a hidden game, then a surrender: at each step, for both
        seats, every part whose key stayed shows the same text, the patch made from the
        keys is the one the parts' texts give, and it names none of the opponent's hidden
        cards (C-FLAG-6: his hand is drawn face down, its key holds no card)."""
        from marcomage.web.games.services import find_game

        game = start(self.alice, self.bob, hidden=True, seed=7)
        rng = random.Random(7)
        ruleset = find_ruleset("marcomage")
        shown: dict[int, list[Parted]] = {0: [], 1: []}
        patched = 0
        seen: set[str] = set()
        for step in range(14):
            found = find_game(game.pk)
            assert found is not None
            for seat in found.seat_list():
                board = payload.seat_board(found, seat.user, fresh=True)
                assert isinstance(board, Parted) and board.keys is not None
                for old in shown[seat.number]:  # any earlier board, as a late socket's
                    self._same_key_same_text(old, board)
                    keyed = parts.patch(old, board, 1, 2)
                    self.assertEqual(keyed, parts.patch(_plain(old), _plain(board), 1, 2))
                    patched += keyed is not None
                    if found.status == Status.RUNNING:  # the end shows both hands
                        self.assertFalse({int(c) for c in CARD_MARK.findall(keyed or "")}
                                         & _their_hand(found, seat.number))
                shown[seat.number].append(board)
            if found.status != Status.RUNNING:
                break
            state = services.game_state(found)
            mover = min(ruleset.to_act(state))
            if step == 12:
                services.surrender(found.seat_list()[mover].user, game.pk)
                continue
            action = rng.choice(ruleset.legal_actions(state, mover))
            seen.add(str(action["type"]))
            services.act(found.seat_list()[mover].user, game.pk, found.version, action)
        self.assertEqual(find_game(game.pk).status, Status.FINISHED)  # type: ignore[union-attr]
        self.assertEqual(seen, {"play", "discard"})
        self.assertGreater(patched, 100)

    def _same_key_same_text(self, old: Parted, board: Parted) -> None:
        """Every part of `board` whose key is the one it had on `old` shows the same text."""
        assert old.keys is not None and board.keys is not None
        was = dict(zip(old.names, zip(old.keys, old.spans, strict=True), strict=True))
        for name, key, span in zip(board.names, board.keys, board.spans, strict=True):
            if key is not None and name in was and was[name][0] == key:
                before = was[name][1]
                self.assertEqual(board[span[2]:span[4]], old[before[2]:before[4]], name)


def _plain(board: Parted) -> Parted:
    """The same board without its keys: its patch compares the parts' texts."""
    plain = Parted(str(board))
    plain.spans, plain.root, plain.names = board.spans, board.root, board.names
    return plain


def _their_hand(game: Any, seat: int) -> set[int]:
    """The cards of the seat's opponent (hand and deck) that the seat's view does not show
    anywhere (hidden from the seat, C-FLAG-6)."""
    state = services.game_state(game)
    theirs = state.players[1 - seat]
    return ({c for c in theirs.hand if c is not None} | {c for part in theirs.deck for c in part}
            ) - visible_ids(view(state, seat))


def _without_tokens(html: str, token: str) -> str:
    """`html` without its forms' CSRF token inputs (a page's forms carry one, a socket's
    shared board none)."""
    out, at = [], 0
    while (found := html.find('<input type="hidden" ' + token, at)) >= 0:
        out.append(html[at:found])
        at = html.index(">", found) + 1
    out.append(html[at:])
    return "".join(out)
