"""Issue 36: after a move a seat's sockets receive a patch of the board's parts that changed,
not the whole board. A board patched as the page patches it equals the board the seat gets
when it loads it afresh, for every system; the patch of the opponent's move holds nothing of
his hidden hand (C-FLAG-6); a board that does not split alike is sent whole."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from marcomage.games import find_ruleset
from marcomage.games.marcomage import CARDS, view
from marcomage.web.decks.services import give_starter_decks, ready_decks
from marcomage.web.games import consumers, parts, services
from marcomage.web.games.models import Game, Status
from marcomage.web.games.patches import PATCH_ID, parse, parsed, patch
from marcomage.web.games.renders import renderings

from ...bench_scripts import bench_script
from ..base import BaseTestCase
from .helpers import discard, seeded, start, to_move
from .test_leaks import CARD_MARK, visible_ids

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Node:
    """An element of a parsed board: its tag, attributes and children (nodes or text)."""

    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag, self.attrs = tag, attrs
        self.children: list[Any] = []

    def elements(self) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node)]

    def dump(self) -> Any:
        attrs = {k: v for k, v in self.attrs.items() if k != "hx-swap-oob"}
        return (self.tag, sorted(attrs.items()),
                [c.dump() if isinstance(c, Node) else c for c in self.children])


class Tree(HTMLParser):
    """html.parser's events as a tree (the stdlib's parser, not the code under test)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.top = Node("#top", {})
        self.stack = [self.top]
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def board_of(html: str) -> Node:
    found = [n for n in Tree(html).top.elements() if n.attrs.get("id") == "game-board"]
    assert len(found) == 1, html[:200]
    return found[0]


def apply(shown: str, message: str) -> Node:
    """The page's board after `message` (a patch, or a whole board), as game.js does it."""
    if not message.startswith(f'<template id="{PATCH_ID}"'):
        return board_of(message)
    board = board_of(shown)
    wrapper = Tree(message).top.elements()[0]
    assert int(board.attrs["data-version"]) == int(wrapper.attrs["data-from"])
    if "data-parts" in wrapper.attrs:
        return apply_parts(board, wrapper)
    assert [e.tag for e in board.elements()] == wrapper.attrs["data-tags"].split(",")

    def find(path: str) -> tuple[Node | None, Node]:
        parent, node = None, board
        for step in path.split(".") if path else []:
            parent, node = node, node.elements()[int(step)]
        return parent, node

    found = [(entry, *find(entry.attrs.get("data-head", entry.attrs.get(
        "data-at", entry.attrs.get("data-cut", ""))))) for entry in wrapper.elements()]
    for entry, parent, node in found:
        self_tag = entry.attrs["data-tag"]
        assert node.tag == self_tag, (node.tag, self_tag)
        if "data-cut" in entry.attrs:
            last = node.elements()[int(entry.attrs["data-keep"]) - 1]
            node.children = node.children[:node.children.index(last) + 1] + entry.children
            continue
        fresh = entry.elements()[0]
        if "data-head" in entry.attrs:
            node.attrs = dict(fresh.attrs)
        else:
            assert parent is not None
            parent.children[parent.children.index(node)] = fresh
    return board


def named_parts(node: Node) -> list[tuple[Node, Node]]:
    """The elements carrying `data-part` under `node`, in document order, with their
    parents (as the page's `querySelectorAll("[data-part]")`)."""
    found = []
    for child in node.elements():
        if "data-part" in child.attrs:
            found.append((node, child))
        found += named_parts(child)
    return found


def apply_parts(board: Node, wrapper: Node) -> Node:
    """A patch of named parts (games/parts.py) applied as game.js applies it: the board's
    parts must be those listed; a start tag replaces the attributes of the part (or of the
    board, named ""), a part sent replaces the part of its name and tag, a cut keeps a
    part's children up to the part named `data-after` and appends the new rest."""
    names = [p.attrs["data-part"] for _, p in named_parts(board)]
    assert names == wrapper.attrs["data-parts"].split(","), (names, wrapper.attrs)
    for entry in wrapper.elements():
        by_name = {p.attrs["data-part"]: (parent, p) for parent, p in named_parts(board)}
        kind = next(k for k in ("data-head", "data-part", "data-cut") if k in entry.attrs)
        name = entry.attrs[kind]
        parent, node = (None, board) if not name else by_name[name]
        assert node.tag == entry.attrs["data-tag"], (node.tag, entry.attrs)
        if kind == "data-cut":
            after = by_name[entry.attrs["data-after"]]
            assert after[0] is node  # the last kept part is a child of the cut one
            node.children = node.children[:node.children.index(after[1]) + 1] + entry.children
            continue
        fresh = entry.elements()[0]
        assert fresh.tag == entry.attrs["data-tag"]
        if kind == "data-head":
            node.attrs = dict(fresh.attrs)
        else:
            assert parent is not None
            parent.children[parent.children.index(node)] = fresh
    return board


def load_players() -> Any:
    """benchmarks/load/players.py, the load benchmark's scripted players."""
    return bench_script("load/players.py", "load_players")


class BoardPatchTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        renderings.clear()

    def play(self, game: Game, moves: int, *, named: bool = False) -> None:
        """Play `moves` moves (each the first legal action); after each, both seats' socket
        messages patch the board they showed into the board a fresh load gives (`named`:
        every patch is one of named parts, games/parts.py, made without a parse; else at
        least one is)."""
        ruleset = find_ruleset(game.ruleset)
        users = [s.user for s in services.find_game(game.pk).seat_list()]
        sent = {u.pk: consumers.socket_message(game.pk, u.pk, None) for u in users}
        shown = {u.pk: found[0] for u, found in zip(users, sent.values(), strict=True) if found}
        players = load_players()
        seen = {u.pk: found[0].split(players.CHAT, 1)[0].strip()
                for u, found in zip(users, sent.values(), strict=True) if found}
        patched = parted = 0
        parsed._kept.clear()  # no parse kept from an earlier test
        for _ in range(moves):
            game.refresh_from_db()
            if game.status != Status.RUNNING:
                break
            state = services.game_state(game)
            seat = min(ruleset.to_act(state))
            mover = services.find_game(game.pk).seat_list()[seat].user
            services.act(mover, game.pk, game.version, ruleset.legal_actions(state, seat)[0])
            for user in users:
                found = consumers.socket_message(game.pk, user.pk, sent[user.pk][1])
                assert found is not None
                message, after = found
                sent[user.pk] = found
                patched += message.startswith(f'<template id="{PATCH_ID}"')
                if message.startswith(f'<template id="{PATCH_ID}"'):
                    parted += 'data-parts="' in message.split(">", 1)[0]
                    if named:
                        self.assertIn('data-parts="', message.split(">", 1)[0])
                self.log_in(user)
                fresh = self.client.get(f"/games/{game.pk}/board/").content.decode()
                self.assertEqual(apply(shown[user.pk], message).dump(), board_of(fresh).dump())
                shown[user.pk] = after.shown
                if message.startswith(f'<template id="{PATCH_ID}"'):
                    # The load benchmark's players patch the text as the page does (issue 36).
                    text = players.patched(seen[user.pk], message)
                    assert text is not None, message[:200]
                    seen[user.pk] = text[0]
                    self.assertEqual(board_of(text[0]).dump(), board_of(fresh).dump())
                else:
                    seen[user.pk] = message.split(players.CHAT, 1)[0].strip()
        self.assertGreater(patched, 0)
        self.assertGreater(parted, 0)  # a board of marked parts, patched without a parse
        if named:
            self.assertEqual(len(parsed._kept), 0)  # not one rendering parsed

    def test_a_patched_marcomage_board_equals_a_freshly_loaded_one_issue_36(self) -> None:
        self.play(start(self.alice, self.bob, seed=3), 4, named=True)

    def test_every_systems_patched_board_equals_a_freshly_loaded_one_issue_36(self) -> None:
        for system in ("arcana", "far_wilds", "mage_wars", "elder_tale"):
            with self.subTest(system=system):
                first, second = (type(self.alice).objects.create_user(f"{system}{n}", "pw")
                                 for n in range(2))
                for player in (first, second):
                    give_starter_decks(player, system)
                with seeded(5):  # an unseeded deal sometimes left three whole boards, no patch
                    game = services.challenge(first, second, ready_decks(first, system)[0].pk,
                                              ruleset=system)
                    game = services.accept(second, game.pk, ready_decks(second, system)[0].pk)
                self.play(game, 3)

    def test_the_patch_of_the_opponents_move_names_none_of_his_hidden_cards_c_flag_6(
            self) -> None:
        with seeded(11):  # decks 1 and 2 share one card: most of bob's are foreign to alice
            game = services.challenge(self.alice, self.bob, ready_decks(self.alice)[0].pk,
                                      options={"hidden": True})
            game = services.accept(self.bob, game.pk, ready_decks(self.bob)[1].pk)
        mover, waiter = to_move(game)
        sent = consumers.socket_message(game.pk, waiter.pk, None)
        assert sent is not None
        game.refresh_from_db()
        services.act(mover, game.pk, game.version, {"type": "discard", "pos": 1})
        found = consumers.socket_message(game.pk, waiter.pk, sent[1])
        assert found is not None
        message = found[0]
        self.assertTrue(message.startswith(f'<template id="{PATCH_ID}"'), message[:100])
        game.refresh_from_db()
        state = services.game_state(game)
        seat = services.find_game(game.pk).seat_of(waiter)
        assert seat is not None
        theirs = state.players[1 - seat.number]
        secret = (set(theirs.hand) | {c for part in theirs.deck for c in part}) - visible_ids(
            view(state, seat.number))
        self.assertTrue(secret)
        self.assertFalse({int(c) for c in CARD_MARK.findall(message)} & secret)
        for card in secret:
            self.assertNotIn(f">{CARDS[card].name}<", message)

    def test_a_board_that_does_not_split_alike_goes_whole_issue_36(self) -> None:
        board = ('<div id="game-board" data-version="1"><p>a</p><section id="s"><b>b</b>'
                 '<i>i</i></section><br><div>c</div></div>')
        root = parse(board)
        assert root is not None
        self.assertEqual([child.name for child in root.children], ["p", "section", "br", "div"])
        self.assertEqual(board[root.children[1].start:root.children[1].end],
                         '<section id="s"><b>b</b><i>i</i></section>')
        newer = (board.replace('"1"', '"2"').replace("<div>c</div>", "<div>d</div>")
                 .replace("<i>i</i>", "<i>j</i>"))
        made = patch(board, newer + " " * 900, 1, 2)
        assert made is not None
        self.assertIn('data-head="" data-tag="div"', made)  # the root's new version
        self.assertIn('<template data-at="3" data-tag="div"><div>d</div></template>', made)
        self.assertIn('<template data-at="1.1" data-tag="i"><i>j</i></template>', made)
        self.assertNotIn("<p>a</p>", made)
        notice = board.replace("<p>a</p>", '<p role="alert">no</p><p>a</p>')
        self.assertIsNone(patch(notice, newer, 1, 2))  # another number of parts
        grown = newer.replace("<b>b</b><i>j</i>", "<b>c</b><i>j</i><form>f</form>")
        made = patch(board, grown + " " * 900, 1, 2)
        assert made is not None  # the section keeps its first children, gets a new end
        self.assertIn('<template data-at="1.0" data-tag="b"><b>c</b></template>', made)
        self.assertIn('<template data-cut="1" data-keep="2" data-tag="section">'
                      "<form>f</form></template>", made)
        self.assertIsNone(patch(board, board.replace("<br>", "text<br>"), 1, 2))
        self.assertIsNone(parse('<div id="game-board"><p>unclosed</div>'))
        self.assertIsNone(parse('<div id="game-board"></div><div>second</div>'))


MARKED = ('<div id="game-board" data-version="{v}" hx-swap-oob="true"><link rel="x">'
          '<!--p--><p data-part="status">{status}</p><!--/p-->'
          '<!--p--><section data-part="hand">'
          '<!--p--><div class="slot{cls}" data-part="slot-1">'
          '<!--p--><div data-part="slot-1-card">{card}</div><!--/p-->{form}</div><!--/p-->'
          '</section><!--/p--></div>')
FORM = '<!--p--><form data-part="slot-1-form"><input name="version" value="{v}"></form><!--/p-->'


def marked(v: int, status: str = "s", card: str = "c", cls: str = "", form: bool = False
           ) -> str:
    return MARKED.format(v=v, status=status, card=card, cls=cls,
                         form=FORM.format(v=v) if form else "")


class PartPatchTests(BaseTestCase):
    """games/parts.py: a board of marked parts is patched by comparing the parts' texts."""

    def test_the_markers_are_taken_out_and_the_parts_found_issue_36(self) -> None:
        board = parts.split(marked(1))
        assert isinstance(board, parts.Parted)
        self.assertNotIn("<!--", board)
        self.assertEqual(board.names, ("status", "hand", "slot-1", "slot-1-card"))
        card = parts._tree(board).children[1].children[0].children[0]
        self.assertEqual(board[card.start:card.end], '<div data-part="slot-1-card">c</div>')
        # Kept as tuples of strings and numbers, which the garbage collector stops tracking.
        self.assertTrue(all(isinstance(n, (str, int)) for span in board.spans for n in span))
        # Not a board of parts: a marker before no named element, a name twice, unclosed.
        for text in (marked(1).replace(' data-part="status"', ""),
                     marked(1).replace('"hand"', '"status"'),
                     marked(1).replace("</p><!--/p-->", "</p>", 1)):
            self.assertNotIsInstance(parts.split(text), parts.Parted)
            self.assertNotIn("<!--", parts.split(text))

    def test_only_the_changed_parts_go_and_a_form_that_comes_is_a_cut_issue_36(self) -> None:
        old = parts.split(marked(1))
        self.assertIsNone(parts.patch(old, parts.split(marked(2)), 1, 2))  # too big a share
        new = parts.split(marked(2, status="t", cls=" playable", form=True) + " " * 900)
        made = parts.patch(old, new, 1, 2)
        assert made is not None
        self.assertIn('data-parts="status,hand,slot-1,slot-1-card"', made)
        self.assertIn('<template data-head="" data-tag="div"><div id="game-board" '
                      'data-version="2"></div></template>', made)  # without hx-swap-oob
        self.assertIn('<template data-part="status" data-tag="p"><p data-part="status">t</p>'
                      '</template>', made)
        self.assertIn('<template data-head="slot-1" data-tag="div"><div class="slot playable" '
                      'data-part="slot-1"></div></template>', made)
        self.assertIn('<template data-cut="slot-1" data-after="slot-1-card" data-tag="div">'
                      '<form data-part="slot-1-form">', made)
        self.assertNotIn('data-part="slot-1-card"', made.split("data-cut", 1)[0])  # same card
        self.assertEqual(apply(old, made).dump(), board_of(new).dump())
        # Text outside the parts that changed (a notice): no part patch, the generic one may.
        notice = parts.split(marked(2).replace('<link rel="x">', '<em>no</em>') + " " * 900)
        self.assertIsNone(parts.patch(old, notice, 1, 2))

    def test_a_board_showing_a_notice_is_not_patched_by_parts_issue_36(self) -> None:
        """The load players, as game.js, ask for the whole view rather than patch by parts
        a board that shows its own refusal's notice (the patch was not made from it)."""
        players = load_players()
        old = parts.split(marked(1))
        made = parts.patch(old, parts.split(marked(2, status="t") + " " * 900), 1, 2)
        assert made is not None
        self.assertIsNotNone(players.patched(str(old), made))
        notice = str(old).replace('<link rel="x">',
                                  '<p class="message error game-notice" role="alert">No</p>')
        self.assertIsNone(players.patched(notice, made))

    def test_a_players_name_stays_escaped_in_a_part_patch_issue_36(self) -> None:
        """Escaping stays on: a player named `<b>x</b>&"'` reaches the other seat's patch
        escaped (the status line names whose turn it is)."""
        named = type(self.alice).objects.create_user('<b>x</b>&"\'', "pw")
        give_starter_decks(named)
        game = start(named, self.bob, seed=3)
        if to_move(game)[0] != self.bob:
            discard(named, game)
        sent = consumers.socket_message(game.pk, self.bob.pk, None)
        assert sent is not None
        discard(self.bob, game)  # bob's board then says whose turn it is: the name's
        found = consumers.socket_message(game.pk, self.bob.pk, sent[1])
        assert found is not None
        self.assertIn('data-parts="', found[0][:200])
        self.assertNotIn("<b>x</b>", found[0])
        self.assertIn("It is &lt;b&gt;x&lt;/b&gt;&amp;&#34;&#39;'s turn", found[0])
