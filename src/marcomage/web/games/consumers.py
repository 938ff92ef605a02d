"""The per-game WebSocket of one open game screen.

States: connecting → (not one of the game's players: closed | player: subscribed, full view
sent) → closed. On connect (so a reconnecting page is whole again) and on a resync the
consumer sends that player's own board and chat log as htmx out-of-band fragments. A move's
wake-up to the seat's own group may carry the seat's patch, made by the mover's thread
(games/pushes.py): a socket that shows the patch's base sends it as it is, in the event
loop, with no thread and no query (`pushed_message`); from a mover in another process it
carries the seat's new board instead, which a socket that shows the version before patches
its board to, in the event loop too. After any other wake-up it reads the
seat's marks (the game's version and the chat's latest line, one query, after its log-in
check) and sends only what changed: the board when the version did, the chat log when a
line was posted. Boards come from `payload.seat_board`, rendered once per (game, seat,
version) and shared with the HTTP answer and the seat's other sockets.

A page may send {"type": "resync"} (send the whole view again) and {"type": "act",
"version": v, "action": {...}} or {"type": "act", "version": v, "form": {...}} (the board's
own form, as the game page's script sends it while its socket is open): a move by the
socket's player, checked exactly as a POST is (the socket's session and same-origin
handshake stand for the cookie and CSRF token; the seat, the turn, the version and the
action are checked by `play.act` / `play.act_on_form`). A refused "action" gets {"error":
...} and the board as it is; a refused "form" gets {"error": ..., "form": true} and the page
posts the form, for the board with the notice. An accepted move's board for this page comes
back in the same hand-off (the log-in check, the move, this seat's board), and the move's
wake-up then finds the socket up to date without a hand-off. Frames are rate-limited (moves
beyond MOVE_RATE wait their turn; other frames beyond the base rate are refused, and too many
close the socket); the socket closes when its log-in ends (core/sockets.py).
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

from marcomage.web.core.held import TOO_MANY
from marcomage.web.core.hop import in_pool
from marcomage.web.core.sockets import SessionBoundSocket, TokenBucket, session_holds

from . import play
from .errors import GameError
from .models import Game, Status
from .move_rows import seat_marks
from .parts import unwire
from .patches import note_of
from .payload import (
    answered,
    board_patch,
    keep_board,
    kept_board,
    parted_patch,
    seat_board,
    seat_chat,
)
from .pushes import base_of
from .queries import STARTED, find_game, stored_games
from .realtime import group_name, seat_group

UNAUTHORISED = 4401
FORBIDDEN = 4403
FINISHED = str(Status.FINISHED)
ACT_FRAME = 2048
"""Longest "act" frame (an action holds a type and ids only, PL-PROTO-4)."""
RECHECK = 60.0
"""Seconds after its last log-in check that a socket still sends a move's pushed patch
without reading its session (a session that merely expired ends within this)."""
MOVE_RATE = 5.0
MOVE_BURST = 10
"""Moves a game socket plays per second on average, and in a row; faster ones wait."""


@dataclass(frozen=True)
class Sent:
    """What a socket last sent: the board's version (and chat mark when finished), the
    chat's mark, and the board as the page shows it (the base of the next patch); and the
    game's start and the seat's number, with which it finds the seat's boards kept in the
    process (`kept_board`)."""

    board: tuple[int, int]
    chat: int
    shown: str = ""
    created: Any = None
    seat: int = -1


@dataclass(frozen=True)
class Marks:
    """What one query tells of the game for a seat: its version, status and start, the
    chat's latest line id and the seat's number."""

    version: int
    status: str
    chat: int
    created: Any
    seat: int


def _marks(game_id: int, user_id: int) -> Marks | None:
    """The game's marks for the player's seat, in one query, or None when the player may
    no longer see the game (not his, not started, or left)."""
    row = seat_marks(game_id, user_id)
    if row is None:
        return None
    version, status, chat, created, number = row
    return Marks(version, status, chat, created, number)


def socket_message(game_id: int, user_id: int, sent: Sent | None
                   ) -> tuple[str, Sent] | None:
    """What the player's socket must send now that it has sent `sent` (None: everything)
    and what it will then have sent; None when he may no longer see the game."""
    marks = _marks(game_id, user_id)
    if marks is None:
        return None
    chat = marks.chat
    finished = marks.status == FINISHED
    board = (marks.version, chat if finished else 0)
    if sent is not None and sent.board == board and sent.chat == chat:
        return "", sent
    if sent is not None and sent.chat == chat:
        # Only the board changed: the seat's board of this version may be rendered already
        # (the mover's HTTP answer, another tab), and then the game need not be read again
        # (issue 36). The marks come from the seat's own row, so the key is this seat's.
        kept = kept_board(game_id, marks.created, marks.seat, user_id, marks.version,
                          finished, chat)
        if kept is not None:
            if not finished and sent.shown and answered(
                    game_id, marks.created, marks.seat, user_id, marks.version, False, chat):
                # The mover's own page: its answer carried this board; a note of the
                # version will do (the page asks for the board if the answer got lost).
                return note_of(sent.board[0], marks.version), Sent(
                    board, chat, kept, marks.created, marks.seat)
            return _board_message(sent, kept, marks.version, finished), Sent(
                board, chat, kept, marks.created, marks.seat)
    # The game as this process's move stored it, when it is the version the marks read
    # (the row, its seats and players need not be read again, issue 36).
    game = stored_games.get(game_id, marks.version, marks.created,
                                  marks.status) or find_game(game_id)
    seat = next((s for s in game.seat_list() if s.user_id == user_id), None) if game else None
    if game is None or seat is None or seat.left or game.status not in STARTED:
        return None
    user = seat.user
    board = (game.version, chat if game.status == Status.FINISHED else 0)
    parts = []
    shown = sent.shown if sent is not None else ""
    if sent is None or sent.board != board:
        shown = seat_board(game, user, mark=chat)
        parts.append(shown if sent is None or sent.chat != chat else
                     _board_message(sent, shown, game.version, board[1] != 0 or
                                    game.status == Status.FINISHED))
    if sent is None or sent.chat != chat:
        parts.append(seat_chat(game, user, chat))
    return "".join(parts), Sent(board, chat, shown, game.created, seat.number)


def pushed_message(sent: Sent | None, event: dict[str, Any], game_id: int, user_id: int,
                   version: int) -> tuple[str, Sent] | None:
    """What a move's wake-up brought for this seat (games/pushes.py) makes this socket send,
    and what it will then have sent; None when in doubt (the socket reads the game as
    before). Only for a socket that shows the seat's board of the version before the move
    (`event["from"]`, in a running game):

    - a patch ("patch", made in the mover's process from the board it keeps) is sent as it
      is when the socket shows exactly its base (the same text by its digest) and this
      process keeps the seat's board of the new version (drawn by the mover's thread when
      the mover's process is this one), the base of the next patch;
    - the seat's new board ("board", from a process that does not keep the board the socket
      shows: the mover's is another process) is kept by this process as the seat's board
      of that version, and the board the socket shows is patched to it here, when that
      needs no parse (the marked parts, `parted_patch`, cached for the seat's other
      sockets; otherwise the socket reads the game, and finds the kept board).

    Reads nothing but the process's kept boards: no thread, no query."""
    if (sent is None or not sent.shown or sent.board != (event.get("from"), 0)
            or not isinstance(version, int) or version <= sent.board[0]):
        return None
    patch = event.get("patch")
    if isinstance(patch, str):
        if base_of(sent.shown) != event.get("base"):
            return None
        shown = kept_board(game_id, sent.created, sent.seat, user_id, version, False, 0)
        if shown is None:
            # Not kept here (the mover's process drew it, or it was dropped): without it the
            # next patch would have no base, so the socket reads the game and draws it.
            return None
        return patch, Sent((version, 0), sent.chat, shown, sent.created, sent.seat)
    board = unwire(event.get("board"))
    if not board:
        return None
    # Kept first: a socket that then reads the game finds it (as a board of this process's).
    board = keep_board(game_id, sent.created, sent.seat, user_id, version, board)
    made = parted_patch(sent.shown, board, sent.board[0], version)
    if made is None:
        return None
    return made, Sent((version, 0), sent.chat, board, sent.created, sent.seat)


def _board_message(sent: Sent, board: str, version: int, finished: bool) -> str:
    """The board for a socket that showed `sent.shown`: a patch of what changed (issue 36,
    patches.py), or the whole board in a finished game (its last boards differ by the
    chat, not the version) or when the socket showed none."""
    if finished or not sent.shown:
        return board
    return board_patch(sent.shown, board, sent.board[0], version)


def _render_for(game_id: int, user_id: int) -> str | None:
    """The player's whole board and chat, or None when he may no longer see the game."""
    found = socket_message(game_id, user_id, None)
    return found[0] if found is not None else None


message_for = in_pool(socket_message)
"""`socket_message` from async code, in the event loop's thread pool: each page's message is
built beside the others (issue 23: channels' default ran every socket's render of the
process one after another in a single thread, so wake-ups queued behind each other), with
no context copied to and from the thread (core/hop.py)."""


ENDED = "ended"
"""What `checked_message` and `checked_act` return when the socket's log-in no longer holds."""


def checked_message(session_key: str | None, game_id: int, user_id: int, sent: Sent | None,
                    check: bool) -> tuple[str, Sent] | str | None:
    """`socket_message` after the socket's log-in check (`session_holds`, when `check`), in
    one hand-off to a thread (issue 36: a push made two, the check's and the message's):
    ENDED when the log-in no longer holds, else as `socket_message`."""
    if check and not session_holds(session_key, user_id):
        return ENDED
    return socket_message(game_id, user_id, sent)


pushed_for = in_pool(checked_message)
"""`checked_message` from async code, in the event loop's thread pool (as `message_for`)."""


def checked_act(session_key: str | None, game_id: int, user_id: int,
                doc: dict[str, Any], sent: Sent | None = None) -> str | tuple[str, Sent] | None:
    """`_act` after the socket's log-in check and, once the move is stored, this socket's
    own message (its board at the new version, as a push builds it), all in one hand-off to
    a thread (issue 36: the move and the mover's board made two, each with its own log-in
    check and marks query). ENDED when the log-in no longer holds (nothing played); the
    refusal in words when the move is refused; else the message and what it sends, as
    `socket_message` (None: the player may no longer see the game)."""
    if not session_holds(session_key, user_id):
        return ENDED
    played = _act(game_id, user_id, doc)
    if isinstance(played, str):
        return played
    return mover_message(played, user_id, sent) or socket_message(game_id, user_id, sent)


def mover_message(game: Game, user_id: int, sent: Sent | None) -> tuple[str, Sent] | None:
    """The mover's own message after his move, from the game his move just stored (its
    row, seats and players as written): his board at the new version as a patch of the one
    his socket shows, without reading the game's marks (issue 36, tenth pass: a query per
    socket move). A chat line posted meanwhile has its own wake-up, which reads them. None
    where the marks are needed: a game the move ended (its board depends on the chat's
    mark), or a socket that showed no board."""
    seat = next((s for s in game.seat_list() if s.user_id == user_id), None)
    if (seat is None or seat.user is None or seat.left or game.status != Status.RUNNING
            or sent is None or not sent.shown or sent.board[1] != 0):
        return None
    shown = seat_board(game, seat.user, mark=0)
    return (_board_message(sent, shown, game.version, False),
            Sent((game.version, 0), sent.chat, shown, game.created, seat.number))


def _act(game_id: int, user_id: int, doc: dict[str, Any]) -> str | Game:
    """Play the socket player's move (his log-in just checked: `session_holds` found the
    account active, so the account's row need not be read again, issue 36; the game's
    seats say whether he plays in it): the game as the move stored it, or the refusal in
    words. The move is the action's JSON ("action") or the fields of the board's own form
    ("form", as the page's script sends a form it would otherwise post: `play.act_on_form`
    reads them as it reads a POST)."""
    from django.contrib.auth import get_user_model

    user = get_user_model()(pk=user_id)  # only its id is read (Game.seat_of)
    try:
        if "form" in doc:
            return play.act_on_form(user, game_id, doc.get("version"),
                                    form_fields(doc["form"]))
        return play.act(user, game_id, doc.get("version"), doc.get("action"))
    except GameError as problem:
        return str(problem) or "The move was refused."


FORM_FIELDS = 16
"""Most fields an "act" frame's form may carry (a board's form has a handful)."""


def form_fields(form: Any) -> dict[str, str]:
    """An "act" frame's form as the fields a POST would carry: a JSON object of at most
    FORM_FIELDS text fields (numbers are taken as their text); GameError otherwise, so a
    malformed frame is refused in words and changes nothing."""
    if not isinstance(form, dict) or len(form) > FORM_FIELDS:
        raise GameError("A move's form is a JSON object of a few fields.")
    fields: dict[str, str] = {}
    for name, value in form.items():
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise GameError("A move's form holds text fields only.")
        fields[str(name)] = str(value)
    return fields


act_for = in_pool(checked_act)
"""`checked_act` from async code, as `message_for`."""


def parse_act(text_data: str | None) -> dict[str, Any] | None:
    """The "act" frame's document, or None when the frame is something else."""
    if text_data is None or len(text_data) > ACT_FRAME or '"act"' not in text_data:
        return None
    try:
        doc = json.loads(text_data)
    except ValueError:
        return None
    return doc if isinstance(doc, dict) and doc.get("type") == "act" else None


class GameConsumer(SessionBoundSocket):
    """One open game screen of one of the game's players."""

    messages = frozenset({"resync"})
    game_id: int = 0
    group: str = ""
    own_group: str = ""
    sent: Sent | None = None
    moves: TokenBucket

    async def connect(self) -> None:
        """Accept only the game's players; send them their whole view at once."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=UNAUTHORISED)
            return
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        found = await message_for(self.game_id, int(user.pk), None)
        if found is None:
            await self.close(code=FORBIDDEN)
            return
        if not await self.bind_session(int(user.pk)):
            await self.close(code=TOO_MANY)
            return
        self.moves = TokenBucket(MOVE_RATE, MOVE_BURST)
        self.group = group_name(self.game_id)
        self.own_group = seat_group(self.game_id, int(user.pk))
        await asyncio.gather(self.channel_layer.group_add(self.group, self.channel_name),
                             self.channel_layer.group_add(self.own_group, self.channel_name))
        self.checked_at = time.monotonic()  # the handshake read the session just now
        await self.accept()
        html, self.sent = found
        await self.send(text_data=html)

    async def disconnect(self, code: int) -> None:
        """Leave the game's and the account's groups."""
        if self.group:
            await asyncio.gather(
                self.channel_layer.group_discard(self.group, self.channel_name),
                self.channel_layer.group_discard(self.own_group, self.channel_name))
        await self.unbind_session()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None
                      ) -> None:
        """A move ({"type": "act"}) after the same session and rate checks as any frame;
        anything else as the base socket handles it."""
        doc = parse_act(text_data)
        if doc is None:
            await super().receive(text_data, bytes_data)
            return
        if self.user_id is None:
            return
        # A move over the rate waits for its turn rather than being refused: the page sends
        # one move at a time and waits for its board, so a quick player (or a test) never
        # floods, and a refusal would cost him the socket after a few (issue 36: a seeded
        # duel lost its live board that way). A script that floods is slowed to MOVE_RATE.
        wait = self.moves.delay()
        if wait:
            await asyncio.sleep(wait)
            if self.user_id is None:  # the log-in ended meanwhile
                return
        self.moves.take()
        found = await act_for(self.session_key, self.game_id, self.user_id, doc, self.sent)
        if found == ENDED:
            await self.end()
            return
        if isinstance(found, str):
            # Refused: nothing was played. The page's own form ("form") is posted again by
            # the page, whose answer draws the board with the refusal's notice, as a POST's
            # refusal always did (game.js); to any other frame the board as it is follows.
            await self.send(text_data=json.dumps(
                {"error": found, **({"form": True} if "form" in doc else {})}))
            if "form" in doc:
                return
            self.session_checked = True  # just now: the push need not read it again
            try:
                await self.push(whole=True)
            finally:
                self.session_checked = False
            return
        if found is None:
            await self.end(FORBIDDEN)
            return
        self.checked_at = time.monotonic()  # the act checked the log-in first
        # Stored: this page's board at the new version came with the move (one hand-off);
        # the move's wake-up then finds this socket up to date and costs nothing.
        html, self.sent = found
        if html:
            await self.send(text_data=html)

    async def on_message(self, kind: str) -> None:
        """A resync: send the whole view again."""
        await self.push(whole=True)

    async def game_wake(self, event: dict[str, Any]) -> None:
        """A wake-up from the channel layer: read the marks again and send what changed.
        A move's wake-up ("move") of a version this socket has sent already (its own move
        over the socket, which brought its board) changes nothing it shows: no hand-off,
        no query (issue 36). Other wake-ups (a chat line, a seat that left) keep the
        version and are always read."""
        version = event.get("version")
        if (event.get("move") and self.sent is not None and isinstance(version, int)
                and self.sent.board[0] >= version and self.sent.board[1] == 0):
            return
        if (("patch" in event or "board" in event) and isinstance(version, int)
                and await self.pushed(event, version)):
            return
        await self.push()

    async def pushed(self, event: dict[str, Any], version: int) -> bool:
        """Send the patch a move's wake-up brought, or made here from the new board it
        brought (`pushed_message`), with no thread and no query: True when sent. The log-in
        is not read again for it: a log-out closes the session's sockets (`session_end`), a
        password change or a deactivation makes them check (`session_check`), every frame
        the page sends is checked, and a socket whose last check is older than RECHECK
        seconds (a session that merely expired) takes the checked path instead."""
        if self.user_id is None or time.monotonic() - self.checked_at >= RECHECK:
            return False
        found = pushed_message(self.sent, event, self.game_id, self.user_id, version)
        if found is None:
            return False
        patch, self.sent = found
        await self.send(text_data=patch)
        return True

    async def push(self, *, whole: bool = False) -> None:
        """Send what changed since the last message (everything when `whole`), or close
        when the game is gone for this player (or the log-in ended, core/sockets.py)."""
        if self.user_id is None:
            return
        # The log-in check and the message in one hand-off (core/sockets.py's `may_push`
        # says why each push checks it; not again right after a frame's own check).
        check = not self.session_checked
        found = await pushed_for(self.session_key, self.game_id, self.user_id,
                                 None if whole else self.sent, check)
        if found == ENDED:
            await self.end()
            return
        if check:
            self.checked_at = time.monotonic()
        if found is None or isinstance(found, str):
            await self.end(FORBIDDEN)
            return
        html, self.sent = found
        if html:
            await self.send(text_data=html)
