"""Where the served site's CPU goes: sum a py-spy recording of `marcomage serve` under load
(`benchmarks/load/run.py --spy PREFIX`, collapsed stacks of the threads holding the
interpreter lock) into the parts of a served move.

    python benchmarks/load/spy_report.py PREFIX.200.txt [--moves N] [--top 25]

A sample goes to the first part, in the order below, one of whose markers is a frame of its
stack (so a query run to check a session counts as the session, and a board drawn inside the
act request as the board). With `--moves` (the run's moves while recorded) each part is also
given in ms per move, from py-spy's 100 samples a second.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

PARTS: list[tuple[str, tuple[str, ...]]] = [
    # The release of the process's SQLite write lock costs ~15 us of CPU, but wakes the
    # next writer while holding the interpreter lock; on a loaded machine the releasing
    # thread is then often descheduled with the lock held (issue 36, tenth pass).
    ("SQLite write lock released (the next writer woken)", ("_release_write_lock",)),
    ("database connections opened and closed",
     ("get_new_connection", "BaseDatabaseWrapper._close", "close_old_connections",
      "close_if_unusable_or_obsolete")),
    ("session read and socket log-in checks",
     ("accounts/sessions.py", "session_user_id", "contrib/sessions/", "session_alive",
      "session_holds")),
    ("CSRF check", ("middleware/csrf.py",)),
    ("board patches (marked parts split and compared; a parse where none are marked)",
     ("games/patches.py", "games/parts.py")),
    ("board and chat renders", ("games/payload.py", "games/renders.py", "jinja2/",
                                "django/template/")),
    # After the boards: since issue 36's eleventh pass a move's commit, and with it the
    # hooks that draw the other seats' boards (games/pushes.py), runs under play.py.
    ("the act (lock, rules, store)", ("games/play.py",)),
    ("socket marks (what changed)", ("games/consumers.py",)),
    ("the act view (its form, the answer)", ("games/views.py",)),
    ("other middleware", ("django/middleware/", "request_guard.py", "csp/", "contrib/messages/",
                          "accounts/middleware.py", "preferences/middleware.py",
                          "contrib/auth/middleware.py", "contrib/auth/__init__.py",
                          "accounts/backend.py")),
    ("Django's request stack (handler, URLs, request and response)",
     ("django/core/handlers/", "django/http/", "django/urls/", "core/asgi_handler.py")),
    ("channel layer (wake-ups, groups)", ("channels/layers.py", "channels_redis/",
                                          "core/channel_layer.py", "notifications/services.py",
                                          "redis/")),
    ("thread hand-offs (sync_to_async, async_to_sync)",
     ("asgiref/", "concurrent/futures/", "call_soon_threadsafe", "threading.py")),
    ("WebSocket protocol (uvicorn, websockets, channels' consumer)",
     ("websockets_sansio_impl.py", "websockets/", "channels/consumer.py",
      "channels/generic/", "core/origin.py", "channels/auth.py", "channels/routing.py")),
    ("HTTP protocol (uvicorn)", ("h11", "httptools", "core/admission.py",
                                 "core/static_files.py")),
    ("event loop and sockets (asyncio)", ("asyncio/", "selectors.py", "uvloop")),
]
FILE = re.compile(r"\(([^()]*?)(?::\d+)?\)$")


def part_of(frames: list[str]) -> str:
    """The part a sample's stack belongs to (see the module)."""
    for name, markers in PARTS:
        for frame in frames:
            if any(marker in frame for marker in markers):
                return name
    return "other"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recording", type=Path)
    parser.add_argument("--moves", type=int, default=0)
    parser.add_argument("--rate", type=float, default=100.0, help="py-spy's samples a second")
    parser.add_argument("--top", type=int, default=0, help="also the N busiest functions")
    args = parser.parse_args(argv)
    parts: collections.Counter[str] = collections.Counter()
    leaves: collections.Counter[str] = collections.Counter()
    total = 0
    for line in args.recording.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        frames = stack.split(";")[1:]  # the first is the process
        parts[part_of(frames)] += int(count)
        if frames:
            leaves[re.sub(r":\d+\)$", ")", frames[-1])] += int(count)
        total += int(count)
    print(f"{total} samples ({total / args.rate:.1f} s of CPU holding the interpreter lock)")
    print("| part | share | ms per move |" if args.moves else "| part | share |")
    print("|---|---:|---:|" if args.moves else "|---|---:|")
    for name, count in parts.most_common():
        share = f"{100 * count / max(total, 1):.1f} %"
        if args.moves:
            print(f"| {name} | {share} | {count / args.rate * 1000 / args.moves:.2f} |")
        else:
            print(f"| {name} | {share} |")
    for name, count in leaves.most_common(args.top):
        print(f"{count:6d}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
