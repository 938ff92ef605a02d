"""The load benchmark's players: scripted pairs play whole games over the site's real HTTP act
endpoint, each player with his game page's WebSocket open, on loopback (issues 23 and 36).

    python benchmarks/load/players.py URL GAMES.json RESULT.json [--games N] [--seconds S]
                                      [--pace P] [--game ID] [--spawn-rate R]
                                      [--via post|socket] [--profile OUT.prof]

One asyncio task is one game (both its players: their cookies, a kept-alive HTTP connection
and a WebSocket each). The player whose page says it is his turn plays his first playable
card (its first mode) or else discards his first card (another game system: the first action
its board offers), by POST /games/<id>/act/ against the version his page showed; the time
from that POST to the moment the opponent's WebSocket brings the new version is the figure
measured ("move -> opponent"). With `--via socket` the move is sent instead as the page's
{"type": "act", "form": {...}} frame on the mover's own game socket, as the page's
script sends it (issue 36: a move without an HTTP request); its time then runs from that
frame to the opponent's socket message, and a refusal is the socket's {"error": ...} frame
(after which the form is posted, as the page does). Between two moves a game waits PACE seconds
(a person's reaction time; 0 moves as fast as the answers come). A finished game is
replaced by the next unused one of GAMES.json (benchmarks/load/prepare.py).

Why not locust (used until issue 36's fourth pass): its gevent users, `requests` and
websocket-client cost the generator ~20-30 ms of CPU per move, as much as the server's
own work, on the same two cores; this client is one process, one event loop, a hand-written
HTTP/1.1 request per move and `websockets`' asyncio client, and reads only the few marks it
needs from each board. It prints "measuring" on stdout once every game has started (figures
count from then on), "measured" when the time is up, and writes {"latencies_ms", "counts",
"measured_s", "cpu_s"} to RESULT.json: `cpu_s` is this process's own CPU time while
measuring (the generator shares the server's cores: what it costs is CPU the server does
not have). `--profile OUT.prof` records where that CPU goes (cProfile over the measured
seconds; `python -m pstats OUT.prof` reads it). Its clock is the wall clock, which costs
little to read (the CPU clock is a system call, and read twice a call it made the profile
mostly its own): the event loop's waits show as the `poll` of epoll, the rest is work.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gzip
import html
import itertools
import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import uvloop
from websockets.asyncio.client import ClientConnection, connect

HERE = Path(__file__).resolve().parent
sys.path += [str(HERE.parent), str(HERE.parent.parent / "src")]  # after what is installed

from card_choice import choice as card_choice  # noqa: E402

VERSION = re.compile(r'data-version="(\d+)"')
FINISHED = 'data-finished="yes"'
PATCH = re.compile(r'<template id="board-patch" data-from="(\d+)" data-to="(\d+)"[^>]*>')
PATCH_TO = re.compile(r'data-to="(\d+)"')
CHAT = '<ol id="chat-log"'
RESYNC = json.dumps({"type": "resync"})
ENTRY = re.compile(r'<template data-(head|at|cut)="([^"]*)"(?: data-keep="(\d+)")? '
                   r'data-tag="([^"]+)">')
PART_ENTRY = re.compile(r'<template data-(head|part|cut)="([^"]*)"(?: data-after="([^"]*)")? '
                        r'data-tag="([^"]+)">')
TAG_NAME = re.compile(r"\s*<([A-Za-z][A-Za-z0-9:-]*)")
PART_MARK = re.compile(r' data-part="([^"]*)"')
NESTING: dict[str, re.Pattern[str]] = {}  # a start or end tag of the tag named, by tag
ACTION = re.compile(r'name="action" value="([^"]+)"')


class Figures:
    """What the run counts: every move's latency once measuring has begun, events, and
    the CPU seconds this process spent while measuring."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.counts = {"moves": 0, "refused": 0, "errors": 0, "timeouts": 0,
                       "games_finished": 0, "resyncs": 0}
        self.since = 0.0
        self.cpu = 0.0


class Http:
    """One player's kept-alive HTTP/1.1 connection to the server (his cookies on each
    request); reconnects when the server closed it."""

    def __init__(self, host: str, port: int, cookie: str) -> None:
        self.host, self.port, self.cookie = host, port, cookie
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, form: dict[str, str]) -> tuple[int, str]:
        """POST a form (as htmx does); the status and the body's text."""
        body = urlencode(form).encode()
        head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Cookie: {self.cookie}\r\nHX-Request: true\r\nAccept-Encoding: gzip\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        for attempt in (0, 1):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            assert self.reader is not None
            try:
                self.writer.write(head + body)
                return await self.answer(self.reader)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def answer(self, reader: asyncio.StreamReader) -> tuple[int, str]:
        """Read one response: status line, headers, a sized or chunked body."""
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            data = await reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                size = int((await reader.readline()).split(b";")[0], 16)
                if size == 0:
                    await reader.readline()
                    break
                parts.append(await reader.readexactly(size))
                await reader.readline()
            data = b"".join(parts)
        else:
            data = await reader.read()
            self.close()
        if headers.get("connection", "").lower() == "close":
            self.close()
        if headers.get("content-encoding") == "gzip":
            data = gzip.decompress(data)
        return status, data.decode("utf-8", "replace")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Seat:
    """One player of a game: his HTTP connection, his page's socket and its latest board."""

    def __init__(self, url: str, cookie: dict[str, str], anything: asyncio.Event,
                 figures: Figures) -> None:
        parts = urlsplit(url)
        self.figures = figures
        self.anything = anything  # set when either seat of the game sees a newer board
        self.url = url
        self.cookies = cookie
        header = "; ".join(f"{k}={v}" for k, v in cookie.items())
        self.header = header
        self.http = Http(parts.hostname or "127.0.0.1", parts.port or 80, header)
        self.board = ""
        self.version = -1
        self.seen_at = 0.0
        self.turn = False  # the board says it is this player's turn
        self.finished = False  # the board says the game is over
        self.changed = asyncio.Event()
        self.socket: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.refused = False  # the socket answered a move with {"error": ...}

    async def open(self, game: int) -> None:
        """Open the game page's socket and start reading it."""
        self.socket = await connect(
            self.url.replace("http://", "ws://") + f"/ws/games/{game}/",
            additional_headers=[("Cookie", self.header)], origin=self.url,  # type: ignore[arg-type]
            compression=None, max_size=None, ping_interval=None, open_timeout=60,
            proxy=None)  # loopback: not the proxy environment's lookup at each socket
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        assert self.socket is not None
        with contextlib.suppress(Exception):
            async for text in self.socket:
                if str(text).startswith('{"error"'):
                    self.refused = True  # the move is posted then, as the page does
                    self.anything.set()
                    continue
                if not self.saw(str(text), time.monotonic()):
                    self.figures.counts["resyncs"] += 1  # a patch the page could not apply:
                    await self.socket.send(RESYNC)  # it asks for the whole view

    def saw(self, text: str, now: float) -> bool:
        """A board (from the socket or an HTTP answer) or a patch of the board kept: keep
        the newer board. False for a patch that does not apply (ask for the whole view)."""
        if text.startswith('<template id="board-patch"'):
            head = start_tag(text)
            to = PATCH_TO.search(head)
            if 'data-answered="yes"' in head or (to and int(to.group(1)) <= self.version):
                return True  # the mover's page, whose answer carries the board, or a board
                             # this page has already (as the page's script ignores them)
            found = patched(self.board, text)
            if found is None:
                return False
            if found[1] > self.version:
                self.show(found[0], found[1], now)
            return True
        if "game-board" not in text:
            return True
        text = text.split(CHAT, 1)[0].strip()  # the board alone: patches address its parts
        versions = [int(v) for v in VERSION.findall(text)]
        if versions and (max(versions) > self.version or not self.board):
            self.show(text, max(versions), now)
        return True

    def show(self, board: str, version: int, now: float) -> None:
        """Keep `board` as the page's board, of `version`, seen at `now`; what the players'
        loop asks of it (whose turn, the game over) is read once here, not at each look."""
        self.board, self.version, self.seen_at = board, version, now
        self.turn = "your-turn" in start_tag(board)
        self.finished = FINISHED in board
        self.changed.set()
        self.anything.set()

    def forget(self) -> None:
        """No board: the next one the page gets, of any version, is kept."""
        self.board, self.version, self.turn, self.finished = "", -1, False, False

    async def act(self, form: dict[str, str]) -> None:
        """Send the move as the page's socket "act" frame: the board's form, as game.js
        sends it (its fields but the CSRF token)."""
        assert self.socket is not None
        self.refused = False
        fields = {name: value for name, value in form.items()
                  if name != "csrfmiddlewaretoken"}
        await self.socket.send(json.dumps({"type": "act", "version": int(form["version"]),
                                           "form": fields}))

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(), 2)
        self.http.close()


def choice(board: str, ruleset: str) -> dict[str, str]:
    """MArcomage: the first playable card (first mode) in the hand, else discard the first
    card (card_choice.py, as the computer-games benchmark plays). Any other system: the
    first legal action its board offers as a form (every board posts an action's JSON in a
    field "action")."""
    if ruleset != "marcomage":
        found = ACTION.search(board)
        return {"action": html.unescape(found.group(1)) if found else "{}"}
    return card_choice(board)


def socket_action(form: dict[str, str]) -> dict[str, Any]:
    """The action a move's form means, as the JSON an "act" frame carries: the "action"
    field's JSON (any system), or MArcomage's card fields (kind, pos, mode) as its board's
    `action_from_form` reads them."""
    if "action" in form:
        found = json.loads(form["action"])
        return found if isinstance(found, dict) else {}
    action: dict[str, Any] = {"type": form["kind"], "pos": int(form["pos"])}
    if form["kind"] == "play":
        action["mode"] = int(form.get("mode") or 0)
    return action


def start_tag(text: str) -> str:
    """The text up to its first ">": a board's or a patch's own start tag, without copying
    the rest (`text.split(">", 1)[0]` copies the whole board)."""
    end = text.find(">")
    return text if end < 0 else text[:end]


def patched(board: str, message: str) -> tuple[str, int] | None:
    """The board `board` with the socket's patch `message` applied as the page applies it
    (static/marcomage/game.js; games/patches.py makes them), and its new version; None when
    the message holds no patch of this board (the page would then ask for the whole view)."""
    found = PATCH.search(message)
    if found is None or not board:
        return None
    old_version, new_version = int(found.group(1)), int(found.group(2))
    versions = VERSION.findall(start_tag(board))
    if not versions or int(versions[0]) != old_version:
        return None
    if 'data-parts="' in found.group(0):
        return _parts_patched(board, message[found.end():], new_version)
    # The generic patch (boards without named parts) needs the server's own parser;
    # imported when first needed, as importing marcomage.web imports Django (~0.1 s of CPU
    # at each start) and MArcomage's boards never need it.
    from marcomage.web.games.patches import parse

    root = parse(board)
    if root is None:
        return None
    body = message[found.end():]
    splices: list[tuple[int, int, str]] = []
    entries = list(ENTRY.finditer(body))
    for index, entry in enumerate(entries):
        kind, path, keep, tag = entry.groups()
        stop = (entries[index + 1].start() if index + 1 < len(entries)
                else body.find("</template></template>", entry.end()) + len("</template>"))
        content = body[entry.end():stop - len("</template>")]
        element = root
        for step in (int(n) for n in path.split(".") if path):
            if step >= len(element.children):
                return None
            element = element.children[step]
        if element.name != tag:
            return None
        if kind == "head":
            splices.append((element.start, element.head, content[:-len(f"</{tag}>")]))
        elif kind == "at":
            splices.append((element.start, element.end, content))
        else:  # cut: keep the first children, the rest goes, the new rest follows
            kept = int(keep or 0)
            if not 0 < kept <= len(element.children):
                return None
            splices.append((element.children[kept - 1].end, element.inner, content))
    for start, end, text in sorted(splices, reverse=True):
        board = board[:start] + text + board[end:]
    return board, new_version


class BoardParts:
    """The named parts of one board's text, found as a patch asks for them: where each
    part's `data-part` mark first stands (one pass over the board, before anything
    changes, as game.js finds a patch's parts), and each part's span, worked out once (a
    slot's new start tag and its cut both ask for it)."""

    def __init__(self, board: str) -> None:
        self.board = board
        self.marks: dict[str, int] = {}
        for found in PART_MARK.finditer(board):
            self.marks.setdefault(found.group(1), found.start())
        self.spans: dict[str, tuple[int, int, int, str] | None] = {}

    def span(self, name: str) -> tuple[int, int, int, str] | None:
        """Where the element of part `name` starts, where its start tag ends, where it ends,
        and its tag; None if no part has that name or its element never closes."""
        if name not in self.spans:
            self.spans[name] = self._span(name)
        return self.spans[name]

    def _span(self, name: str) -> tuple[int, int, int, str] | None:
        board, mark = self.board, self.marks.get(name)
        if mark is None:
            return None
        start = board.rfind("<", 0, mark)
        tag = TAG_NAME.match(board, start) if start >= 0 else None
        if tag is None:
            return None
        end = _element_end(board, start, tag.group(1))
        if end is None:
            return None
        return start, board.index(">", mark) + 1, end, tag.group(1)


def _element_end(board: str, start: int, tag: str) -> int | None:
    """Where the element of tag `tag` starting at `start` ends (after its end tag), by
    counting that tag's nesting from `start` to there only (games/parts.py); None if it
    never closes."""
    nesting = NESTING.get(tag)
    if nesting is None:
        nesting = NESTING[tag] = re.compile(rf"<(/?){tag}[\s>/]")
    depth = 0
    for found in nesting.finditer(board, start):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return board.index(">", found.start()) + 1
    return None


def _part_entries(body: str) -> Iterator[tuple[str, str, str | None, str, str]]:
    """A patch of named parts' entries, in order: kind ("head", "part" or "cut"), the part's
    name ("": the board), the part a cut keeps the children up to, the tag, the content."""
    entries = list(PART_ENTRY.finditer(body))
    for index, entry in enumerate(entries):
        kind, name, after, tag = entry.groups()
        stop = (entries[index + 1].start() if index + 1 < len(entries)
                else body.find("</template></template>", entry.end()) + len("</template>"))
        yield kind, name, after, tag, body[entry.end():stop - len("</template>")]


def _part_edit(parts: BoardParts, kind: str, name: str, after: str | None, tag: str,
               content: str) -> tuple[int, int, str] | None:
    """What one entry of a patch of named parts changes in the board, as game.js changes it:
    the span it replaces and the text put there (a new start tag, a part sent in the place
    of the part of that name and tag, or a cut: a part's children after the one named kept,
    the rest new); None when its part is not on the board or not of that tag."""
    board = parts.board
    if kind == "cut" and not name:  # the board's own children, after a part
        kept = parts.span(after or "")
        close = board.rfind("</")
        if kept is None or close < kept[2]:
            return None
        return kept[2], close, content
    if kind == "head" and not name:
        head = TAG_NAME.match(board)
        if head is None or head.group(1) != tag:
            return None
        return 0, board.index(">") + 1, content[:-len(f"</{tag}>")]
    span = parts.span(name)
    if span is None or span[3] != tag:
        return None
    start, head_end, end, _ = span
    if kind == "head":
        return start, head_end, content[:-len(f"</{tag}>")]
    if kind == "part":
        return start, end, content
    kept = parts.span(after or "")  # cut: the children up to `after` stay
    if kept is None or not start < kept[0] < end:
        return None
    return kept[2], end - len(f"</{tag}>"), content


def _spliced(board: str, edits: list[tuple[int, int, str]]) -> str | None:
    """`board` with each edit's span replaced by its text, in one pass; None when two
    edits overlap (games/parts.py never makes such a patch: each entry names a part of the
    board as it was, and an entry inside a part sent whole would have nothing to change)."""
    pieces, at = [], 0
    for start, end, text in sorted(edits, key=lambda edit: edit[0]):
        if start < at:
            return None
        pieces += (board[at:start], text)
        at = end
    pieces.append(board[at:])
    return "".join(pieces)


def _parts_patched(board: str, body: str, new_version: int) -> tuple[str, int] | None:
    """A patch of named parts (games/parts.py) applied to the text as game.js applies it:
    every entry's part found on the board as it was (`BoardParts`, one pass), then all
    the entries' changes spliced in at once (`_spliced`, one copy of the board); None when
    a part is not on the board. game.js too finds every entry's part before it changes
    anything; for the patches parts.py makes (a part sent is its element exactly, a cut
    keeps the children up to one of the part's own) that gives the board that applying the
    entries one by one, each on the text the one before left, gives (issue 36's load
    players did so until the thirteenth pass: a search and a copy of the board an entry)."""
    first = board.find('data-part="')
    if "game-notice" in (board if first < 0 else board[:first]):
        return None  # a refusal's board, not the rendering the patch was made from
    parts = BoardParts(board)
    edits = []
    for entry in _part_entries(body):
        edit = _part_edit(parts, *entry)
        if edit is None:
            return None
        edits.append(edit)
    spliced = _spliced(board, edits)
    return None if spliced is None else (spliced, new_version)


class Games:
    """The prepared games, handed out one at a time."""

    def __init__(self, listed: list[dict[str, Any]]) -> None:
        self.listed = listed
        self.next = itertools.count()

    def take(self) -> dict[str, Any]:
        index = next(self.next)
        if index >= len(self.listed):
            raise RuntimeError("no unused game left: prepare more games")
        return self.listed[index]


async def play(url: str, games: Games, figures: Figures, pace: float, ruleset: str,
               stop: asyncio.Event, ready: asyncio.Semaphore, via: str = "post") -> None:
    """One pair of players: play games to their end, one after another, until `stop`;
    `ready` is released once the first game's pages have their boards."""
    seats: list[Seat] = []
    anything = asyncio.Event()

    async def open_next() -> dict[str, Any]:
        for seat in seats:
            await seat.close()
        game = games.take()
        seats[:] = [Seat(url, cookie, anything, figures) for cookie in game["cookies"]]
        for seat in seats:
            await seat.open(game["game"])
        for seat in seats:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seat.changed.wait(), 30)
        return game

    try:
        try:
            game = await open_next()
        finally:
            ready.release()
        while not stop.is_set():
            if any(seat.finished for seat in seats):
                figures.counts["games_finished"] += 1
                game = await open_next()
                continue
            newest = max(seat.version for seat in seats)
            movers = [n for n, seat in enumerate(seats)
                      if seat.turn and seat.version == newest]
            if not movers:
                anything.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(anything.wait(), 5)
                continue
            mover, other = seats[movers[0]], seats[1 - movers[0]]
            version = mover.version
            form = {**choice(mover.board, ruleset), "version": str(version),
                    "csrfmiddlewaretoken": mover.cookies["csrftoken"]}
            other.changed.clear()
            started = time.monotonic()
            if via == "socket":
                await socket_move(mover, other, form, started, figures,
                                  f"/games/{game['game']}/act/")
                await asyncio.sleep(pace)
                continue
            try:
                status, text = await asyncio.wait_for(
                    mover.http.post(f"/games/{game['game']}/act/", form), 60)
            except (OSError, TimeoutError, asyncio.IncompleteReadError, ValueError):
                figures.counts["errors"] += 1
                mover.http.close()
                await asyncio.sleep(pace)
                continue
            if status >= 500:
                figures.counts["errors"] += 1
            if status != 200 or 'role="alert"' in text[:4000]:
                figures.counts["refused"] += 1
                mover.forget()
                mover.saw(text, time.monotonic())  # the board as it is now
                await asyncio.sleep(pace)
                continue
            mover.saw(text, time.monotonic())
            deadline = started + 30
            while other.version <= version and time.monotonic() < deadline:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(other.changed.wait(), deadline - time.monotonic())
                other.changed.clear()
            if other.version <= version:
                figures.counts["timeouts"] += 1
            elif figures.since and started >= figures.since:
                figures.latencies.append((other.seen_at - started) * 1000)
                figures.counts["moves"] += 1
            await asyncio.sleep(pace)
    except Exception as problem:  # a game that cannot go on is an error, not a crash
        figures.counts["errors"] += 1
        print(f"a game stopped: {problem!r}", file=sys.stderr)
    finally:
        for seat in seats:
            await seat.close()


async def socket_move(mover: Seat, other: Seat, form: dict[str, str], started: float,
                      figures: Figures, path: str) -> None:
    """One move over the mover's game socket: send the act frame, then wait (30 s at most)
    for the opponent's socket to bring the new version or the mover's to refuse."""
    version = mover.version
    anything = mover.anything
    anything.clear()
    try:
        await mover.act(form)
    except Exception:  # the socket closed: an error, as a failed POST is
        figures.counts["errors"] += 1
        return
    deadline = started + 30
    while other.version <= version and not mover.refused and time.monotonic() < deadline:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(anything.wait(), deadline - time.monotonic())
        anything.clear()
    if mover.refused and other.version <= version:
        figures.counts["refused"] += 1
        # As the page's script does: post the form, whose answer is the board as it is
        # (with the refusal's notice).
        with contextlib.suppress(OSError, TimeoutError, asyncio.IncompleteReadError,
                                 ValueError):
            _status, text = await asyncio.wait_for(
                mover.http.post(path, form), 60)
            mover.forget()
            mover.saw(text, time.monotonic())
    elif other.version <= version:
        figures.counts["timeouts"] += 1
    elif figures.since and started >= figures.since:
        figures.latencies.append((other.seen_at - started) * 1000)
        figures.counts["moves"] += 1


async def run(url: str, listed: list[dict[str, Any]], count: int, seconds: float,
              pace: float, ruleset: str, spawn_rate: int, via: str = "post",
              profile: cProfile.Profile | None = None) -> Figures:
    """Start `count` games at `spawn_rate` a second, measure `seconds` (with `profile`
    recording them), stop."""
    figures, stop, games = Figures(), asyncio.Event(), Games(listed)
    ready = asyncio.Semaphore(0)
    tasks = []
    for index in range(count):
        tasks.append(asyncio.create_task(play(url, games, figures, pace, ruleset, stop,
                                              ready, via)))
        if (index + 1) % spawn_rate == 0:
            await asyncio.sleep(1)

    async def all_ready() -> None:
        for _ in range(count):
            await ready.acquire()

    with contextlib.suppress(TimeoutError):  # every game's pages open (at most a minute)
        await asyncio.wait_for(all_ready(), 60)
    await asyncio.sleep(1)
    figures.since, cpu = time.monotonic(), time.process_time()
    print("measuring", flush=True)
    if profile is not None:
        profile.enable()
    await asyncio.sleep(seconds)
    if profile is not None:
        profile.disable()
    measured, figures.cpu = time.monotonic() - figures.since, time.process_time() - cpu
    print("measured", flush=True)
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        task.cancel()
    figures.since = measured  # what the run measured, for the result
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("games_file", type=Path)
    parser.add_argument("result", type=Path)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--game", default="marcomage")
    parser.add_argument("--spawn-rate", type=int, default=50)
    parser.add_argument("--via", choices=("post", "socket"), default="post",
                        help="send moves by POST (default) or as the game socket's act frame")
    parser.add_argument("--profile", type=Path,
                        help="write a cProfile of the measured seconds there")
    args = parser.parse_args(argv)
    listed = json.loads(args.games_file.read_text())
    profile = cProfile.Profile() if args.profile else None
    # uvloop's event loop (the server's too): the players' sockets and timers cost
    # the shared cores less than on asyncio's own loop.
    figures = uvloop.run(run(args.url.rstrip("/"), listed, args.games, args.seconds,
                             args.pace, args.game, max(1, args.spawn_rate), args.via,
                             profile))
    if profile is not None:
        profile.dump_stats(args.profile)
    args.result.write_text(json.dumps({"latencies_ms": figures.latencies,
                                       "counts": figures.counts,
                                       "measured_s": figures.since,
                                       "cpu_s": figures.cpu}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
