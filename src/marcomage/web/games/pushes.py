"""A move's pushes, made by the thread that stored it (issue 36, tenth pass).

A move used to wake the game's pages with its version only: each other seat's socket then
took a thread of its own, checked its log-in and read the game's marks (two queries), drew
its board and patched it. The mover's thread has the game loaded already, so right after the
commit it draws each other seat's board of the new version (once per seat and version, the
shared `payload.seat_board`), patches it from the board of the version before the move
(when this process still keeps that board: it is what the seat's sockets show) and puts the
patch into that seat's own wake-up. The seat's socket then only sends it (games/consumers.py:
no thread, no query), after checking that it shows exactly the patch's base (`base_of`: the
version and the text's digest); a socket that missed a version, or any doubt, reads the
game as before.

Across processes (PostgreSQL + Redis, twelfth pass): when this process does not keep the
seat's board of the version before (its sockets are in another process, which drew it),
the wake-up carries the seat's new board instead, drawn here once as it would be anyway;
the seat's socket that shows the version before patches its own board to it in the event
loop (`payload.parted_patch`: the marked parts, no parse) and its process keeps the new
board as the seat's board of that version. A MArcomage board is about 29 KB of text and
33 KB with its parts as msgpack: one Redis PUBLISH of that size per move and other seat
(docs/deploy.md, "Twelfth pass"). In one process nothing changes (`across`).

Hidden information: each seat's wake-up goes to that seat's own group (`seat_group`), whose
only members are that player's sockets on this game, and holds only that seat's board (its
patch, or its board: drawn from that seat's own view). The mover's own seat gets the plain
wake-up: its page has its board from its own move (the socket's answer or the HTTP answer,
which a patch from the old version would not apply to).
"""

from __future__ import annotations

import logging
import threading
import zlib
from typing import Any

from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

from marcomage.web.core.publish import publish
from marcomage.web.notifications.services import wake_messages

from .models import Game, Status
from .realtime import seat_group
from .renders import Renderings

log = logging.getLogger(__name__)

_moving = threading.local()
"""Per thread: {game id: (the version before the transaction's first step, the seats that
stepped, the game object)} for the moves stored but not yet committed (an action and the
steps the site takes for players after it are one transaction, one push)."""


def base_of(board: str) -> int:
    """A board's digest, which a pushed patch names as its base: a socket applies the patch
    only when the board it shows has the same (the same text, as drawn in any process)."""
    return zlib.crc32(board.encode())


def _pending() -> dict[int, tuple[int, set[int], Game]]:
    found: dict[int, tuple[int, set[int], Game]] | None = getattr(_moving, "games", None)
    if found is None:
        found = _moving.games = {}
    return found


def wake_move(game: Game, before: int, seat: int | None) -> None:
    """After the current transaction commits, wake the game's pages for the version `game`
    now has (a step of `seat` took it from `before`): each other seat with its patch when
    its board of the previous version is kept here, else the plain wake-up. Steps stored
    one after the other in one transaction make one push, of the last version."""
    pending = _pending()
    found = pending.get(game.pk)
    # The same game object: a step of this transaction (a transaction rolled back left
    # an entry of another object, which this one replaces).
    since, movers, _game = found if found is not None and found[2] is game else (
        before, set(), game)
    if seat is not None:
        movers.add(seat)
    pending[game.pk] = (since, movers, game)
    version = game.version
    transaction.on_commit(lambda: _push(game, version), robust=True)


def _push(game: Game, version: int) -> None:
    """The wake-ups of the move that made `version` (nothing when a later step of the same
    transaction superseded it: that step's push follows)."""
    if game.version != version:
        return
    since, movers, _game = _pending().pop(game.pk, (version - 1, set(), game))
    wake: dict[str, Any] = {"type": "game.wake", "version": version, "move": True}
    messages = []
    for seat in game.seat_list():
        if seat.user_id is None or seat.left:
            continue
        pushed = None
        if seat.number not in movers and not seat.computer:
            try:
                pushed = seat_push(game, seat, since)
            except Exception:  # a board that fails to draw costs only the shortcut
                log.exception("a move's push for game %s was not made", game.pk)
        messages.append((seat_group(game.pk, seat.user_id), {**wake, **(pushed or {})}))
    messages.extend(wake_messages(seat.user_id for seat in game.seat_list()
                                  if seat.user_id is not None))
    publish(messages)


carried = Renderings(size=4096)
"""The boards (by `board_key`) this process drew only to send them whole to another
process's sockets (twelfth pass). When the mover moves twice running, the other seat's board
sent with his first move is kept here, and his second move's push would be a patch from it:
the seat's process keeps the board it received but not the next one, so it would read the
game. A board noted here goes whole again instead."""


def across() -> bool:
    """Whether the channel layer reaches other processes (Redis). In one process (the
    in-memory layer) a seat's sockets show boards drawn here, so a board not kept means no
    socket of the seat is open (a player away: nothing is drawn for him) or its board
    expired (the socket reads the game): the plain wake-up, as before."""
    return not isinstance(get_channel_layer(), InMemoryChannelLayer)


def seat_push(game: Game, seat: Any, since: int) -> dict[str, Any] | None:
    """What the seat's sockets that show its board of version `since` need for the game's
    version: {"from": since, "base": the digest of that board, "patch": the patch (or the
    whole board where no patch is worth it)} when this process keeps that board; else, with
    several processes, {"from": since, "board": the seat's new board, `parts.wire`}
    (twelfth pass: the seat's sockets are most likely in another process, which keeps the
    board they show and patches it there); None when the game is over (a finished board
    goes whole, with the chat's mark) or, in one process, that board is not kept."""
    from .parts import wire
    from .payload import board_key, board_patch, kept_board, key_of_board, seat_board

    if game.status != Status.RUNNING or seat.user is None:
        return None
    user_id = int(seat.user_id)
    old = kept_board(game.pk, game.created, seat.number, user_id, since, False, 0)
    if old is not None and carried.kept(
            key_of_board(game.pk, game.created, seat.number, user_id, since, False, 0)):
        old = None  # drawn here only to be sent away: the seat's sockets are elsewhere
    if old is None and not across():
        return None
    new = seat_board(game, seat.user, mark=0)
    if old is None:
        carried.keep(board_key(game, seat.number, user_id, 0), "yes")
        return {"from": since, "board": wire(new)}
    return {"from": since, "base": base_of(old),
            "patch": str(board_patch(old, new, since, game.version))}
