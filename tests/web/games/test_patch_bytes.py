"""Issue 36, thirteenth pass: a MArcomage move's patches carry few bytes and the page shows
what it showed. Each history line is a part and each card of a last round a part of its
line, so a move sends the mover's line only (a card played again is appended to it); the
hand says once what htmx lets its forms inherit, and each form still posts without
JavaScript (method, action, CSRF token); white space is written only where the page draws
it, and the cards of the last rounds leave out the art the page hides there; a castle's
tower and wall are parts of it."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from marcomage.games import find_ruleset
from marcomage.games.marcomage import CARDS
from marcomage.web.games import consumers, parts, services
from marcomage.web.games.models import Game
from marcomage.web.games.patches import PATCH_ID, parse
from marcomage.web.games.renders import renderings
from marcomage.web.rulesets.marcomage import drawn
from marcomage.web.rulesets.marcomage.templatetags.cards import _slot

from ..base import BaseTestCase
from .helpers import pages_opened, start, to_move
from .test_board_patches import Node, Tree, apply, board_of

ENTRY = re.compile(r'<template data-(?:head|part|cut)="([^"]*)"')
INHERITED = ("hx-target", "hx-swap", "hx-disabled-elt")


def entries(message: str) -> list[str]:
    """The names of the parts a patch's entries change."""
    return ENTRY.findall(message)


def elements(node: Node) -> list[Node]:
    """`node` and every element under it, in document order."""
    found = [node]
    for child in node.elements():
        found += elements(child)
    return found


class HistoryPartsTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        renderings.clear()

    def test_a_move_sends_only_the_history_line_it_changed_issue_36(self) -> None:
        """Each move changes the mover's last round: the mover's patch changes his own line
        ("Your last round"), the other seat's the line of his opponent's round, never the
        other line and never the history whole (nor a castle whole: its tower and its wall
        are its parts); both patched boards equal fresh ones."""
        game = start(self.alice, self.bob, seed=3)
        users = (self.alice, self.bob)
        sent, shown = pages_opened(game, users)
        ruleset = find_ruleset("marcomage")
        lines = {"mine": 0, "theirs": 0}
        for _ in range(8):
            mover, _waiter = to_move(game)
            state = services.game_state(game)
            seat = min(ruleset.to_act(state))
            services.act(mover, game.pk, game.version, ruleset.legal_actions(state, seat)[0])
            game.refresh_from_db()
            for user in users:
                found = consumers.socket_message(game.pk, user.pk, sent[user.pk][1])
                assert found is not None
                message = found[0]
                self.assertTrue(message.startswith(f'<template id="{PATCH_ID}"'))
                names = entries(message)
                own, other = ("mine", "theirs") if user == mover else ("theirs", "mine")
                self.assertNotIn("history", names)
                # A castle's tower and wall are parts of it: it never goes whole.
                self.assertNotIn('<template data-part="castle-', message)
                self.assertFalse([n for n in names if n.startswith(f"round-{other}")], names)
                lines[own] += any(n.startswith(f"round-{own}") for n in names)
                self.log_in(user)
                fresh = self.client.get(f"/games/{game.pk}/board/").content.decode()
                self.assertEqual(apply(shown[user.pk], message).dump(),
                                 board_of(fresh).dump())
                sent[user.pk] = found
                shown[user.pk] = found[1].shown
        self.assertGreaterEqual(min(lines.values()), 6)  # a card played again may match

    def test_a_card_played_again_is_appended_to_its_line_issue_36(self) -> None:
        """A round of two cards after a round of one: the patch appends the second card
        after the first (a cut after `round-mine-1`) and sends neither the first card's
        face nor the other lines."""
        first, second, theirs = 5, 9, 14
        old = _history_board(1, [(first, "play")], [(theirs, "discard")])
        new = _history_board(2, [(first, "play"), (second, "play")], [(theirs, "discard")])
        made = parts.patch(old, new, 1, 2)
        assert made is not None
        self.assertEqual(entries(made), ["", "round-mine"])
        self.assertIn('<template data-cut="round-mine" data-after="round-mine-1" '
                      'data-tag="div"><div class="history-entry" data-part="round-mine-2">',
                      made)
        self.assertIn(f'data-card="{second}"', made)
        self.assertNotIn(f'data-card="{first}"', made)
        self.assertNotIn(f'data-card="{theirs}"', made)
        self.assertEqual(apply(old, made).dump(), board_of(new).dump())
        # A new round of one card in place of two: the first replaced, the second cut.
        newer = _history_board(3, [(theirs, "discard")], [(theirs, "discard")])
        made = parts.patch(new, newer, 2, 3)
        assert made is not None
        self.assertEqual(entries(made), ["", "round-mine-1", "round-mine"])
        self.assertEqual(apply(new, made).dump(), board_of(newer).dump())


def _history_board(version: int, mine: list[tuple[int, str]], theirs: list[tuple[int, str]]
                   ) -> parts.Parted:
    """A board of the history alone, as `drawn.draw` writes it, from both last rounds."""
    writer = drawn.Writer()
    writer.head(f'<div id="game-board" data-version="{version}">')
    side = {"discarded_own": [], "discarded_opp": []}
    context = {"me": {**side, "history": [{"card": c, "action": a} for c, a in mine]},
               "them": {**side, "history": [{"card": c, "action": a} for c, a in theirs]}}
    drawn._history(writer, context, SimpleNamespace(looks=(True, True, True, False)), "bob")
    writer.add("</div>")
    return writer.board("div")


class HandFormTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        renderings.clear()

    def test_the_hand_says_once_what_its_forms_inherit_issue_36(self) -> None:
        """htmx takes hx-target, hx-swap and hx-disabled-elt from the closest element that
        has them: the hand has them, no form or slot does; each form keeps its method,
        action, hx-post and the page's CSRF token."""
        game = start(self.alice, self.bob, seed=3)
        mover, _ = to_move(game)
        self.log_in(mover)
        page = Tree(self.client.get(f"/games/{game.pk}/").content.decode()).top
        hand = next(e for e in elements(page) if e.attrs.get("id") == "my-hand")
        self.assertEqual([hand.attrs.get(name) for name in INHERITED],
                         ["#game-board", "outerHTML", "find button"])
        forms = [e for e in elements(hand) if e.tag == "form"]
        self.assertEqual(len(forms), 8)
        for node in elements(hand)[1:]:  # its slots, cards and forms
            self.assertFalse(set(INHERITED) & set(node.attrs), node.attrs)
        act = f"/games/{game.pk}/act/"
        for form in forms:
            self.assertEqual((form.attrs["method"], form.attrs["action"], form.attrs["hx-post"]),
                             ("post", act, act))
            fields = {e.attrs.get("name") for e in elements(form) if e.tag == "input"}
            self.assertEqual(fields, {"csrfmiddlewaretoken", "version", "pos"})

    def test_a_form_posted_without_javascript_plays_its_move_issue_36(self) -> None:
        """The browser posts a form's own fields (no htmx, no HX-Request): the move is
        played and the answer leads back to the game."""
        game = start(self.alice, self.bob, seed=3)
        mover, _ = to_move(game)
        self.log_in(mover)
        page = self.client.get(f"/games/{game.pk}/").content.decode()
        form = next(e for e in elements(Tree(page).top) if e.tag == "form"
                    and e.attrs.get("data-part") == "m1f")
        fields = {e.attrs["name"]: e.attrs["value"] for e in elements(form) if e.tag == "input"}
        fields["kind"] = "discard"  # its Discard button's name and value
        answer = self.client.post(form.attrs["action"], fields)
        self.assertIn(answer.status_code, (200, 302))
        before = game.version
        game = Game.objects.get(pk=game.pk)
        self.assertEqual(game.version, before + 1)
        self.assertEqual(to_move(game)[1], mover)


class WhiteSpaceAndArtTests(BaseTestCase):
    def test_a_tight_card_face_draws_as_the_face_issue_36(self) -> None:
        """`tight` writes each run of white space between two tags as one space: the text
        the page draws from (every run of white space one space, as CSS collapses it) is the
        same for every card, and its runs are gone."""
        looks = (True, True, True, False)
        for card in range(len(CARDS)):
            face = str(_slot(card, True, False, True, looks))
            made = drawn.tight(face)
            self.assertEqual(re.sub(r"\s+", " ", made), re.sub(r"\s+", " ", face), card)
            self.assertNotRegex(made, r">\s\s+<")
        face = str(_slot(1, False, False, True, looks))
        self.assertLess(len(drawn.tight(face)), len(face) - 40)

    def test_the_last_rounds_cards_leave_out_the_art_the_page_hides_issue_36(self) -> None:
        """game.css hides a card's art in a row of the last rounds and piles; there it is
        not drawn, in the hand it is."""
        css = (Path(drawn.__file__).parents[2] / "static" / "marcomage" / "game.css").read_text()
        self.assertIn(".card-row .card-art { display: none; }", css)
        board = _history_board(1, [(5, "play")], [(9, "discard")])
        self.assertIn('data-card="5"', board)
        self.assertNotIn("card-art", board)
        self.assertIn("card-art", drawn._face(5, False, False, True, True, True, True, False))


class NestedLeafTests(BaseTestCase):
    def test_the_generic_parse_skips_an_svg_that_holds_svgs_issue_36(self) -> None:
        """The castle's SVG holds its tower's and its wall's: the generic parse (patches.py,
        the fallback patch) skips a leaf to its own end tag, past those of the leaves of
        its name within; a leaf left open is still no board."""
        html = ('<div id="game-board"><svg class="castle-svg"><rect/><svg data-part="t">'
                '<rect/></svg><svgx></svgx><svg data-part="w"></svg></svg><p>after</p></div>')
        root = parse(html)
        assert root is not None
        self.assertEqual([child.name for child in root.children], ["svg", "p"])
        castle = root.children[0]
        self.assertTrue(html[castle.start:castle.end].endswith("</svg></svg>"))
        self.assertIsNone(parse('<div id="game-board"><svg><svg></svg><p>x</p></div>'))
