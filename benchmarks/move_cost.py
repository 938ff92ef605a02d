"""Server CPU per move (issue 36): one move from the request to the last socket message, in
one process, without a network or a load generator beside it.

Two players of a fresh SQLite database play games of one system (`--game`, MArcomage by
default). Each timed move is what the server does for it under the load benchmark: the
mover's POST /games/<id>/act/ (htmx, CSRF token checked) through Django's whole stack, its
answer (the mover's board), then the wake-up's work on the two open game pages' sockets
(each checks its log-in, reads the game and builds its message, as `GameConsumer.push`
does; or, for a seat whose wake-up carries its patch, made by the mover's thread after the
commit, only sends it, as `GameConsumer.pushed` does). The move is chosen outside the timed
part (the first legal action, from the state). With `--via socket` the move is the page's
own "act" frame on the mover's game socket instead (`GameConsumer.receive`'s one hand-off:
the log-in check, the move and the mover's new board; then the opponent's socket's push;
the mover's socket skips the move's wake-up). Prints one JSON row (CPU ms per move: mean
and median, how many queries, the bytes of the answer and of both sockets' messages);
`--profile N` prints the N functions with the most cumulative time (cProfile) over all timed moves.
`--elsewhere` plays each move as if the other seat's sockets were in another process
(PostgreSQL + Redis, several processes, `pushes.across`): the process's kept boards are
forgotten before each move, so the mover's thread keeps no board of the other seat and its
wake-up carries that seat's new board, which crosses the channel layer as msgpack (as
channels_redis sends it) and is patched by the seat's socket (`pushed_message`); the row
then gives the bytes of that wake-up too (issue 36, twelfth pass).

    python benchmarks/move_cost.py [--game marcomage] [--moves 300] [--profile 30]
                                   [--via post|socket] [--elsewhere] [--seed N]
                                   [--database postgres://...] [--hops]

`--seed N` deals the games from seed N on (N, N+1, ...): a branch and main (the same script
run with the other tree's sources) then play the same games, whose bytes compare exactly.

`--database URL` plays on a PostgreSQL server instead of a fresh SQLite file (issue 36,
fourteenth pass): a database of its own is created on that server for the run (dropped
after), with the settings' pool as served; the channel layer stays in memory (one process).
`--hops` runs each socket hop between the closings of its thread's stale connections, as
core/hop.py's `in_pool` does when served (on PostgreSQL: the connection back to the pool and
taken again, with what Django does on each taking).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

PARTS = (
    "django/core/handlers/base.py:get_response",
    "games/views.py:act",
    "games/play.py:act",
    "games/play.py:store",
    "games/views.py:_board",
    "core/context_processors.py:site",
    "move_cost.py:fan",
    "games/payload.py:board_context",
    "django/template/loader.py:render_to_string",
    "django/db/models/sql/compiler.py:execute_sql",
)
"""The parts of a move the profile names (file:function, cumulative)."""


def own_database(url: str) -> tuple[str, Any]:
    """A new, empty database on the PostgreSQL server of `url`, for this run: its URL and
    a function that drops it."""
    import psycopg
    from psycopg import sql

    name = f"move_cost_{os.getpid()}"
    parts = urlsplit(url)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))

    def drop() -> None:
        from django.db import connections

        connections.close_all()
        for wrapper in connections.all():
            close_pool = getattr(wrapper, "close_pool", None)
            if close_pool is not None:
                close_pool()
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                sql.Identifier(name)))

    return urlunsplit(parts._replace(path="/" + name)), drop


def setup(data_dir: str, database: str | None = None) -> None:
    os.environ.update(MARCOMAGE_DATA_DIR=data_dir, AI_AUTOPLAY="0", LOG_LEVEL="WARNING",
                      DJANGO_SETTINGS_MODULE="marcomage.web.settings",
                      SECRET_KEY="move-cost-" + "x" * 40)
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    if database:
        os.environ["DATABASE_URL"] = database
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="marcomage")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--via", choices=("post", "socket"), default="post",
                        help="the move by POST (default) or as the game socket's act frame")
    parser.add_argument("--elsewhere", action="store_true",
                        help="the other seat's sockets as if in another process")
    parser.add_argument("--seed", type=int,
                        help="deal the games from this seed on (two trees play the same games)")
    parser.add_argument("--show-queries", action="store_true",
                        help="print the SQL of the last timed move (where the queries go)")
    parser.add_argument("--database", metavar="URL",
                        help="a PostgreSQL server's URL (a database of the run's own on it)")
    parser.add_argument("--dump", metavar="PATH",
                        help="with --profile: write cProfile's stats to PATH (pstats reads it)")
    parser.add_argument("--hops", action="store_true",
                        help="each socket hop between closings of stale connections (in_pool)")
    args = parser.parse_args(argv)
    drop = None
    database = None
    if args.database:
        database, drop = own_database(args.database)
    try:
        setup(tempfile.mkdtemp(prefix="marcomage-move-"), database)
        return play(args)
    finally:
        if drop is not None:
            drop()


def play(args: argparse.Namespace) -> int:
    """Play and time the moves (see the module)."""
    if args.seed is not None:
        from marcomage.web.games import lobby

        seeds = itertools.count(args.seed)
        lobby.new_seed = lambda: next(seeds)  # each new game's deal, in turn

    from django.db import close_old_connections, connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from marcomage.web.accounts.models import User
    from marcomage.web.decks.services import give_starter_decks, ready_decks
    from marcomage.web.games import consumers, pushes, services
    from marcomage.web.games.models import Game, Status
    from marcomage.web.games.realtime import seat_group

    pairs = itertools.count()
    players: list[Any] = []
    clients: list[Any] = []

    def new_game() -> Game:
        """A fresh pair of players (C-GAME-4 allows one game each way) and their game."""
        pair = next(pairs)
        players[:] = [User.objects.create_user(f"mover{pair}x{n}", "pw") for n in range(2)]
        clients[:] = []
        for player in players:
            give_starter_decks(player, args.game)
            client = Client(enforce_csrf_checks=True, HTTP_HOST="127.0.0.1")
            client.force_login(player)
            client.cookies["csrftoken"] = "t" * 32
            clients.append(client)
        first, second = players
        game = services.challenge(first, second, ready_decks(first, args.game)[0].pk,
                                  ruleset=args.game)
        game = services.accept(second, game.pk, ready_decks(second, args.game)[0].pk)
        fan(game.pk)  # both pages open: their first, whole message is not timed
        return game

    import msgpack

    from marcomage.web.games.renders import renderings

    sent: dict[int, Any] = {}
    pushed: list[int] = []
    wake_bytes: list[int] = []
    wakes: dict[str, dict[str, Any]] = {}
    real_publish = pushes.publish

    def recorded(messages: Any) -> None:
        """A move's wake-ups, kept for `fan` (the seats' own carry their patch), then
        published as the server does."""
        wakes.update((group, message) for group, message in messages)
        real_publish(messages)

    pushes.publish = recorded

    def hopped(func: Any, *call: Any) -> Any:
        """`func(*call)`, with `--hops` between two closings of the thread's stale
        connections, as a socket's hop runs it (core/hop.py)."""
        if not args.hops:
            return func(*call)
        close_old_connections()
        try:
            return func(*call)
        finally:
            close_old_connections()
    if args.elsewhere:
        pushes.across = lambda: True  # as with Redis: the layer reaches other processes

    def fan(game_id: int, skip: Any = None) -> None:
        """What each seat's open game page gets after the wake-up (in the server, each in
        a thread of the event loop's pool; here one after the other, so cProfile sees it);
        `skip`: the mover's page, whose socket sent the move and got its board with it.
        A seat whose wake-up carries its patch (games/pushes.py) sends it as the socket
        does, in the event loop: no log-in check, no query (`pushed_message`)."""
        for player, client in zip(players, clients, strict=True):
            if player is skip:
                continue
            wake = wakes.pop(seat_group(game_id, int(player.pk)), None)
            if wake is not None and args.elsewhere:
                wire = msgpack.packb(wake, use_bin_type=True)  # through Redis
                wake_bytes.append(len(wire))
                wake = msgpack.unpackb(wire, raw=False)
            found = (consumers.pushed_message(sent.get(player.pk), wake, game_id,
                                              int(player.pk), wake["version"])
                     if wake is not None and ("patch" in wake or "board" in wake) else None)
            if found is not None:
                sent[player.pk] = found[1]
                pushed.append(len(found[0].encode()))
                continue
            # Each push checks that the socket's log-in still holds (core/sockets.py), then
            # builds its message, in one hand-off to a thread (GameConsumer.push).
            found = hopped(consumers.checked_message, client.cookies["sessionid"].value,
                           game_id, int(player.pk), sent.get(player.pk), True)
            assert found is not None and not isinstance(found, str)
            sent[player.pk] = found[1]
            pushed.append(len(found[0].encode()))

    cpu: list[float] = []
    queries: list[int] = []
    socket_bytes: list[int] = []
    answer_bytes: list[int] = []
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    game = new_game()
    while len(cpu) < args.moves:
        game.refresh_from_db()
        if game.status != Status.RUNNING:
            game = new_game()
            continue
        ruleset = services.ruleset_of(game)
        state = services.game_state(game)
        seat = min(ruleset.to_act(state))
        action = ruleset.legal_actions(state, seat)[0]
        mover = next(n for n, p in enumerate(players)
                     if game.seat_list()[seat].user_id == p.pk)
        form = urlencode({"action": json.dumps(action), "version": str(game.version),
                          "csrfmiddlewaretoken": "t" * 32})
        if args.elsewhere:
            renderings.clear()  # the mover's process drew none of the other seat's boards
        reset_queries()
        del pushed[:]
        with CaptureQueriesContext(connection) as captured:
            if profiler:
                profiler.enable()
            started = time.process_time()
            if args.via == "socket":
                # The page's act frame: the log-in check, the move and the mover's own
                # board in one hand-off (GameConsumer.receive).
                moved = hopped(
                    consumers.checked_act,
                    clients[mover].cookies["sessionid"].value, game.pk,
                    int(players[mover].pk),
                    {"type": "act", "version": game.version, "action": action},
                    sent.get(players[mover].pk))
                answer = None
                fan(game.pk, skip=players[mover])
            else:
                # As htmx posts a form: URL-encoded (the test client's default is multipart).
                answer = clients[mover].post(f"/games/{game.pk}/act/", form,
                                             HTTP_HX_REQUEST="true",
                                             content_type="application/x-www-form-urlencoded")
                fan(game.pk)
            spent = time.process_time() - started
            if profiler:
                profiler.disable()
        if answer is None:
            if not isinstance(moved, tuple):
                raise SystemExit(f"move refused over the socket: {moved!r}")
            sent[players[mover].pk] = moved[1]
            pushed.append(len(moved[0].encode()))
        elif answer.status_code != 200 or 'role="alert"' in answer.content.decode()[:4000]:
            raise SystemExit(f"move refused: {answer.status_code} {answer.content[:300]!r}")
        cpu.append(spent * 1000)
        queries.append(len(captured.captured_queries))
        socket_bytes.append(sum(pushed))
        answer_bytes.append(len(answer.content) if answer is not None else 0)
    row: dict[str, Any] = {
        "game": args.game, "via": args.via, "moves": len(cpu),
        "cpu_ms_mean": round(statistics.mean(cpu), 2),
        "cpu_ms_median": round(statistics.median(cpu), 2),
        "queries_per_move": round(statistics.mean(queries), 1),
        "answer_bytes": round(statistics.mean(answer_bytes)),
        "socket_bytes": round(statistics.mean(socket_bytes)),
    }
    if args.elsewhere:
        row.update(elsewhere=True, wake_bytes=round(statistics.mean(wake_bytes)))
    print(json.dumps(row), flush=True)
    if args.show_queries:
        for number, query in enumerate(captured.captured_queries, 1):
            print(f"{number:3} {query['sql'][:200]}")
    if profiler:
        if args.dump:
            profiler.dump_stats(args.dump)
        stats_all = pstats.Stats(profiler)
        total = sum(cpu) / 1000  # the timed parts, profiled
        print("share of a move's CPU (cumulative, under cProfile with a CPU clock, "
              "which slows it about 4x):")
        for name in PARTS:
            spent = sum(entry[3] for key, entry in stats_all.stats.items()  # type: ignore[attr-defined]
                        if f"{key[0]}:{key[2]}".endswith(name))
            print(f"  {name:50} {100 * spent / total:5.1f} %")
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("cumulative").print_stats(args.profile)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
