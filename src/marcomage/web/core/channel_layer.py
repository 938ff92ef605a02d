"""The Redis channel layer as the site uses it: every call bounded, none ever raising.

The channel layer only carries wake-ups (ARCHITECTURE.md, "Real time"); the truth is in the
database. So when Redis is away or frozen, nothing the site does may wait for it or fail
because of it (issue 37): log-out, a password change or an account deletion once answered
500 with Redis killed, and every move waited 20 s with Redis frozen. This layer wraps
channels_redis's pub/sub layer:

- every call (new channel, join, leave, send) gives up after CHANNEL_TIMEOUT seconds of a
  running event loop: time the loop itself was stalled (busy with other work, so it could
  not read Redis's answer) does not count (`LoopClock`, issue 36: at 500 games an event
  loop lagging past the bound made a healthy Redis look unreachable);
- after a failure the layer is *degraded* for CHANNEL_RETRY seconds: sends are not tried but
  held, one per group (a wake-up says only "look again", so the last one is enough), and
  joins are kept in the process and remembered;
- a retry task sends the held wake-ups and renews the remembered joins every CHANNEL_RETRY
  seconds until Redis answers again; then the layer is healthy again;
- one warning is logged when it degrades and one when it recovers (with how many wake-ups
  were held), never a traceback per call; channels_redis's receive loop, which logs a
  traceback every second while Redis is away, is quietened the same way.

Fewer calls, none waiting in line (issue 36, sixth pass: at 500 games the calls of a busy
process queued on channels_redis's one lock per Redis connection, each a round trip in turn,
and timed out although Redis was healthy):

- **calls in batches**: the wake-ups sent while one batch is on its way are sent next, all
  in one write (one round trip; `Publisher`), not one round trip each behind the lock;
  joins and new channels likewise, in one SUBSCRIBE of several channels (`Subscriber`);
  a move's wake-ups (its game's group and its players' accounts, core/publish.py) go in
  the same batch;
- **kept joins**: a group the process has joined stays subscribed a while after its last
  socket leaves (`KEEP` seconds, `MAX_KEPT` groups at most), so a page that opens again
  (the next game of the same player, a reload) joins in the process without a call, and
  the unused subscriptions are dropped later in one call.

A socket opened while Redis is away still opens (its page shows the database's state); its
wake-ups resume when the joins are renewed.

Redis's second protocol (RESP2; issue 36, fourteenth pass): redis-py 8 speaks RESP3 by
default, and its pure-Python RESP3 parser hands every pub/sub message to a handler that
builds `"Push response: " + str(message)` for a debug log line before the logger drops it:
a 33 KB board (a move's wake-up across processes) became a ~100 KB string of its escaped
bytes in the receiving process's event loop, ~0.1-0.15 ms a message. Pub/sub reads the same
under RESP2, whose parser does no such thing; a host may still name its own "protocol".
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

from channels_redis.pubsub import RedisPubSubChannelLayer

log = logging.getLogger("marcomage.channel_layer")
T = TypeVar("T")

MAX_HELD = 10_000
"""Groups whose wake-up is held while Redis is away (the oldest are dropped past this)."""
TICK = 0.05
"""Seconds between two beats of an event loop's `LoopClock`."""
KEEP = 30.0
"""Seconds a group stays subscribed after its last socket in the process left."""
MAX_KEPT = 2_000
"""Groups kept subscribed without a socket at most (past this the oldest are dropped)."""
PATIENCE = 10.0
"""A call waits at most this many times CHANNEL_TIMEOUT of wall time, however stalled the
loop (so a frozen Redis is still noticed under any load)."""


class LoopClock:
    """How long one event loop has been stalled: a task wakes every `TICK` seconds, and
    whatever it wakes later than asked is time the loop spent on other work, in which no
    answer from Redis could have been read. `running(since, stalled)` is the time since
    `since` minus the stalls, counting the one going on now."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.stalled = 0.0
        self.beat = loop.time()
        self.task = loop.create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            now = self.loop.time()
            self.stalled += max(0.0, now - self.beat - TICK)
            self.beat = now

    def running(self, since: float, stalled: float) -> float:
        """Seconds the loop ran since `since` (loop time) when its stall count was `stalled`."""
        now = self.loop.time()
        ongoing = max(0.0, now - self.beat - TICK)
        return (now - since) - (self.stalled - stalled) - ongoing


class Batcher:
    """Calls of one kind on one Redis connection (a shard of one event loop's layer), made
    in batches: what is asked while a batch is on its way goes in the next, as one round
    trip, instead of one round trip each behind channels_redis's lock of the connection.
    Each caller waits for its batch; a failed batch fails each of its callers (the layer
    then holds or remembers their work); a batch is bounded by `bounded`."""

    def __init__(self, shard: Any, bounded: Any) -> None:
        self.shard, self.bounded = shard, bounded
        self.queue: list[tuple[str, bytes, asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None
        self.batches = 0

    async def call(self, channel: str, data: bytes = b"") -> None:
        """Do one call (for one Redis channel) with the others of its batch."""
        await self.calls([(channel, data)])

    async def calls(self, items: Sequence[tuple[str, bytes]]) -> None:
        """Do these calls (channel, data) in the same batch, waiting for all of them; the
        first failure is raised."""
        loop = asyncio.get_running_loop()
        waiting: list[asyncio.Future[None]] = []
        for channel, data in items:
            done: asyncio.Future[None] = loop.create_future()
            self.queue.append((channel, data, done))
            waiting.append(done)
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._run())
        for done in waiting:
            await done  # a caller that stops waiting (its bound) cancels only its own

    async def _run(self) -> None:
        await asyncio.sleep(0)  # the other calls of this turn of the loop join the batch
        while self.queue:
            batch, self.queue = self.queue, []
            try:
                self.batches += 1
                await self.bounded(self.send([(channel, data) for channel, data, _ in batch]))
            except Exception as problem:
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(problem)
                        done.exception()  # read: no "never retrieved" if nobody waits
            else:
                for _, _, done in batch:
                    if not done.done():
                        done.set_result(None)

    async def send(self, batch: list[tuple[str, bytes]]) -> None:
        """Make the batch's calls in one round trip."""
        raise NotImplementedError


def publishes(batch: Sequence[tuple[str, bytes]]) -> list[bytes]:
    """The PUBLISH commands of a batch in Redis's wire format (an array of three bulk
    strings each), as chunks to write one after the other: the data is not copied."""
    chunks: list[bytes] = []
    for channel, data in batch:
        name = channel.encode()
        chunks.append(b"*3\r\n$7\r\nPUBLISH\r\n$%d\r\n%b\r\n$%d\r\n"
                      % (len(name), name, len(data)))
        chunks.append(data)
        chunks.append(b"\r\n")
    return chunks


class Publisher(Batcher):
    """Wake-ups: a batch's PUBLISH commands written at once on the publisher's own
    connection to the shard's Redis, then their replies read: one round trip. Not redis-py's
    pipeline (issue 36, fourteenth pass): its pool's hand-out and return (with redis-py 8's
    metrics recorded at each), its retry wrapper and its command packing, generic and in
    Python, cost ~0.08 ms of a move's four wake-ups. The connection is taken from the
    shard's pool once and kept (so closing the shard's client, as channels_redis does when
    its event loop closes, closes it too); a batch that fails or is cut short (its bound)
    leaves it closed, and the next batch opens it again."""

    connection: Any = None
    owner: Any = None

    async def send(self, batch: list[tuple[str, bytes]]) -> None:
        self.shard._ensure_redis()
        client = self.shard._redis
        if self.connection is None or self.owner is not client:
            self.connection = await client.connection_pool.get_connection()
            self.owner = client
        connection = self.connection
        try:
            await connection.send_packed_command(publishes(batch), check_health=False)
            for _ in batch:
                await connection.read_response()  # how many received it; an error raises
        except BaseException:
            await connection.disconnect(nowait=True)
            raise


class Subscriber(Batcher):
    """Joins and new channels: one SUBSCRIBE of every channel of the batch not subscribed
    yet (under the connection's lock, which its receive loop and unsubscribes share)."""

    async def send(self, batch: list[tuple[str, bytes]]) -> None:
        shard = self.shard
        async with shard._lock:
            names = sorted({channel for channel, _ in batch} - shard._subscribed_to)
            if names:
                shard._ensure_redis()
                shard._ensure_receiver()
                await shard._pubsub.subscribe(*names)
                shard._subscribed_to.update(names)


class QuietReceiveLoop(logging.Filter):
    """channels_redis logs "Unexpected exception in receive task" with a traceback every
    second while Redis is away: let one line through a minute, without the traceback."""

    def __init__(self, every: float = 60.0) -> None:
        super().__init__()
        self.every, self.last = every, 0.0

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.exc_info:
            return True
        now = time.monotonic()
        problem = record.exc_info[1]
        record.exc_info, record.exc_text = None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg, record.args = f"channel layer receive loop: {problem!r}", ()
        if now - self.last < self.every:
            return False
        self.last = now
        return True


_quiet = QuietReceiveLoop()
logging.getLogger("channels_redis.pubsub").addFilter(_quiet)


PROTOCOL = 2
"""The Redis protocol the layer's connections speak unless a host names one (see the module)."""


def with_protocol(hosts: Any) -> Any:
    """channels_redis's `hosts` with each host's connection set to speak PROTOCOL, unless it
    names its own "protocol" (a URL is made {"address": URL}, as channels_redis reads it)."""
    if not isinstance(hosts, list | tuple):
        return hosts  # none (channels_redis's default) or a mistake it reports itself
    found = []
    for host in hosts:
        if isinstance(host, str | bytes):
            host = {"address": host}
        if isinstance(host, dict):
            host = {"protocol": PROTOCOL, **host}
        found.append(host)
    return found


class SteadyChannelLayer(RedisPubSubChannelLayer):
    """channels_redis's pub/sub layer with bounded calls and a degraded mode."""

    def __init__(self, *args: Any, timeout: float = 1.0, retry: float = 2.0,
                 **kwargs: Any) -> None:
        if "hosts" in kwargs:
            kwargs["hosts"] = with_protocol(kwargs["hosts"])
        super().__init__(*args, **kwargs)
        self.timeout, self.retry = timeout, retry
        self.degraded_until = 0.0
        self.degraded = False
        self.held: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.unjoined: dict[Any, set[str]] = {}  # loop layer -> group channels to renew
        self.retrier: dict[Any, asyncio.Task[None]] = {}
        self.clocks: dict[asyncio.AbstractEventLoop, LoopClock] = {}
        self.kept: dict[Any, OrderedDict[str, float]] = {}  # loop layer -> group channel:
        self.sweeper: dict[Any, asyncio.Task[None]] = {}    # when its last socket left

    # -- state ------------------------------------------------------------------------

    def is_down(self) -> bool:
        """Whether calls are skipped now (a failure less than `retry` seconds ago)."""
        return time.monotonic() < self.degraded_until

    def _failed(self, what: str, problem: BaseException) -> None:
        self.degraded_until = time.monotonic() + self.retry
        if not self.degraded:
            self.degraded = True
            log.warning("channel layer unreachable (%s: %r); wake-ups are held and retried "
                        "every %.0f s", what, problem, self.retry)
        self._start_retrier()

    def _recovered(self) -> None:
        if self.degraded:
            self.degraded = False
            log.warning("channel layer reachable again; held wake-ups sent")
        self.degraded_until = 0.0

    def _clock(self, loop: asyncio.AbstractEventLoop) -> LoopClock:
        clock = self.clocks.get(loop)
        if clock is None or clock.task.done():
            for other in [other for other in self.clocks if other.is_closed()]:
                del self.clocks[other]
            clock = self.clocks[loop] = LoopClock(loop)
        return clock

    async def _bounded(self, call: Awaitable[T]) -> T:
        """The call's result; TimeoutError after `timeout` seconds of a running loop (see
        `LoopClock`), or after `PATIENCE` times that of wall time."""
        # An asyncio.timeout whose deadline moves on by the loop's stalls, not wait_for:
        # no task per call (issue 36: every wake-up and join goes through here).
        loop = asyncio.get_running_loop()
        clock = self._clock(loop)
        since, stalled = loop.time(), clock.stalled
        latest = since + PATIENCE * self.timeout

        async with asyncio.timeout(since + self.timeout) as bound:
            def extend() -> None:
                # Just before the deadline: move it by the time the loop was stalled (not
                # once the bound is expiring: a deadline already past fires at once).
                left = self.timeout - clock.running(since, stalled)
                if not bound.expired() and left > TICK and loop.time() < latest:
                    when = min(latest, loop.time() + left)
                    try:
                        bound.reschedule(when)
                    except RuntimeError:  # expiring or left meanwhile: nothing to move
                        return
                    checks.append(loop.call_at(max(since, when - TICK), extend))

            checks = [loop.call_at(max(since, since + self.timeout - TICK), extend)]
            try:
                return await call
            finally:
                checks[-1].cancel()

    # -- the channel layer API ----------------------------------------------------------

    async def new_channel(self, prefix: str = "specific.") -> str:
        """A channel of this process; made locally when Redis does not answer."""
        layer = self._get_layer()
        name = f"{layer.prefix}{prefix}{uuid.uuid4().hex}"
        layer.channels.setdefault(name, asyncio.Queue())
        if not self.is_down():
            try:
                await self._bounded(self._subscribe(layer, name))
            except Exception as problem:  # any failure of Redis degrades the layer
                self._failed("new_channel", problem)
        return name

    def _publisher(self, shard: Any) -> Publisher:
        found = getattr(shard, "steady_publisher", None)
        if found is None:
            found = shard.steady_publisher = Publisher(shard, self._bounded)
        return found

    def _subscriber(self, shard: Any) -> Subscriber:
        found = getattr(shard, "steady_subscriber", None)
        if found is None:
            found = shard.steady_subscriber = Subscriber(shard, self._bounded)
        return found

    async def _subscribe(self, layer: Any, name: str) -> None:
        """Subscribe this process to a Redis channel with the others of its batch."""
        await self._subscriber(layer._get_shard(name)).call(name)

    async def group_add(self, group: str, channel: str) -> None:
        """Join; in the process alone when the process is subscribed to the group already
        (another socket's join, or one kept since its last socket left); when Redis does
        not answer, join in this process and renew later."""
        layer = self._get_layer()
        if channel not in layer.channels:
            layer.channels[channel] = asyncio.Queue()
        group_channel = layer._get_group_channel_name(group)
        if group_channel in layer._get_shard(group_channel)._subscribed_to:
            layer.groups.setdefault(group_channel, set()).add(channel)
            self.kept.get(layer, OrderedDict()).pop(group_channel, None)
            return
        if not self.is_down():
            try:
                layer.groups.setdefault(group_channel, set()).add(channel)
                await self._bounded(self._subscribe(layer, group_channel))
                return
            except Exception as problem:
                self._failed("group_add", problem)
        layer.groups.setdefault(group_channel, set()).add(channel)
        self.unjoined.setdefault(layer, set()).add(group_channel)
        self._start_retrier()

    async def group_discard(self, group: str, channel: str) -> None:
        """Leave, in this process: the group's subscription is kept a while after its last
        socket left (`KEEP`; a message for it meanwhile reaches no socket) and dropped
        later with others in one call (`_sweep`)."""
        layer = self._get_layer()
        group_channel = layer._get_group_channel_name(group)
        members = layer.groups.get(group_channel)
        if members is None or channel not in members:
            return
        members.discard(channel)
        if members:
            return
        del layer.groups[group_channel]
        kept = self.kept.setdefault(layer, OrderedDict())
        kept.pop(group_channel, None)
        kept[group_channel] = time.monotonic()
        task = self.sweeper.get(layer)
        if task is None or task.done():
            self.sweeper[layer] = asyncio.get_running_loop().create_task(self._sweep(layer))
        if len(kept) > MAX_KEPT:
            await self._drop(layer, time.monotonic())

    async def _sweep(self, layer: Any) -> None:
        """Drop the kept subscriptions unused for `KEEP` seconds, every `KEEP` seconds."""
        while self.kept.get(layer):
            await asyncio.sleep(KEEP)
            await self._drop(layer, time.monotonic() - KEEP)

    async def _drop(self, layer: Any, before: float) -> None:
        """Unsubscribe the kept groups left before `before` (the oldest first; past
        `MAX_KEPT` the oldest whatever their age), in one call per connection."""
        kept = self.kept.get(layer, OrderedDict())
        gone: list[str] = []
        while kept:
            group_channel, left = next(iter(kept.items()))
            if left > before and len(kept) <= MAX_KEPT:
                break
            kept.popitem(last=False)
            if not layer.groups.get(group_channel):  # nobody joined again meanwhile
                gone.append(group_channel)
        by_shard: dict[Any, list[str]] = {}
        for group_channel in gone:
            by_shard.setdefault(layer._get_shard(group_channel), []).append(group_channel)
        for shard, names in by_shard.items():
            if self.is_down():
                return  # kept subscribed: harmless, and Redis is away
            try:
                await self._bounded(self._unsubscribe(shard, names))
            except Exception as problem:
                self._failed("group_discard", problem)

    @staticmethod
    async def _unsubscribe(shard: Any, names: list[str]) -> None:
        async with shard._lock:
            names = [name for name in names if name in shard._subscribed_to]
            if names and shard._pubsub is not None:
                await shard._pubsub.unsubscribe(*names)
                shard._subscribed_to.difference_update(names)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Send a wake-up; held (the last one per group) when Redis does not answer."""
        await self.group_send_all([(group, message)])

    async def group_send_all(self, messages: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Send several wake-ups (group, message) in one batch under one bound: a move's
        four (its seats' groups and its players' accounts, core/publish.py) took four bounds
        and four tasks with `group_send` each (issue 36, fourteenth pass). When Redis does
        not answer, each is held as `group_send` holds it."""
        if not self.is_down():
            try:
                await self._bounded(self._publish_all(messages))
                if self.held:
                    await self._flush()
                return
            except Exception as problem:
                self._failed("group_send", problem)
        for group, message in messages:
            self.held.pop(group, None)
            self.held[group] = dict(message)
        while len(self.held) > MAX_HELD:
            self.held.popitem(last=False)
        self._start_retrier()

    async def _publish_all(self, messages: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Send the group messages in their connections' next batches (`Publisher`)."""
        layer = self._get_layer()
        by_shard: dict[Any, list[tuple[str, bytes]]] = {}
        for group, message in messages:
            group_channel = layer._get_group_channel_name(group)
            by_shard.setdefault(layer._get_shard(group_channel), []).append(
                (group_channel, self.serialize(message)))
        for shard, items in by_shard.items():
            await self._publisher(shard).calls(items)

    async def _publish(self, group: str, message: dict[str, Any]) -> None:
        """Send a group message in its connection's next batch (`Publisher`)."""
        layer = self._get_layer()
        group_channel = layer._get_group_channel_name(group)
        publisher = self._publisher(layer._get_shard(group_channel))
        await publisher.call(group_channel, self.serialize(message))

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """Send to one channel (unused by the site; bounded like the rest)."""
        try:
            await self._bounded(self._get_layer().send(channel, message))
        except Exception as problem:
            self._failed("send", problem)

    async def receive(self, channel: str) -> Any:
        """The next message of a channel of this process (waits on a local queue)."""
        return await self._get_layer().receive(channel)

    async def flush(self) -> None:
        """Forget everything (tests)."""
        self.held.clear()
        self.unjoined.clear()
        self.kept.clear()
        await self._get_layer().flush()

    # -- recovery -------------------------------------------------------------------------

    async def _flush(self) -> None:
        """Renew remembered joins and send held wake-ups; raises when Redis still fails."""
        layer = self._get_layer()
        pending = self.unjoined.get(layer, set())
        for group_channel in sorted(pending):
            if layer.groups.get(group_channel):
                shard = layer._get_shard(group_channel)
                await self._bounded(shard.subscribe(group_channel))
            pending.discard(group_channel)
        while self.held:
            group, message = next(iter(self.held.items()))
            await self._bounded(self._publish(group, message))
            self.held.pop(group, None)

    def _start_retrier(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = self.retrier.get(loop)
        if task is None or task.done():
            self.retrier[loop] = loop.create_task(self._retry())

    async def _retry(self) -> None:
        layer = self._get_layer()
        while self.held or self.unjoined.get(layer):
            await asyncio.sleep(self.retry)
            try:
                await self._flush()
            except Exception:  # still away: try again later
                self.degraded_until = time.monotonic() + self.retry
                continue
        self._recovered()
