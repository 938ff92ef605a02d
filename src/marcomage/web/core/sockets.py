"""What every WebSocket of the site shares: bound to its session, strict about what it hears.

A socket lives only as long as the log-in that opened it. It joins its account's group
(`account_group`); logging out sends `session.end` with the session key (the sockets of that
session close at once) and a password change sends `session.check` (every socket of the
player re-reads its session and closes when the session's password hash is stale). Each
incoming frame re-checks the session too, so a socket whose wake-up was lost still ends.

The browser sends almost nothing: a frame must be a short text frame naming a known message;
anything else gets an error frame (`{"error": ...}`), and a socket that keeps sending bad or
too many frames is closed with 1008 (policy violation). Nothing a client sends can raise
out of a consumer ("Exception in ASGI application").
"""

from __future__ import annotations

import functools
import json
import logging
import time
from importlib import import_module
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends import db as db_sessions
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from .held import HELD
from .hop import in_pool
from .joined import Joined
from .publish import publish

log = logging.getLogger(__name__)

SESSION_ENDED = 4401
POLICY_VIOLATION = 1008
MAX_FRAME = 256
"""Longest text frame a page may send (the site's own messages are a few bytes)."""
RATE = 2.0
BURST = 5
"""Messages per second a socket may send on average, and how many in a row."""
STRIKES = 5
"""Bad or over-rate frames a socket may send before it is closed."""


def account_group(user_id: int) -> str:
    """The channel-layer group of every socket of one player, whatever page it serves."""
    return f"account.{user_id}"


_players: list[Joined] = []


def _active_players() -> Joined:
    """An active player by id, by a SELECT built once (issue 36: every push of every socket
    checks its log-in; made on first use, once the user model is known)."""
    if not _players:
        model = get_user_model()
        _players.append(Joined(model, (), f"t0.{model._meta.pk.column} = %s AND "
                                          f"t0.{model._meta.get_field('is_active').column} = %s"))
    return _players[0]


def session_user_id(session_key: str | None) -> int | None:
    """The id of the player whose log-in this session still is, or None: the session is
    gone (logged out, expired) or its password hash no longer matches the account's."""
    if not session_key:
        return None
    engine = import_module(settings.SESSION_ENGINE)
    data = engine.SessionStore(session_key).load()
    user_id, stored = data.get(SESSION_KEY), data.get(HASH_SESSION_KEY)
    if user_id is None or not stored:
        return None
    try:
        key = int(user_id)
    except (TypeError, ValueError):
        return None
    found = _active_players().rows([key, True]) if 0 < key < 2**63 else []
    user = found[0] if found else None
    if user is None or not constant_time_compare(str(stored), user.get_session_auth_hash()):
        return None
    return int(user.pk)


@functools.cache
def _holds_sql() -> str | None:
    """The one SELECT of `session_holds`: the session's data, unexpired, beside the active
    player's password hash; None when the session engine is not database-backed."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    if not issubclass(store, db_sessions.SessionStore):
        return None
    session, user = store.get_model_class()._meta, get_user_model()._meta
    name = connection.ops.quote_name
    return (f"SELECT s.{name(session.get_field('session_data').column)}, "
            f"u.{name(user.get_field('password').column)} "
            f"FROM {name(session.db_table)} s, {name(user.db_table)} u "
            f"WHERE s.{name(session.pk.column)} = %s "
            f"AND s.{name(session.get_field('expire_date').column)} > %s "
            f"AND u.{name(user.pk.column)} = %s AND u.{name(user.get_field('is_active').column)}")


@functools.lru_cache(maxsize=4096)
def _decoded(data: str) -> dict[str, Any]:
    """A session's stored data decoded (signature checked); the same text always decodes
    the same, so each text is checked once."""
    decoded: dict[str, Any] = import_module(settings.SESSION_ENGINE).SessionStore().decode(data)
    return decoded


@functools.lru_cache(maxsize=4096)
def _auth_hash(password: str) -> str:
    """The session hash of an account with this password hash (as the account computes it)."""
    return str(get_user_model()(password=password).get_session_auth_hash())


def session_holds(session_key: str | None, user_id: int) -> bool:
    """Whether this session is still the log-in of this player: `session_user_id(key) ==
    user_id`, checked as strictly (the session row exists and has not expired, it names the
    player, he is active, its password hash is his current one) by one query instead of two
    and without decoding the same data or hashing the same password twice (issue 36: every
    push of every socket asks it)."""
    if not session_key or not 0 < user_id < 2**63:
        return False
    sql = _holds_sql()
    if sql is None:
        return session_user_id(session_key) == user_id
    expiry = db_sessions.SessionStore.get_model_class()._meta.get_field("expire_date")
    database = connections[DEFAULT_DB_ALIAS]  # this thread's, looked up once
    with database.cursor() as cursor:
        cursor.execute(sql, [session_key,
                             expiry.get_db_prep_value(timezone.now(), database), user_id])
        row = cursor.fetchone()
    if row is None:
        return False
    data = _decoded(str(row[0]))
    stored = data.get(SESSION_KEY)
    return (stored is not None and str(stored) == str(user_id)
            and bool(data.get(HASH_SESSION_KEY))
            and constant_time_compare(str(data[HASH_SESSION_KEY]), _auth_hash(str(row[1]))))


def _send(group: str, event: dict[str, Any]) -> None:
    publish([(group, event)])  # handed to the event loop, not waited for (core/publish.py)


def end_session_sockets(user_id: int, session_key: str | None) -> None:
    """Close the sockets opened by this session (after a log-out)."""
    if session_key:
        event = {"type": "session.end", "session_key": session_key}
        transaction.on_commit(lambda: _send(account_group(user_id), event), robust=True)


def check_account_sockets(user_id: int) -> None:
    """Make every socket of the player re-check its session (after a password change)."""
    transaction.on_commit(lambda: _send(account_group(user_id), {"type": "session.check"}),
                          robust=True)


check_session = in_pool(session_holds)
"""`session_holds` from async code, in the event loop's thread pool: channels' default
(thread_sensitive) ran every socket's check of the process one after another in a single
thread shared with the rest of the process's sync code, so under load a push waited in that
queue behind all the others (issue 36, the served path)."""


class Refusal(ValueError):
    """A frame the socket does not accept; the message says why."""


class TokenBucket:
    """At most `burst` messages at once and `rate` per second on average."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one."""
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def delay(self) -> float:
        """Seconds until a token is there (0.0 when one is now)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now


def parse_frame(text_data: str | None, bytes_data: bytes | None, known: frozenset[str]) -> str:
    """The type of a well-formed frame: JSON {"type": t} with t in `known`; Refusal else."""
    if text_data is None:
        raise Refusal("This socket takes text frames only.")
    if len(text_data) > MAX_FRAME:
        raise Refusal(f"A message has at most {MAX_FRAME} characters.")
    try:
        doc = json.loads(text_data)
    except ValueError:
        raise Refusal('A message is JSON such as {"type": "resync"}.') from None
    kind = doc.get("type") if isinstance(doc, dict) else None
    if not isinstance(kind, str) or kind not in known:
        names = ", ".join(sorted(known)) or "none"
        raise Refusal(f"Unknown message; this socket understands: {names}.")
    return kind


class SessionBoundSocket(AsyncWebsocketConsumer):
    """A consumer tied to the log-in that opened it, with validated, rate-limited input.

    Subclasses call `bind_session(user_id)` once they accept, list the message types they
    understand in `messages`, and handle them in `on_message`."""

    messages: frozenset[str] = frozenset()
    user_id: int | None = None
    session_key: str | None = None
    bucket: TokenBucket
    strikes: int = 0
    session_checked: bool = False
    checked_at: float = 0.0
    """When the log-in was last found to hold (monotonic seconds)."""

    held_by: int | None = None

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Hand a message to its handler, as channels does, without channels' hop to the
        process's one shared sync thread before each message to close that thread's old
        database connections (issue 36): these sockets reach the database only through
        `in_pool` (core/hop.py) or `database_sync_to_async`, which close their own thread's
        connections before and after each call, so the hop closed nothing, yet every
        message of every socket of the process queued for that one thread (a move brings
        each of its two pages a wake-up)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def bind_session(self, user_id: int) -> bool:
        """Remember the log-in and join the account's group; False (nothing joined) when the
        player or the process holds too many sockets already (core/held.py): the caller
        closes with 4429."""
        if not HELD.take("page", user_id):
            return False
        self.held_by = user_id
        session = self.scope.get("session")
        self.session_key = getattr(session, "session_key", None)
        self.user_id = user_id
        self.bucket = TokenBucket()
        await self.channel_layer.group_add(account_group(user_id), self.channel_name)
        return True

    async def unbind_session(self) -> None:
        """Leave the account's group; the socket no longer counts."""
        if self.held_by is not None:
            HELD.give_back("page", self.held_by)
            await self.channel_layer.group_discard(account_group(self.held_by),
                                                   self.channel_name)
            self.held_by = None

    async def session_alive(self) -> bool:
        """Whether the log-in behind this socket still holds (`checked_at` notes when it
        last did)."""
        alive = self.user_id is not None and await check_session(self.session_key,
                                                                 self.user_id)
        if alive:
            self.checked_at = time.monotonic()
        return alive

    async def may_push(self) -> bool:
        """Whether a push may go out: the log-in still holds. A wake-up can come before the
        log-out's `session.end` (another group, and Redis orders nothing across channels),
        so each push checks the session first; a socket whose log-in ended closes instead
        of sending one more frame to a logged-out page (issue 37)."""
        if self.user_id is None:
            return False
        if self.session_checked or await self.session_alive():
            return True
        await self.end()
        return False

    async def end(self, code: int = SESSION_ENDED) -> None:
        """Close the socket and forget the player, so no more pushes go out."""
        self.user_id = None
        await self.close(code=code)

    async def session_end(self, event: dict[str, Any]) -> None:
        """A log-out: close when it was this socket's session."""
        if self.session_key and event.get("session_key") == self.session_key:
            await self.end()

    async def session_check(self, event: dict[str, Any]) -> None:
        """A password change: close unless the session still holds. The device that made the
        change gets a new session key too (Django cycles it), so its pages reconnect."""
        if self.user_id is not None and not await self.session_alive():
            await self.end()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Check the session, the frame and the rate; then hand the message on."""
        if self.user_id is None:
            return
        try:
            if not await self.session_alive():
                await self.end()
                return
            kind = parse_frame(text_data, bytes_data, self.messages)
            if not self.bucket.take():
                raise Refusal(f"Too many messages; send at most {RATE:g} a second.")
        except Refusal as refusal:
            await self.strike(str(refusal))
            return
        self.session_checked = True  # just now: the pushes this message brings need not
        try:                         # read the session again
            await self.on_message(kind)
        finally:
            self.session_checked = False

    async def strike(self, reason: str) -> None:
        """Answer a bad frame with an error frame; close the socket after too many."""
        self.strikes += 1
        if self.strikes > STRIKES:
            log.info("socket closed after %d bad frames: %s", self.strikes, reason)
            await self.end(POLICY_VIOLATION)
            return
        await self.send(text_data=json.dumps({"error": reason}))

    async def on_message(self, kind: str) -> None:
        """Handle one accepted message (none by default)."""


class RefusedSocket(AsyncWebsocketConsumer):
    """Any WebSocket path the site does not serve: refused at the handshake (HTTP 403),
    instead of the router's "No route found" error."""

    async def connect(self) -> None:
        """Refuse."""
        await self.close()


def _logged_out(sender: Any, request: Any = None, user: Any = None, **_: Any) -> None:
    session = getattr(request, "session", None)
    if user is not None and user.pk is not None:
        end_session_sockets(int(user.pk), getattr(session, "session_key", None))


def _account_saved(sender: Any, instance: Any, created: bool = False, **_: Any) -> None:
    # AbstractBaseUser keeps the new raw password in `_password` until its save() ends, so
    # a set, changed or removed password (any form, the admin, account deletion) is seen.
    if not created and (getattr(instance, "_password", None) is not None
                        or not instance.is_active):
        check_account_sockets(int(instance.pk))


def connect_receivers() -> None:
    """Close sockets on log-out, password change and deactivation (called by the core app)."""
    from django.contrib.auth.signals import user_logged_out
    from django.db.models.signals import post_save

    user_logged_out.connect(_logged_out, dispatch_uid="sockets.logged_out")
    post_save.connect(_account_saved, sender=settings.AUTH_USER_MODEL,
                      dispatch_uid="sockets.account_saved")
