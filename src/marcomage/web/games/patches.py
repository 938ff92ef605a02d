"""A board's change as a small patch for the seat's sockets (issue 36), for every system's
board alike.

A live board is one element (`#game-board`) whose children are its parts (the status line,
the hands, the field, the log, the end buttons...). After a move most parts are as they
were, so a socket that showed the seat's previous rendering is sent only what changed: the
new start tags of the elements whose attributes changed (the root's version and classes)
and the changed elements, each addressed by its path of child positions from the board,
going down into an element while its children still line up (same tags, same text between
them), else sending it whole:

    <template id="board-patch" data-from="12" data-to="13" data-tags="div,section,...">
      <template data-head="" data-tag="div"><div id="game-board" ...></div></template>
      <template data-at="2.0.3" data-tag="span">...</template>
    </template>

The page (static/marcomage/game.js) applies it only to the board it was made from: the
version it shows must be `data-from`, its children's tags `data-tags` and each addressed
element of the tag named; otherwise it asks the socket for the whole view again
({"type": "resync"}). Forms are sent whole (the page's own carry a CSRF token that the
sockets' boards do not). A patch is made from two renderings of the same seat
(`payload.seat_board`), so it holds nothing that seat's whole board would not. Where the two
do not split alike or the patch would be nearly as long as the board, the board goes whole.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from html import escape

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
"""Elements without an end tag."""
TAG = re.compile(r"<!--.*?-->|<(/?)([A-Za-z][A-Za-z0-9:-]*)[^>]*>", re.S)
"""A comment, or a start or end tag (the boards escape ">" inside attribute values)."""
SHARE = 0.9
"""A patch longer than this share of the board is not worth it: the whole board goes."""
DEPTH = 6
"""How deep a patch goes into the board before it sends a changed element whole."""
LEAVES = frozenset({"form", "svg", "math", "template", "select", "table", "script",
                    "style", "textarea", "title"})
"""Elements a patch sends whole when they change: forms (a page's own forms hold a CSRF
token the sockets' boards do not, so their children are not where a socket's are), SVG and
MathML (a part parsed outside them would not be theirs), tables (the browser adds a tbody
the text does not have), raw text."""
PATCH_ID = "board-patch"


class Element:
    """One element of a rendering: its name, where it starts, where its start tag ends
    (`head`), where its content ends (its end tag starts, `inner`), where it ends (after
    its end tag) and its child elements. Made by the thousand per board, so kept lean."""

    __slots__ = ("children", "end", "head", "inner", "name", "start")

    def __init__(self, name: str, start: int, head: int, inner: int = -1, end: int = -1,
                 children: list[Element] | None = None) -> None:
        self.name, self.start, self.head = name, start, head
        self.inner, self.end = inner, end
        self.children: list[Element] = [] if children is None else children


def parse(html: str) -> Element | None:
    """The rendering's root element with its descendants, or None when `html` is not one
    well-nested element (an end tag that closes another element, a second element after
    the root). The content of `LEAVES`, never patched inside, is skipped to their end tag
    (past the end tags of the leaves of their name they hold). Names are compared as
    written: the boards write them in lower case."""
    stack: list[Element] = []
    root: Element | None = None
    search = TAG.search
    found = search(html)
    while found is not None:
        closing, name = found.groups()
        if name is None:  # a comment
            found = search(html, found.end())
            continue
        if closing:
            if not stack:
                return None
            done = stack.pop()
            if done.name != name:
                return None
            done.inner, done.end = found.span()
            found = search(html, done.end)
            continue
        start, head = found.span()
        element = Element(name, start, head, head, head)
        if stack:
            stack[-1].children.append(element)
        elif root is None:
            root = element
        else:
            return None  # a second element after the root
        if name in VOID or html[head - 2] == "/":
            found = search(html, head)
            continue
        if name in LEAVES and stack:
            close = _leaf_end(html, name, head)
            if close < 0:
                return None
            element.inner, element.end = close, close + len(name) + 3
            found = search(html, element.end)
            continue
        stack.append(element)
        found = search(html, head)
    if stack or root is None or html[root.end:].strip():
        return None
    return root


def _leaf_end(html: str, name: str, at: int) -> int:
    """Where the end tag of a leaf named `name` whose start tag ends at `at` begins: after
    the end tags of the leaves of its name it holds (an SVG within an SVG, as MArcomage's
    castle holds its tower's and its wall's, issue 36); -1 when it has none."""
    depth, opening, closing = 1, f"<{name}", f"</{name}>"
    while True:
        close = html.find(closing, at)
        inner = html.find(opening, at, close)
        while inner >= 0 and html[inner + len(opening)] not in " >/":
            inner = html.find(opening, inner + 1, close)  # another name that starts alike
        if close < 0 or inner < 0:
            depth -= 1
            if close < 0 or depth == 0:
                return close
            at = close + len(closing)
        else:
            depth += 1
            at = inner + len(opening)


class Parsed:
    """The latest renderings' parses (a board's parse serves its every socket, and the
    next move's patch of that seat starts from it when the seat did not move in between).
    Few: a parse is about two thousand objects, and a thousand kept parses made the
    garbage collector's every full pass walk two million of them (issue 36's profile)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[int, int], tuple[str, Element | None]] = OrderedDict()

    def get(self, html: str) -> Element | None:
        key = (hash(html), len(html))
        with self._lock:
            found = self._kept.get(key)
            if found is not None and found[0] is html:
                self._kept.move_to_end(key)
                return found[1]
        root = parse(html)
        with self._lock:
            self._kept[key] = (html, root)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return root


parsed = Parsed()


def patch(old: str, new: str, old_version: int, new_version: int) -> str | None:
    """The patch that turns the seat's board `old` (version `old_version`) into `new`, or
    None when the whole board is to be sent."""
    before, after = parsed.get(old), parsed.get(new)
    if before is None or after is None or not _alike(old, before, new, after):
        return None
    entries: list[str] = []
    _changes(old, before, new, after, "", entries, 0)
    tags = ",".join(child.name for child in before.children)
    text = (f'<template id="{PATCH_ID}" data-from="{old_version}" data-to="{new_version}" '
            f'data-tags="{escape(tags)}">{"".join(entries)}</template>')
    return text if len(text) < SHARE * len(new) else None


def _gaps(html: str, element: Element) -> list[str]:
    """The text between an element's children (and before the first, after the last)."""
    edges = [element.head, *(n for child in element.children
                             for n in (child.start, child.end)), element.inner]
    return [html[edges[n]:edges[n + 1]] for n in range(0, len(edges), 2)]


def _alike(old: str, before: Element, new: str, after: Element) -> bool:
    """Two elements whose children may be patched one by one: the same name, the same
    children's names in the same order, and the same text between them."""
    return (before.name == after.name and len(before.children) == len(after.children)
            and all(a.name == b.name for a, b in zip(before.children, after.children,
                                                      strict=True))
            and _gaps(old, before) == _gaps(new, after))


def _changes(old: str, before: Element, new: str, after: Element, path: str,
             entries: list[str], depth: int) -> None:
    """The entries that turn `before` into `after` (alike), at `path` (child positions from
    the board, dotted): its start tag if that changed, then each changed child, patched in
    turn where it is alike and may be entered, else whole."""
    head = new[after.start:after.head]
    if old[before.start:before.head] != head:
        if not path:
            head = head.replace(' hx-swap-oob="true"', "", 1)
        entries.append(f'<template data-head="{path}" data-tag="{after.name}">'
                       f'{head}</{after.name}></template>')
    for index, (was, now) in enumerate(zip(before.children, after.children, strict=True)):
        text = new[now.start:now.end]
        if old[was.start:was.end] == text:
            continue
        where = f"{path}.{index}" if path else str(index)
        enter = depth < DEPTH and now.name not in LEAVES and now.name not in VOID
        if enter and _alike(old, was, new, now):
            _changes(old, was, new, now, where, entries, depth + 1)
        elif enter and was.name == now.name and (keep := _kept(old, was, new, now)):
            _changes(old, _first(was, keep), new, _first(now, keep), where, entries,
                     depth + 1)
            tail = new[now.children[keep - 1].end:now.inner]
            entries.append(f'<template data-cut="{where}" data-keep="{keep}" '
                           f'data-tag="{now.name}">{tail}</template>')
        else:
            entries.append(f'<template data-at="{where}" data-tag="{now.name}">{text}'
                           '</template>')


def _kept(old: str, before: Element, new: str, after: Element) -> int:
    """How many first children of two elements line up (names and the text before each),
    when the rest differ in number (a hand's card that gains or loses its form): those
    are patched, the rest cut and the new rest appended. 0 when none line up."""
    gaps_before, gaps_after = _gaps(old, before), _gaps(new, after)
    keep = 0
    for was, now, gap, other in zip(before.children, after.children, gaps_before,
                                    gaps_after, strict=False):
        if was.name != now.name or gap != other:
            break
        keep += 1
    return keep if keep < max(len(before.children), len(after.children)) else 0


def _first(element: Element, keep: int) -> Element:
    """The element as if it held only its first `keep` children (and the text before
    them): what `_changes` compares of two elements `_kept` lined up."""
    last = element.children[keep - 1]
    return Element(element.name, element.start, element.head, last.end, last.end,
                   element.children[:keep])


def note_of(old_version: int, new_version: int) -> str:
    """A patch without parts for the page whose own request's answer carries the board of
    `new_version`: that page keeps its board; a page still behind once its requests are
    answered (another tab of the seat, a lost answer) asks for the whole view."""
    return (f'<template id="{PATCH_ID}" data-from="{old_version}" data-to="{new_version}" '
            'data-answered="yes"></template>')
