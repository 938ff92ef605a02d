"""Issue 36, sixth pass: the Redis channel layer sends a process's wake-ups in batches (one
pipeline per round trip) and keeps a group's subscription a while after its last socket
left, so a page opening again joins without a call; against a private Redis."""

from __future__ import annotations

import asyncio
from typing import Any

from marcomage.web.core import publish
from marcomage.web.core.channel_layer import SteadyChannelLayer

from .server import RedisServer


def _layer(url: str) -> SteadyChannelLayer:
    return SteadyChannelLayer(hosts=[url], prefix="wake-batches", timeout=2.0)


def test_issue36_a_moves_wake_ups_go_in_one_batch_and_each_reaches_its_sockets(
        redis_server: RedisServer) -> None:
    async def scenario() -> tuple[list[Any], int, bool]:
        layer = _layer(redis_server.url)
        shard = layer._get_layer()._get_shard(layer._get_layer()._get_group_channel_name(
            "game.5"))  # the one Redis connection (one host)
        # Three pages open at once: their channels and joins in two SUBSCRIBEs, not six.
        game, alice, bob = await asyncio.gather(*(layer.new_channel() for _ in range(3)))
        await asyncio.gather(layer.group_add("game.5", game),
                             layer.group_add("account.1", alice),
                             layer.group_add("account.2", bob))
        assert layer._subscriber(shard).batches == 2
        before = layer._publisher(shard).batches
        # A move's wake-ups, as core/publish.py sends them: all at once, one batch.
        await publish.send_all(layer, [("game.5", {"type": "game.wake", "version": 8}),
                                       ("account.1", {"type": "notify.wake"}),
                                       ("account.2", {"type": "notify.wake"})])
        got = [await asyncio.wait_for(layer.receive(channel), 5)
               for channel in (game, alice, bob)]
        batches = layer._publisher(shard).batches - before
        degraded = layer.degraded
        await layer.flush()
        return got, batches, degraded

    got, batches, degraded = asyncio.run(scenario())
    assert got == [{"type": "game.wake", "version": 8}, {"type": "notify.wake"},
                   {"type": "notify.wake"}]
    assert batches == 1 and not degraded


def test_issue36_a_page_opening_again_joins_without_a_call_and_old_joins_are_dropped(
        redis_server: RedisServer) -> None:
    async def scenario() -> tuple[int, list[Any], bool, bool]:
        layer = _layer(redis_server.url)
        loop_layer = layer._get_layer()
        name = loop_layer._get_group_channel_name("game.6")
        shard = loop_layer._get_shard(name)
        first = await layer.new_channel()
        await layer.group_add("game.6", first)
        await layer.group_discard("game.6", first)  # the page closed: still subscribed
        assert name in shard._subscribed_to and name not in loop_layer.groups
        calls: list[str] = []
        real = shard._pubsub.subscribe

        async def counted(*channels: str) -> None:
            calls.extend(channel for channel in channels if channel == name)
            await real(*channels)

        shard._pubsub.subscribe = counted  # the SUBSCRIBE commands sent to Redis
        second = await layer.new_channel()
        await layer.group_add("game.6", second)  # the page again: no call to Redis
        await layer.group_send("game.6", {"type": "game.wake", "version": 2})
        got = [await asyncio.wait_for(layer.receive(second), 5)]
        await layer.group_discard("game.6", second)
        # Left unused past KEEP: dropped (one UNSUBSCRIBE) by the sweep.
        await layer._drop(loop_layer, float("inf"))
        dropped = name not in shard._subscribed_to
        await layer.flush()
        return len(calls), got, dropped, layer.degraded

    calls, got, dropped, degraded = asyncio.run(scenario())
    assert calls == 0
    assert got == [{"type": "game.wake", "version": 2}]
    assert dropped and not degraded


def test_issue36_the_layer_speaks_resp2_unless_a_host_names_its_protocol(
        redis_server: RedisServer) -> None:
    """Fourteenth pass: redis-py's RESP3 parser formats every pub/sub message for a debug
    line (a 33 KB board a wake-up); the layer's connections speak RESP2, and a board-sized
    wake-up reaches its socket whole through them. A host's own "protocol" is kept."""
    from marcomage.web.core.channel_layer import PROTOCOL, with_protocol

    assert PROTOCOL == 2
    assert with_protocol(["redis://a:1/0", {"address": "redis://b:2/0", "protocol": 3}]) == [
        {"address": "redis://a:1/0", "protocol": 2}, {"address": "redis://b:2/0", "protocol": 3}]
    board = {"type": "game.wake", "version": 3, "from": 2,
             "board": ["<div>" + "x" * 30_000 + "</div>", [["k", 1, True]] * 50]}

    async def scenario() -> tuple[int, Any]:
        layer = _layer(redis_server.url)
        channel = await layer.new_channel()
        await layer.group_add("game.9.seat.1", channel)
        await layer.group_send("game.9.seat.1", board)
        got = await asyncio.wait_for(layer.receive(channel), 5)
        shard = layer._get_layer()._shards[0]
        protocol = shard._redis.connection_pool.connection_kwargs["protocol"]
        await layer.flush()
        return int(protocol), got

    protocol, got = asyncio.run(scenario())
    assert protocol == 2
    assert got == board


def test_issue36_a_batch_sent_while_redis_is_away_is_held_group_by_group() -> None:
    """A move's wake-ups sent together (`group_send_all`, one bound for the batch) are held
    as `group_send` holds them when Redis does not answer: the last one per group, and the
    layer degraded (no Redis listens on port 1)."""
    from marcomage.web.core.channel_layer import SteadyChannelLayer

    async def scenario() -> tuple[dict[str, Any], bool]:
        layer = SteadyChannelLayer(hosts=["redis://127.0.0.1:1"], timeout=0.5, retry=60.0)
        await publish.send_all(layer, [("game.5.seat.1", {"type": "game.wake", "version": 4}),
                                       ("account.1", {"type": "notify.wake"}),
                                       ("game.5.seat.1", {"type": "game.wake", "version": 5})])
        held, degraded = dict(layer.held), layer.degraded
        for task in layer.retrier.values():
            task.cancel()
        return held, degraded

    held, degraded = asyncio.run(scenario())
    assert degraded
    assert held == {"game.5.seat.1": {"type": "game.wake", "version": 5},
                    "account.1": {"type": "notify.wake"}}


def test_issue36_a_batch_is_written_as_redis_py_would_pack_its_publish_commands() -> None:
    """Fourteenth pass: the publisher writes the PUBLISH commands itself; their bytes are
    the very ones redis-py's own packing gives (a name with a non-ASCII letter, an empty and
    a board-sized message)."""
    from redis.asyncio.connection import Connection

    from marcomage.web.core.channel_layer import publishes

    batch = [("asgi__group__game.1", b"\x81\xa4type"), ("asgi__group__Zoë", b""),
             ("asgi__group__game.2", bytes(range(256)) * 200)]
    packer = Connection(protocol=2)
    expected = b"".join(b"".join(packer.pack_command("PUBLISH", channel, data))
                        for channel, data in batch)
    assert b"".join(publishes(batch)) == expected
