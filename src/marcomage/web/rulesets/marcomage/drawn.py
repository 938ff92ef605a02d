"""MArcomage's live board drawn by Python code as its marked parts (issue 36).

A board is drawn once per (game, seat, version) for the HTTP answer and every socket of the
seat; a Jinja2 template of it took ~1.5 ms (a few hundred escapes, attribute lookups and
generator steps), then the text was split again at its part markers to find the parts for
the sockets' patches. Here each part is written by a function of its inputs (f-strings,
every value escaped as Jinja2's autoescape escapes it), the card faces come from the
per-process memo (`Faces.slot`) and each card part's start tag from another, and the parts'
positions are counted while the text is written: the result is a `games.parts.Parted`
without markers, which the patch of parts.py takes as it took a split rendering. The markup
is the one the Jinja2 templates drew (`_board.jinja` now calls `board_in_template`, so the
game page draws the same text); tests/web/games/test_drawn_board.py checks it.

Each part drawn whole carries a key built from what it shows (the status line's round, turn,
end and modes; a hand slot's card and flags; a form's version, position and choices; a
castle's heights; a card of a last round; a pile's cards; the end buttons' options) and is
drawn from a per-process memo by that key, so a part that did not change is not drawn again;
the patch of two keyed boards compares the keys, not the parts' texts (`games.parts.Keyed`,
issue 36).

What a move's patch carries is kept small (issue 36, thirteenth pass): each history line is
a part and each card of a last round a part of its line, so a move sends the mover's new
cards only; what the hand's forms would each repeat for htmx is said once on the hand; the
hand's slots are named short (`m3`, its card `m3c`, its form `m3f`; the opponent's `t3`),
since every patch lists the board's part names; no white space is written where the page
draws none (flex boxes, grids, tables, SVG) and a card face's runs of it are one space; the
cards of the last rounds and piles are drawn without the art the page hides there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

from django.template.loader import get_template
from django.urls import get_script_prefix
from jinja2 import pass_context
from markupsafe import Markup, escape

from marcomage.web.core.jinja import signed, url
from marcomage.web.core.templatetags.marcomage import icon
from marcomage.web.games.parts import Parted
from marcomage.web.rulesets.marcomage.castle import Castle
from marcomage.web.rulesets.marcomage.templatetags.cards import _slot

Span = list[Any]
OOB = ' hx-swap-oob="true"'


NONE: list[str] = []
"""The gaps of a part drawn whole (it holds no parts): one list, never added to."""


class Writer:
    """The board's text as it is written, with its parts' spans (name, tag, start, head
    end, end, holder) counted on the way, as `games.parts.split` finds them, and their keys
    (issue 36): a part drawn whole from its inputs carries those inputs as its key; a part
    holding parts (a hand, a slot, a side) carries none, but its own text between its parts
    (`gaps`, as written, a few literal strings and a name) is kept for the patch.

    Keys, and the memos' arguments below, are plain values (str, numbers, flags, tuples of
    them): a tracked object among them (a Markup or SafeString, a dataclass) would keep
    every tuple holding it tracked by the cyclic collector, and nested tuples are let go
    only a level a pass, so flat arguments are best (issue 36, thirteenth pass)."""

    __slots__ = ("gaps", "keys", "open", "out", "piece", "pos", "root_gaps", "spans")

    def __init__(self) -> None:
        self.out: list[str] = []
        self.pos = 0
        self.spans: list[Span] = []
        self.open: list[int] = []
        self.keys: list[Any] = []
        self.gaps: list[list[str]] = []
        self.root_gaps: list[str] = []
        self.piece: list[str] = []

    def head(self, text: str) -> None:
        """The root element's start tag (not part of its text between parts)."""
        self.out.append(text)
        self.pos += len(text)

    def add(self, text: str) -> None:
        self.out.append(text)
        self.pos += len(text)
        self.piece.append(text)

    # The innermost open holder's text since its last part (or its start tag) ends goes to
    # its gaps as each part begins or ends (written out in `start`, `end` and `whole`: the
    # ~140 pieces of a board, a call each, issue 36).

    def start(self, name: str, tag: str, head: str, key: Any = None) -> None:
        """A part begins with its start tag `head`; `key`: what it shows (None: a holder of
        parts, compared part by part)."""
        opened = self.open
        holder = opened[-1] if opened else -1
        (self.gaps[holder] if opened else self.root_gaps).append("".join(self.piece))
        self.piece = []
        at = self.pos
        self.pos = end = at + len(head)
        self.spans.append([name, tag, at, end, -1, holder])
        self.keys.append(key)
        self.gaps.append([])
        opened.append(len(self.spans) - 1)
        self.out.append(head)

    def end(self, tail: str) -> None:
        """The innermost open part ends with `tail` (its end tag)."""
        self.out.append(tail)
        self.pos += len(tail)
        self.piece.append(tail)
        at = self.open.pop()
        self.gaps[at].append("".join(self.piece))
        self.piece = []
        self.spans[at][4] = self.pos

    def whole(self, name: str, tag: str, text: str, head: int, key: Any) -> None:
        """A part of no parts, written at once (its start tag `head` characters long), shown
        from `key`."""
        opened = self.open
        holder = opened[-1] if opened else -1
        (self.gaps[holder] if opened else self.root_gaps).append("".join(self.piece))
        self.piece = []
        at = self.pos
        self.pos = at + len(text)
        self.spans.append([name, tag, at, at + head, self.pos, holder])
        self.keys.append(key)
        self.gaps.append(NONE)
        self.out.append(text)

    def board(self, root: str) -> Parted:
        """The text written, as a `Parted` whose root element has the tag `root`."""
        self.root_gaps.append("".join(self.piece))
        self.piece = []
        text = "".join(self.out)
        board = Parted(text)
        spans = self.spans
        board.spans = tuple(map(tuple, spans))
        board.root = (root, 0, text.index(">") + 1, len(text.rstrip()))
        board.names = tuple([span[0] for span in spans])
        board.keys = tuple(self.keys)
        kids: list[list[int]] = [[] for _ in range(len(spans) + 1)]
        for at, span in enumerate(spans):
            kids[span[5]].append(at)  # the root's (holder -1) are the last
        board.kids = tuple(map(tuple, kids))
        board.gaps = (*map(tuple, self.gaps), tuple(self.root_gaps))
        return board


SPACES = re.compile(r">\s+<")


def tight(html: str) -> str:
    """`html` with each run of white space between two tags written as one space, which
    draws the same (the card faces' template lays out its markup on indented lines: about
    50 of a face's 950 bytes, sent with every card a move shows, issue 36)."""
    return SPACES.sub("> <", html)


@lru_cache(maxsize=8192)
def _face(card: int | None, new: bool, revealed: bool, link: bool, *looks: bool) -> str:
    """A card of the board as `Faces.slot` draws it (`looks`: the viewer's card settings),
    tight."""
    return tight(_slot(card, new, revealed, link, looks))


def _unseen(looks: Any) -> Any:
    """The viewer's card settings for the cards of the last rounds and piles: their art is
    never shown there (game.css: `.card-row .card-art`), so it is not drawn (issue 36)."""
    return (looks[0], False, looks[2], looks[3])


@lru_cache(maxsize=16384)
def _named(html: str, name: str) -> tuple[str, int]:
    """An element drawn elsewhere (a card's face) with `data-part` after its tag's name, as
    the `part` filter wrote it, tight, and the length of its start tag."""
    html = tight(html)
    cut = html.index(" ", 1) if html.index(" ", 1) < html.index(">") else html.index(">")
    text = f'{html[:cut]} data-part="{escape(name)}"{html[cut:]}'
    return text, text.index(">") + 1


@lru_cache(maxsize=8192)
def _my_card(pos: int, card: int | None, new: bool, revealed: bool, *looks: bool
             ) -> tuple[str, int]:
    """A card of the seat's hand, named for its slot, from memory by what it shows (not by
    its drawing's text, which would be hashed anew for each of the eight cards of each
    board drawn)."""
    return _named(str.__str__(_slot(card, new, revealed, False, looks)), f"m{pos}c")


STATUS = '<div class="game-status" data-part="status">'


def _status(w: Writer, c: Mapping[str, Any], opponent: str) -> None:
    finished = bool(c.get("finished"))
    outcome = (c.get("outcome") or {}) if finished else {}
    key = ("status", finished, str(outcome.get("end_type", "")), outcome.get("text", ""),
           bool(c.get("your_turn")), opponent, bool(c.get("hidden")),
           bool(c.get("friendly")), bool(c.get("opponent_left")), c.get("round"))
    w.whole("status", "div", _status_text(*key), len(STATUS), key)


@lru_cache(maxsize=4096)
def _status_text(_: str, finished: bool, end_type: str, text: str, your_turn: bool,
                 opponent: str, hidden: bool, friendly: bool, left: bool, round_: Any) -> str:
    """The status line from its key (round, turn, end, modes, the opponent's name)."""
    if finished:
        end = escape(end_type.lower())
        turn = (f'<strong class="outcome outcome-{end}">'
                f'{escape(text)}</strong>')
    elif your_turn:
        turn = '<strong class="turn turn-mine">It is your turn</strong>'
    else:
        turn = f'<span class="turn turn-theirs">It is {opponent}\'s turn</span>'
    modes = ((f'<span class="mode">{icon("eye-off", "Hidden cards")}</span>'
              if hidden else "")
             + (f'<span class="mode">{icon("handshake", "Friendly play")}</span>'
                if friendly else ""))
    gone = f'<span class="left">{opponent} has left the game</span>' if left else ""
    # A flex box: no space is drawn between its elements, none is written (issue 36).
    return (f'{STATUS}<span class="round">Round {escape(round_)}</span>{turn}'
            f'<span class="modes">{modes}</span>{gone}</div>')


def _form(slot: Any, act: str, version: str, csrf: str) -> str:
    """A hand slot's play/discard form (the text after its start tag)."""
    before, after = _form_around(slot.pos, slot.playable, slot.modes, slot.selects,
                                 slot.choices, slot.short, csrf)
    return f"{before}{version}{after}"


@lru_cache(maxsize=4096)
def _form_around(pos: int, playable: bool, modes: int, selects: str,
                 choices: tuple[tuple[int, str], ...], short: str, csrf: str
                 ) -> tuple[str, str]:
    """A slot's form before and after its version, from memory: the same card in the same
    place and state recurs from version to version, the version does not."""
    token = (f'<input type="hidden" name="csrfmiddlewaretoken" value="{csrf}">' if csrf
             else "")
    select = ""
    if playable and choices:
        eight = modes == 8
        selected = f' data-selects="{escape(selects)}"'
        options = "".join(f'<option value="{escape(m)}">{escape(label)}</option>'
                          for m, label in choices)
        select = (f'<select name="mode" aria-label="{"Which card" if eight else "Mode"}" '
                  f'class="mode-select"'
                  f'{selected if eight else ""}'
                  f'>{options}</select>')
    play = ('<button name="kind" value="play" class="btn-play">Play</button>'
            if playable else
            f'<button type="button" class="btn-play" aria-disabled="true" '
            f'aria-describedby="why-{pos}">Play</button>')
    why = ("" if playable else
           f'<span class="why" id="why-{pos}" role="tooltip">'
           f'{escape(short or "This card cannot be played now.")}</span>')
    return (f'{token}<input type="hidden" name="version" value="',
            f'"><input type="hidden" name="pos" value="{pos}">{select}<div class="act-buttons">'
            f'{play}<button name="kind" value="discard" class="btn-discard">Discard</button>'
            f'</div>{why}</form>')


def _hand(w: Writer, c: Mapping[str, Any], faces: Any, act: str) -> None:
    mine = c["me"]["hand"]
    your_turn = c.get("your_turn")
    # Plain text, not Markup (a str subclass the cyclic collector tracks): the forms' keys
    # then hold only atoms, and the collector stops walking them after their first pass.
    version = str(escape(c.get("version")))
    csrf = str(escape(c.get("csrf_token") or ""))
    looks = faces.looks
    # What every form of the hand would repeat is said once here: htmx takes hx-target,
    # hx-swap and hx-disabled-elt from the closest element that has them ("find button" is
    # then looked for within the form that posts), so a turn's eight forms do not carry
    # them (issue 36). A form keeps its method, action and hx-post: it posts without
    # JavaScript too. The hand is a grid and its slots and forms flex boxes, which draw no
    # space between elements: none is written.
    w.start("hand-mine", "section", '<section class="hand hand-mine" data-part="hand-mine" '
            'id="my-hand" tabindex="-1" aria-label="Your hand" hx-target="#game-board" '
            'hx-swap="outerHTML" hx-disabled-elt="find button">')
    for slot in mine:
        pos = slot.pos
        w.start(f"m{pos}", "div",
                f'<div class="slot{" playable" if slot.playable else ""}'
                f'{" unaffordable" if slot.short else ""}" data-pos="{pos}" '
                f'data-part="m{pos}">')
        key: Any
        if slot.guest is None:
            key = (slot.card, bool(slot.new), bool(slot.revealed), looks)
            face, head = _my_card(pos, slot.card, bool(slot.new), bool(slot.revealed), *looks)
        else:  # a card played in place of another (a guest) is keyed by its drawing
            face, head = _named(str.__str__(faces.slot(slot.card, slot.new, slot.revealed, False,
                                               slot.guest)), f"m{pos}c")
            key = face
        w.whole(f"m{pos}c", "div", face, head, key)
        if your_turn:
            w.start(f"m{pos}f", "form",
                    f'<form class="act-form" data-part="m{pos}f" method="post" '
                    f'action="{act}" hx-post="{act}">',
                    (act, version, csrf, pos, slot.playable, slot.modes, slot.selects,
                     slot.choices, slot.short))
            w.end(_form(slot, act, version, csrf))
        w.end("</div>")
    w.end("</section>")


def side(w: Writer, c: Mapping[str, Any], s: Mapping[str, Any], who: str, avatar: Any
         ) -> None:
    """One side of the board (`who`: "me" or "them"), as `_side.jinja` draws it."""
    them = who == "them"
    activity = c.get("opponent_activity")
    name = escape(c.get("opponent_name") if them else getattr(s["user"], "username", ""))
    picture = (f'<img class="avatar small" src="{escape(url("avatar", avatar))}" alt="" '
               'width="30" height="30"> ' if avatar else "")
    heading = (f'<h3 class="side-name activity-{escape(getattr(activity, "value", ""))}" '
               f'title="{escape(getattr(activity, "label", ""))}">' if them else
               '<h3 class="side-name">')
    w.start(f"side-{who}", "section",
            f'<section class="side side-{who}" data-part="side-{who}" '
            f'aria-label="{escape(getattr(s["user"], "username", ""))}">')
    w.add(f"\n  {heading}{picture}{name}</h3>\n  ")
    c_ = s["castle"]
    tower, wall = escape(s["tower"]), escape(s["wall"])
    # The tower (with its roof) and the wall each an SVG of their own in the castle's, a
    # part (issue 36): a move that changes one, or ends one's animation, sends that one; a
    # <template> parses an SVG's shapes as SVG only within an <svg>, so the parts are ones.
    w.start(f"castle-{who}", "svg",
            f'<svg class="castle-svg" data-part="castle-{who}" viewBox="0 0 120 180" '
            f'role="img" aria-label="Tower {tower} of 100, wall {wall} of 150">')
    w.add(SKY)
    tower_key = (c_.tower_x, c_.tower, c_.tower_before)
    shape, head = _tower(who, *tower_key)
    w.whole(f"tower-{who}", "svg", shape, head, tower_key)
    wall_key = (c_.wall_x, c_.wall, c_.wall_before)
    shape, head = _wall(who, *wall_key)
    w.whole(f"wall-{who}", "svg", shape, head, wall_key)
    w.end(f"{GROUND}</svg>")
    w.add("\n  ")
    key = (s["tower"], s["wall"], s["tower_change"], s["wall_change"])
    text = _towers(who, *key)
    w.whole(f"towers-{who}", "dl", text, text.index(">") + 1, key)
    w.add("\n  ")
    # One flat tuple of every row's values (see `Writer`): key, facility, its value and
    # change, stock, its value and change.
    rows = tuple(value for r in s["resources"] for value in (
        r["key"], r["facility"], r["facility_value"], r["facility_change"], r["stock"],
        r["stock_value"], r["stock_change"]))
    # The table one part (stocks as parts of it sent ~800 bytes a move less, but cost a
    # served process ~0.4 ms a move: their memos miss at nearly every move, issue 36).
    text = _resources(who, *rows)
    w.whole(f"resources-{who}", "table", text, text.index(">") + 1, rows)
    tokens = s.get("tokens")
    listed = ("<ul class=\"tokens\">" + "".join(
        f'<li>{escape(t["name"])} <span class="value">{escape(t["value"])}</span> '
        f'<small class="change">{signed(t["change"])}</small></li>' for t in tokens)
        + "</ul>") if tokens else ""
    w.end(f"\n  {listed}\n</section>")


@lru_cache(maxsize=4096)
def _towers(who: str, tower: Any, wall: Any, tower_change: Any, wall_change: Any) -> str:
    """A side's tower and wall heights with their changes (a grid: no white space between
    its elements, which it would not draw)."""
    return (f'<dl class="towers" data-part="towers-{who}"><dt>Tower</dt>'
            f'<dd class="stat stat-tower"><span class="value">{escape(tower)}</span> '
            f'<small class="change">{signed(tower_change)}</small></dd>'
            f'<dt>Wall</dt><dd class="stat stat-wall"><span class="value">{escape(wall)}'
            f'</span> <small class="change">{signed(wall_change)}</small></dd></dl>')


@lru_cache(maxsize=4096)
def _resources(who: str, *values: Any) -> str:
    """A side's facilities and stocks with their changes (`values`, seven a row: key,
    facility, its value and change, stock, its value and change; a table: no white space
    between its elements, which it would not draw)."""
    rows = (values[at:at + 7] for at in range(0, len(values), 7))
    cells = "".join(
        f'<tr class="res-{escape(key)}"><th>{escape(facility)}</th><td>'
        f'<span class="value">{escape(facility_value)}</span> <small class="change">'
        f'{signed(facility_change)}</small></td><th>{escape(stock)}</th><td>'
        f'<span class="value">{escape(stock_value)}</span> <small class="change">'
        f'{signed(stock_change)}</small></td></tr>'
        for key, facility, facility_value, facility_change, stock, stock_value, stock_change
        in rows)
    return f'<table class="resources" data-part="resources-{who}">{cells}</table>'


SKY = '<rect class="sky" x="0" y="0" width="120" height="170"/>'
GROUND = '<rect class="ground" x="0" y="170" width="120" height="10"/>'


@lru_cache(maxsize=4096)
def _tower(who: str, x: int, height: int, before: int) -> tuple[str, int]:
    """A side's tower and its roof, growing from their height a round ago, as an SVG of the
    castle's; and its start tag's length. Remembered by numbers, not by the castle's
    geometry object (see `Writer`)."""
    c = Castle(x, 0, height, 0, before, 0)
    grow = (f'<animate attributeName="height" from="{c.tower_before}" to="{c.tower}" '
            f'dur="0.9s"/><animate attributeName="y" from="{c.tower_top_before}" '
            f'to="{c.tower_top}" dur="0.9s"/>' if c.tower != c.tower_before else "")
    roof = (f'<animateTransform attributeName="transform" type="translate" '
            f'from="0 {c.roof_shift}" to="0 0" dur="0.9s"/>' if c.tower != c.tower_before
            else "")
    head = f'<svg data-part="tower-{who}">'
    return (f'{head}<rect class="tower" x="{c.tower_x}" y="{c.tower_top}" width="34" '
            f'height="{c.tower}">{grow}</rect>'
            f'<polygon class="roof" points="{c.roof}">{roof}</polygon></svg>', len(head))


@lru_cache(maxsize=4096)
def _wall(who: str, x: int, height: int, before: int) -> tuple[str, int]:
    """A side's wall, growing from its height a round ago, as an SVG of the castle's; and
    its start tag's length (remembered by numbers, as `_tower`)."""
    c = Castle(0, x, 0, height, 0, before)
    rise = (f'<animate attributeName="height" from="{c.wall_before}" to="{c.wall}" '
            f'dur="0.9s"/><animate attributeName="y" from="{c.wall_top_before}" '
            f'to="{c.wall_top}" dur="0.9s"/>' if c.wall != c.wall_before else "")
    head = f'<svg data-part="wall-{who}">'
    return (f'{head}<rect class="wall" x="{c.wall_x}" y="{c.wall_top}" width="24" '
            f'height="{c.wall}">{rise}</rect></svg>', len(head))


Round = tuple[tuple[Any, Any, Any], ...]
"""A side's last round as a key: (card, action, mode) of each entry that shows a card."""


def _round(history: Any) -> Round:
    return tuple((e["card"], e["action"], e.get("mode")) for e in history if e.get("card"))


@lru_cache(maxsize=4096)
def _entry(card: Any, action: Any, mode: Any, name: str, *looks: bool) -> tuple[str, int]:
    """One card of a side's last round: played or discarded, its mode, its face; and the
    length of its start tag."""
    head = f'<div class="history-entry" data-part="{name}">'
    return (f'{head}<span class="history-action action-{escape(action)}">'
            f'{"PLAYED" if action == "play" else "DISCARDED"}'
            f'{f" (mode {escape(mode)})" if mode else ""}</span>'
            f'{_face(card, False, False, True, *_unseen(looks))}</div>', len(head))


def _pile(cards: tuple[Any, ...], kind: str, looks: Any) -> str:
    unseen = _unseen(looks)
    return "".join(f'<div class="pile-card pile-{kind}">'
                   f'{_face(card, False, False, True, *unseen)}</div>' for card in cards)


HISTORY = '<div class="history-rows" data-part="history">'
LINE = '<div class="pile-line" aria-hidden="true"></div>'


def _history(w: Writer, c: Mapping[str, Any], faces: Any, opponent: str) -> None:
    """Both sides' last rounds and the cards discarded in them, each line a part and each
    card of a last round a part of its line (issue 36): a move changes the mover's line
    (and a pile when a card discarded), so its patch sends that line's new cards, not the
    four lines with every card face again."""
    me, them = c["me"], c["them"]
    looks = faces.looks
    w.start("history", "div", HISTORY)
    for who, title, history in (("mine", "Your last round", me["history"]),
                                ("theirs", f"{opponent}'s last round", them["history"])):
        w.add(f'\n  <div class="history-line history-{who}"><h4>{title}</h4>')
        w.start(f"round-{who}", "div", f'<div class="card-row" data-part="round-{who}">')
        for at, entry in enumerate(_round(history), 1):
            name = f"round-{who}-{at}"
            text, head = _entry(*entry, name, *looks)
            w.whole(name, "div", text, head, (*entry, looks))
        w.end("</div>")
        w.add("</div>")
    for who, title, heading, first, second in (
            ("mine", "Discarded by effects during your last round", "Discarded in your round",
             ("own", tuple(me["discarded_own"])), ("opp", tuple(me["discarded_opp"]))),
            ("theirs", "Discarded by effects during your opponent's last round",
             f"Discarded in {opponent}'s round", ("opp", tuple(them["discarded_opp"])),
             ("own", tuple(them["discarded_own"])))):
        w.add(f'\n  <div class="history-line pile pile-{who}" title="{title}"><h4>{heading}'
              '</h4>')
        key = (first, second, looks)
        text = _pile_row(who, *key)
        w.whole(f"pile-{who}", "div", text, text.index(">") + 1, key)
        w.add("</div>")
    w.end("\n</div>")


@lru_cache(maxsize=1024)
def _pile_row(who: str, first: tuple[str, tuple[Any, ...]], second: tuple[str, tuple[Any, ...]],
              looks: Any) -> str:
    """The cards discarded by effects in a side's last round, the pile line between the
    side's own and the other's (`first`, `second`: which pile, its cards); a flex box, so no
    white space between its elements."""
    return (f'<div class="card-row" data-part="pile-{who}">'
            f'{_pile(first[1], first[0], looks)}{LINE}{_pile(second[1], second[0], looks)}'
            '</div>')


def _theirs(w: Writer, c: Mapping[str, Any], faces: Any, opponent: str) -> None:
    w.start("hand-theirs", "details",
            '<details class="hand-theirs-box" data-part="hand-theirs" open>')
    w.add(f"\n    <summary>{opponent}'s hand</summary>\n    <section class=\"hand hand-theirs\" "
          f"aria-label=\"{opponent}'s hand\">\n      ")
    looks = faces.looks
    for slot in c["them"]["hand"]:
        key = (slot.card, slot.new, slot.revealed, looks)
        text, head = _their_slot(slot.pos, slot.card, slot.new, slot.revealed, *looks)
        w.whole(f"t{slot.pos}", "div", text, head, key)
    w.end("\n    </section>\n  </details>")


@lru_cache(maxsize=4096)
def _their_slot(pos: int, card: int | None, new: bool, revealed: bool, *looks: bool
                ) -> tuple[str, int]:
    """A slot of the opponent's hand (a card shown or face down, its flags)."""
    head = f'<div class="slot" data-pos="{pos}" data-part="t{pos}">'
    return f"{head}{_face(card, bool(new), bool(revealed), False, *looks)}</div>", len(head)


@lru_cache(maxsize=4096)
def _actions(game_id: int, surrender: bool, abort: bool, finish: bool, finished: bool,
             recorded: bool, csrf: str, prefix: str) -> str:
    """The end buttons (games/_end_actions.jinja, shared with the other boards), from
    memory: a handful of texts per game (`prefix`, the script prefix its URLs start with,
    is part of the key)."""
    return str(get_template("games/_end_actions.jinja", using="jinja2").render({
        "game": SimpleNamespace(pk=game_id, recorded=recorded),
        "ends": SimpleNamespace(surrender=surrender, abort=abort, finish=finish),
        "finished": finished, "csrf_token": csrf}))


def draw(c: Mapping[str, Any]) -> Parted:
    """The seat's whole live board from its context (`payload.board_context` with `notice`,
    `oob` and, on a page, `csrf_token`), with its parts."""
    game = c["game"]
    faces = c["faces"]
    opponent_user = c.get("opponent")
    # Escaped, as plain text (a Markup in a part's key or a memo's key keeps every tuple
    # holding it tracked by the cyclic collector, see `Writer`).
    opponent = str(escape(getattr(opponent_user, "username", "") or ""))
    act = str(escape(url("games:act", game.pk)))  # plain text: see `_hand`
    w = Writer()
    notice = c.get("notice")
    w.head(f'<div id="game-board" class="game-board{" minimized" if c.get("minimized") else ""}'
           f'{" your-turn" if c.get("your_turn") else ""}" data-version="{escape(c["version"])}" '
           f'data-game="{escape(game.pk)}" data-round="{escape(c.get("round"))}" '
           f'data-finished="{"yes" if c.get("finished") else "no"}"'
           f'{OOB if c.get("oob") else ""}>')
    w.add("\n  " + (f'<p class="message error game-notice" role="alert">{escape(notice)}</p>'
                    if notice else "") + "\n  ")
    _status(w, c, opponent)
    w.add("\n  ")
    _hand(w, c, faces, act)
    w.add('\n  <div class="field">\n    ')
    side(w, c, c["me"], "me", c.get("my_avatar"))
    w.add('\n    <div class="middle">')
    _history(w, c, faces, opponent)
    w.add("</div>\n    ")
    side(w, c, c["them"], "them", c.get("their_avatar"))
    w.add("\n  </div>\n  ")
    _theirs(w, c, faces, opponent)
    w.add("\n  ")
    ends = c.get("ends")
    key = (int(game.pk), bool(getattr(ends, "surrender", False)),
           bool(getattr(ends, "abort", False)), bool(getattr(ends, "finish", False)),
           bool(c.get("finished")), bool(getattr(game, "recorded", False)),
           str(c.get("csrf_token") or ""), get_script_prefix())
    actions = _actions(*key)
    w.whole("actions", "div", actions, actions.index(">") + 1, key)
    w.add("\n</div>")
    return w.board("div")


def side_in_template(s: Mapping[str, Any], who: str, avatar: Any = "", activity: Any = "",
                     opponent_name: Any = "") -> Markup:
    """`side` from `_side.jinja` (the replay board's sides): the same markup as the live
    board's, from one piece of code."""
    w = Writer()
    side(w, {"opponent_activity": activity, "opponent_name": opponent_name}, s, who, avatar)
    return Markup("".join(w.out))


@pass_context
def board_in_template(context: Any) -> Markup:
    """`draw` from `_board.jinja` (the game page includes it): the same text, unmarked."""
    return Markup(str(draw(context.get_all())))
