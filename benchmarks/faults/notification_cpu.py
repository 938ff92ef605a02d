"""Server CPU of one forum post while one player holds many notification sockets (issue
37's "one forum post by a player with 500 open notification sockets costs 3.5 s of server
CPU").

    PYTHONPATH=src .venv/bin/python benchmarks/faults/notification_cpu.py [SOCKETS]

Serves the site in one process (`marcomage serve`, SQLite in a temporary directory unless
DATABASE_URL is set; the in-process channel layer unless REDIS_URL is), has one player open
SOCKETS (500) notification WebSockets (/ws/notifications/, as 500 open pages would; past
the per-player cap, HELD_PER_PLAYER, the handshake is refused), then another player posts
one forum reply over HTTP (a forum post wakes every open page: the icons may light). The
post's cost is the server's CPU time (user + system, its process and children, from
/proc/<pid>/stat) from just before the POST until every admitted socket has its new icons,
less the idle CPU of as long a quiet spell measured before. Prints one JSON line; under
30 s.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import requests
from served import Server, player, prepare, workdir
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of `pid` and its living descendants, in seconds."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    total, todo = 0.0, [pid]
    while todo:
        one = todo.pop()
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK
        todo.extend(children.get(one, []))
    return total


async def open_socket(url: str, cookie: str) -> ClientConnection | None:
    """One notification socket with its first icons received; None if refused."""
    try:
        socket = await connect(url.replace("http://", "ws://") + "/ws/notifications/",
                               origin=url, additional_headers={"Cookie": cookie},  # type: ignore[arg-type]
                               open_timeout=30, max_queue=None)
    except InvalidStatus:
        return None
    try:
        await asyncio.wait_for(socket.recv(), 30)
    except Exception:
        await socket.close()
        return None
    return socket


async def scenario(server: Server, cookie: str, poster: dict[str, str], thread: int,
                   sockets: int) -> dict[str, Any]:
    opened: list[ClientConnection | None] = []
    for start in range(0, sockets, 50):  # 50 handshakes at a time
        opened += await asyncio.gather(*(open_socket(server.url, cookie)
                                         for _ in range(start, min(sockets, start + 50))))
    admitted = [socket for socket in opened if socket is not None]
    await asyncio.sleep(3)  # every socket settled
    pid = server.process.pid
    quiet_start, quiet_cpu = time.monotonic(), cpu_seconds(pid)
    await asyncio.sleep(3)
    idle_rate = (cpu_seconds(pid) - quiet_cpu) / (time.monotonic() - quiet_start)

    http = requests.Session()
    http.cookies.update(poster)
    for warm in ("", "reply/"):  # templates compiled and caches filled before the measure
        http.get(f"{server.url}/forum/thread/{thread}/{warm}", timeout=60)

    def post() -> int:
        answer = http.post(f"{server.url}/forum/thread/{thread}/reply/", timeout=60, data={
            "text": "One reply.", "csrfmiddlewaretoken": poster["csrftoken"]})
        return answer.status_code

    started, before = time.monotonic(), cpu_seconds(pid)
    status = await asyncio.to_thread(post)
    woken = await asyncio.gather(*(asyncio.wait_for(socket.recv(), 30)
                                   for socket in admitted), return_exceptions=True)
    elapsed = time.monotonic() - started
    used = cpu_seconds(pid) - before
    for socket in admitted:
        await socket.close()
    return {"sockets_asked": sockets, "sockets_admitted": len(admitted),
            "post_status": status,
            "sockets_woken": sum(isinstance(got, str) and 'id="nav-icons"' in got
                                 for got in woken),
            "wake_s": round(elapsed, 3), "server_cpu_s": round(used, 3),
            "server_cpu_less_idle_s": round(max(0.0, used - idle_rate * elapsed), 3),
            "idle_cpu_per_s": round(idle_rate, 4)}


def main() -> int:
    sockets = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    work = workdir()
    env = prepare(work)
    from marcomage.web.forum import services
    from marcomage.web.forum.models import Section

    reader, cookies = player("reader")
    _, poster = player("poster")
    services.ensure_sections()
    section = Section.objects.order_by("position").first()
    assert section is not None
    thread = services.start_thread(reader, section, "Many pages", "Who answers?", pace=False)
    server = Server(work, env, 1)
    try:
        cookie = "; ".join(f"{key}={value}" for key, value in cookies.items())
        result = asyncio.run(scenario(server, cookie, poster, thread.pk, sockets))
    finally:
        server.stop()
    result.update(database=env["DATABASE_URL"].split(":", 1)[0],
                  redis=bool(env.get("REDIS_URL")), server_tracebacks=server.tracebacks())
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
