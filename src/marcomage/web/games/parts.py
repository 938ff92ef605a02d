"""A board whose template marks its parts, and the patch of the parts that changed, made
without parsing any HTML (issue 36).

A board template marks a part by writing `<!--p-->` just before an element carrying a
`data-part` name unique on the board and `<!--/p-->` just after its end. Parts may hold
parts (a hand holds its slots, a slot its card and its form). A rendering is split at its
markers only (`split`: about a hundred string positions, no tags read; the markers are then
taken out, so no page ever holds them), and the seat's rendering is kept with its parts
(`Parted`, a `str` that is the whole board). The next move's patch for a socket that
showed it compares parts as strings, one comparison each, going into a changed part only
while its text outside its own parts is the same but for its start tag:

    <template id="board-patch" data-from="12" data-to="13" data-parts="status,hand,...">
      <template data-head="" data-tag="div"><div id="game-board" ...></div></template>
      <template data-head="mine-3" data-tag="div"><div class="slot playable" ...></div></template>
      <template data-part="mine-3-form" data-tag="form"><form ...>...</form></template>
    </template>

The page (static/marcomage/game.js) applies it only to the board it was made from: the
version it shows is `data-from`, its parts (`[data-part]`, in document order) are those
listed, and each entry's part has the tag named; otherwise it asks for the whole view. A part
holds only what the seat's whole board holds (it is a piece of that very rendering).

A board drawn by code with a key for each part (MArcomage's, rulesets/marcomage/drawn.py)
is patched by its keys instead (`Keyed`): a part whose key stayed is not compared at all, one
whose key changed goes whole, and only holders' start tags and their short text between
parts are compared as text; the entries are the ones the comparison of texts gives.

Boards that mark no parts, or whose text outside the parts changed (a notice above the
status line), fall back to the generic patch of patches.py.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from marcomage.web.core.part_markers import PART_CLOSE as CLOSE
from marcomage.web.core.part_markers import PART_OPEN as OPEN

from .patches import PATCH_ID, SHARE

MARKED = re.compile(r"<!--(/?)p-->(<([A-Za-z][A-Za-z0-9:-]*)[^>]*>)?")
"""A marker, and after an opening one the start tag of its part."""
START = re.compile(r"<([A-Za-z][A-Za-z0-9:-]*)[^>]*>")
OOB = ' hx-swap-oob="true"'


class Part:
    """One marked element of a rendering (the root's element too, named ""): its name and
    tag, where it starts, where its start tag ends (`head`), where it ends (`end`, after its
    end tag) and the parts it holds."""

    __slots__ = ("children", "end", "head", "name", "start", "tag")

    def __init__(self, name: str, tag: str, start: int, head: int, end: int = -1) -> None:
        self.name, self.tag, self.start, self.head, self.end = name, tag, start, head, end
        self.children: list[Part] = []


Span = tuple[str, str, int, int, int, int]
"""A part as a rendering keeps it: name, tag, start, head, end, and the index of the part
that holds it (-1: the board). Tuples of strings and numbers only, which the cyclic
garbage collector stops tracking: a kept rendering adds nothing to its every full pass (a
tree of objects per kept board did, as the parses of patches.py once did, issue 36)."""


class Parted(str):
    """A board's whole text that knows its marked parts (`spans`, in document order), its
    root element's tag, start, start tag's end and end (`root`), and the parts' names.

    A board drawn by code (rulesets/marcomage/drawn.py) is keyed too (issue 36): `keys`
    holds, for each part drawn whole from its inputs, those inputs (None for a part that
    holds parts), `kids` the parts each part holds (span indices; the root's last), and
    `gaps` each holder's own text between its parts as written (the root's last). Its patch
    (`keyed_patch`) then compares keys where the parts' texts were compared, and builds no
    tree. All are tuples of strings, numbers and flags, which the collector leaves alone."""

    spans: tuple[Span, ...]
    root: tuple[str, int, int, int]
    names: tuple[str, ...]
    keys: tuple[Any, ...] | None = None
    kids: tuple[tuple[int, ...], ...] = ()
    gaps: tuple[tuple[str, ...], ...] = ()


def split(text: str) -> str:
    """`text` without its part markers: a `Parted` when it is one element whose marked parts
    nest and each start with an element named by `data-part` unique on the board, else the
    plain text (patched the generic way). The markers never leave the server: the page
    finds a part by its name."""
    if OPEN not in text:
        return text
    clean = text.replace(OPEN, "").replace(CLOSE, "")
    spans: list[list[Any]] = []
    stack: list[int] = []
    whole = True
    shift = 0
    for found in MARKED.finditer(text):
        closing, tag = found.group(1, 3)
        begin, after = found.span(2) if tag else found.span()
        at = found.start() - shift  # where the marker was, in the text without markers
        shift += (begin if tag else after) - found.start()
        if closing:
            if not stack:
                whole = False
                break
            spans[stack.pop()][4] = at
            continue
        name = text.find(' data-part="', begin, after) + 12
        if not tag or name < 12:
            whole = False
            break
        spans.append([text[name:text.index('"', name)], tag, at, at + after - begin, -1,
                      stack[-1] if stack else -1])
        stack.append(len(spans) - 1)
    head = START.search(clean)
    names = tuple(span[0] for span in spans)
    if (not whole or stack or head is None or len(set(names)) != len(names)
            or any(span[2] < head.end() for span in spans)):
        return clean
    board = Parted(clean)
    board.spans = tuple((a, b, c, d, e, f) for a, b, c, d, e, f in spans)
    board.root = (head.group(1), head.start(), head.end(), len(clean.rstrip()))
    board.names = names
    return board


def wire(board: str) -> dict[str, Any]:
    """The board as plain data for the channel layer (issue 36, twelfth pass: a move's push
    to a seat whose sockets are in another process carries the seat's new board, which that
    process then patches its own board to and keeps as the base of the next patch). A
    `Parted` goes with what it knows of its parts, so that the patch there compares parts
    (or keys) and parses nothing; tuples of strings, numbers and flags only."""
    doc: dict[str, Any] = {"text": str(board)}
    if isinstance(board, Parted):
        doc.update(spans=board.spans, root=board.root, names=board.names)
        if board.keys is not None and _plain(board.keys):
            doc.update(keys=board.keys, kids=board.kids, gaps=board.gaps)
    return doc


PLAIN = (str, int, float, type(None))
"""What a key may hold to go as it is (with tuples of these): what msgpack, the Redis
layer's encoding, carries and gives back equal (bool is an int)."""


def _plain(value: Any) -> bool:
    """Whether `value` is made of PLAIN values and tuples only (a board whose keys hold
    anything else goes without them: its patch there compares the parts' texts)."""
    if isinstance(value, tuple):
        return all(map(_plain, value))
    return isinstance(value, PLAIN)


def unwire(doc: Any) -> str | None:
    """The board `wire` made, whole again (a `Parted` when it went as one; the channel
    layer turns tuples into lists, which are made tuples again, so that keys and gaps
    compare equal to this process's own); None when `doc` is not one (read the game)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("text"), str):
        return None
    text: str = doc["text"]
    if "spans" not in doc:
        return text
    try:
        board = Parted(text)
        board.spans = tuple(map(tuple, doc["spans"]))
        board.root = tuple(doc["root"])
        board.names = tuple(doc["names"])
        if "keys" in doc:
            board.keys = tuple(map(_frozen, doc["keys"]))
            board.kids = tuple(map(tuple, doc["kids"]))
            board.gaps = tuple(map(tuple, doc["gaps"]))
    except (KeyError, TypeError):
        return None
    count = len(board.spans)
    if (len(board.root) != 4 or len(board.names) != count
            or any(len(span) != 6 for span in board.spans)
            or (board.keys is not None
                and not len(board.keys) == count == len(board.kids) - 1
                == len(board.gaps) - 1)):
        return None
    return board


def _frozen(value: Any) -> Any:
    """`value` with every list made a tuple, all the way down (a key as it was drawn)."""
    if type(value) is list:
        return tuple(map(_frozen, value))
    return value


def _tree(board: Parted) -> Part:
    """The board's parts as a tree (made for a patch, then dropped)."""
    tag, start, head, end = board.root
    root = Part("", tag, start, head, end)
    made: list[Part] = []
    for name, tag, start, head, end, holder in board.spans:
        part = Part(name, tag, start, head, end)
        (made[holder] if holder >= 0 else root).children.append(part)
        made.append(part)
    return root


def _gaps(text: str, part: Part) -> list[str]:
    """The part's text outside its own parts (and its start tag), piece by piece."""
    edges = [part.head, *(n for child in part.children for n in (child.start, child.end)),
             part.end]
    return [text[edges[n]:edges[n + 1]] for n in range(0, len(edges), 2)]


def _alike(old: str, before: Part, new: str, after: Part) -> bool:
    """Two renderings of a part that may be patched part by part: the same tag, the same
    parts in the same order, the same text around them."""
    return (before.tag == after.tag and len(before.children) == len(after.children)
            and all(a.name == b.name for a, b in zip(before.children, after.children,
                                                      strict=True))
            and _gaps(old, before) == _gaps(new, after))


def _changes(old: str, before: Part, new: str, after: Part, entries: list[str],
             count: int | None = None) -> None:
    """The entries that turn part `before` (alike, or alike in its first `count` parts)
    into `after`: its start tag if that changed, then each changed part within."""
    head = new[after.start:after.head]
    if old[before.start:before.head] != head:
        if not after.name:
            head = head.replace(OOB, "", 1)
        entries.append(f'<template data-head="{after.name}" data-tag="{after.tag}">'
                       f'{head}</{after.tag}></template>')
    pairs = list(zip(before.children, after.children, strict=False))
    for was, now in pairs if count is None else pairs[:count]:
        _change(old, was, new, now, entries)


def _change(old: str, was: Part, new: str, now: Part, entries: list[str]) -> None:
    """The entries of one part: none when its text is the same; its start tag and changed
    parts where it is alike; where only its first parts line up (a slot that gains or
    loses its form), those, then the rest cut after them and the new rest (`data-cut`);
    else the part whole."""
    text = new[now.start:now.end]
    if old[was.start:was.end] == text:
        return
    if _alike(old, was, new, now):
        _changes(old, was, new, now, entries)
        return
    keep = _kept(old, was, new, now)
    if keep:
        _cut(old, was, new, now, entries, keep)
        return
    entries.append(f'<template data-part="{now.name}" data-tag="{now.tag}">{text}'
                   '</template>')


def _cut(old: str, was: Part, new: str, now: Part, entries: list[str], keep: int) -> None:
    """The entries of a part whose first `keep` parts line up: those patched, then the
    rest of the part after them cut and the new rest appended (`data-cut`)."""
    _changes(old, was, new, now, entries, keep)
    last = now.children[keep - 1]
    end = now.end - len(f"</{now.tag}>")
    entries.append(f'<template data-cut="{now.name}" data-after="{last.name}" '
                   f'data-tag="{now.tag}">{new[last.end:end]}</template>')


VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
TAGS = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9:-]*)[^>]*?(/?)>")


def _closed(gap: str) -> bool:
    """Whether the text between two parts closes every element it opens and no other (the
    parts around it are then children of the same element)."""
    if "<" not in gap:
        return True
    depth = 0
    for closing, name, alone in TAGS.findall(gap):
        if closing:
            depth -= 1
            if depth < 0:
                return False
        elif name.lower() not in VOID and not alone:
            depth += 1
    return depth == 0


def _kept(old: str, before: Part, new: str, after: Part) -> int:
    """How many first parts of two renderings of a part line up as its direct children
    (the same names, the same text before each, which closes what it opens), when the
    rest differs; 0 when none do, or when the part does not end in its own end tag."""
    end = f"</{after.tag}>"
    if (before.tag != after.tag or not old.startswith(end, before.end - len(end))
            or not new.startswith(end, after.end - len(end))):
        return 0
    keep = 0
    for was, now, gap, other in zip(before.children, after.children, _gaps(old, before),
                                    _gaps(new, after), strict=False):
        if was.name != now.name or gap != other or not _closed(gap):
            break
        keep += 1
    return keep


def patch(old: str, new: str, old_version: int, new_version: int) -> str | None:
    """The patch of the parts that changed from the seat's board `old` (version
    `old_version`) to `new`, or None when either marks no parts or the board's text outside
    its parts changed (the generic patch may then do), or the patch would be nearly the
    whole board. Two keyed boards are compared by their keys (`Keyed`)."""
    if not isinstance(old, Parted) or not isinstance(new, Parted):
        return None
    entries: list[str] = []
    if old.keys is not None and new.keys is not None:
        if not Keyed(old, new, entries).root():
            return None
    else:
        before, after = _tree(old), _tree(new)
        if _alike(old, before, new, after):
            _changes(old, before, new, after, entries)
        elif keep := _kept(old, before, new, after):
            _cut(old, before, new, after, entries, keep)  # a section shown or gone
        else:
            return None
    listed = escape(",".join(old.names))
    text = (f'<template id="{PATCH_ID}" data-from="{old_version}" data-to="{new_version}" '
            f'data-parts="{listed}">{"".join(entries)}</template>')
    return text if len(text) < SHARE * len(new) else None


class Keyed:
    """The patch of two keyed boards (`Parted.keys`), with the entries the comparison of
    their parts' texts gives (the same rules: a part whose key stayed is left alone, a
    holder alike in its own text and its parts' names is patched part by part, one whose
    first parts line up is cut after them), read from their spans by index: no tree, and no
    part's text compared, only keys, holders' start tags and their text between parts."""

    __slots__ = ("entries", "new", "old")

    def __init__(self, old: Parted, new: Parted, entries: list[str]) -> None:
        self.old, self.new, self.entries = old, new, entries

    def root(self) -> bool:
        """The entries of the whole board; False when its own text changed (the generic
        patch may then do)."""
        if self._alike(-1, -1):
            self._changes(-1, -1)
        elif keep := self._kept(-1, -1):
            self._cut(-1, -1, keep)
        else:
            return False
        return True

    @staticmethod
    def _span(board: Parted, at: int) -> tuple[str, str, int, int, int]:
        """Name, tag, start, head and end of a part (-1: the root element)."""
        if at < 0:
            tag, start, head, end = board.root
            return "", tag, start, head, end
        name, tag, start, head, end, _ = board.spans[at]
        return name, tag, start, head, end

    def _alike(self, was: int, now: int) -> bool:
        old, new = self.old, self.new
        before, after = old.kids[was], new.kids[now]
        if len(before) != len(after) or old.gaps[was] != new.gaps[now]:
            return False
        if ((old.spans[was][1] if was >= 0 else old.root[0])
                != (new.spans[now][1] if now >= 0 else new.root[0])):
            return False
        names, others = old.names, new.names
        return [names[a] for a in before] == [others[b] for b in after]

    def _changes(self, was: int, now: int, count: int | None = None) -> None:
        old, new = self.old, self.new
        start, head = old.spans[was][2:4] if was >= 0 else old.root[1:3]
        if now >= 0:
            name, tag, begin, after = new.spans[now][:4]
        else:
            name, (tag, begin, after) = "", new.root[:3]
        text = new[begin:after]
        if old[start:head] != text:
            if not name:
                text = text.replace(OOB, "", 1)
            self.entries.append(f'<template data-head="{name}" data-tag="{tag}">'
                                f'{text}</{tag}></template>')
        before, later = old.kids[was], new.kids[now]
        if count is not None:
            before, later = before[:count], later[:count]
        change = self._change
        for a, b in zip(before, later, strict=False):
            change(a, b)

    def _change(self, was: int, now: int) -> None:
        old, new = self.old, self.new
        key, other = old.keys[was], new.keys[now]  # type: ignore[index]
        name, tag, start, _, end, _ = new.spans[now]  # a part: `now` is never the root
        if key is not None or other is not None:
            if key is not None and key == other and old.spans[was][1] == tag:
                return  # drawn from the same inputs: the same text
        elif self._alike(was, now):
            self._changes(was, now)
            return
        elif keep := self._kept(was, now):
            self._cut(was, now, keep)
            return
        self.entries.append(f'<template data-part="{name}" data-tag="{tag}">'
                            f'{new[start:end]}</template>')

    def _kept(self, was: int, now: int) -> int:
        old, new = self.old, self.new
        _, tag, _, _, end = self._span(old, was)
        _, other, _, _, stop = self._span(new, now)
        close = f"</{other}>"
        if (tag != other or not old.startswith(close, end - len(close))
                or not new.startswith(close, stop - len(close))):
            return 0
        keep = 0
        for a, b, gap, same in zip(old.kids[was], new.kids[now], old.gaps[was],
                                   new.gaps[now], strict=False):
            if old.names[a] != new.names[b] or gap != same or not _closed(gap):
                break
            keep += 1
        return keep

    def _cut(self, was: int, now: int, keep: int) -> None:
        new = self.new
        self._changes(was, now, keep)
        name, tag, _, _, end = self._span(new, now)
        last = new.spans[new.kids[now][keep - 1]]
        self.entries.append(f'<template data-cut="{name}" data-after="{last[0]}" '
                            f'data-tag="{tag}">{new[last[4]:end - len(f"</{tag}>")]}'
                            '</template>')
