"""`marcomage serve`: migrate the database, then serve the site with uvicorn."""

from __future__ import annotations

import argparse
import os
import socket
import sys
import time

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"]


def parser() -> argparse.ArgumentParser:
    """The command line of `marcomage serve`."""
    found = argparse.ArgumentParser(
        prog="marcomage serve", description="Run the MArcomage web site."
    )
    found.add_argument("--host", default=DEFAULT_HOST, help=f"address (default {DEFAULT_HOST})")
    found.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )
    found.add_argument("--no-migrate", action="store_true", help="skip migrating the database")
    found.add_argument(
        "--build-engine", action="store_true",
        help="when the compiled engine is not built, compile it in the background while the "
             "site serves on the pure-Python engine (the next start uses it; make run does)")
    found.add_argument(
        "--workers", type=int, default=1,
        help="server processes sharing the port (more than 1 needs REDIS_URL; docs/deploy.md)")
    return found


def url_host(host: str) -> str:
    """The host as written in a URL (IPv6 in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def configure(host: str) -> None:
    """Point Django at the site's settings; let the chosen host through ALLOWED_HOSTS."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.web.settings")
    if "ALLOWED_HOSTS" not in os.environ:
        hosts = list(LOCAL_HOSTS)
        if host not in {"0.0.0.0", "::"} and url_host(host) not in hosts:
            hosts.append(url_host(host))
        if host in {"0.0.0.0", "::"}:
            hosts.append(socket.gethostname())
        os.environ["ALLOWED_HOSTS"] = ",".join(hosts)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, so the address printed is the one really served (port 0 too)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host.strip("[]"), port))
    sock.listen(1024)  # a burst of connections (1,000 game pages at once) is queued, not reset
    sock.set_inheritable(True)
    return sock


def say(message: str) -> None:
    """A progress line on stderr (stdout's first line is the address, which scripts read)."""
    print(message, file=sys.stderr, flush=True)


def migrate() -> None:
    """Apply the migrations not applied yet, saying how many and how long it took (a fresh
    database takes a while: issue 31 wants no silent step)."""
    from django.core.management import call_command
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if not plan:
        return
    say(f"marcomage serve: migrating the database ({len(plan)} migrations)")
    start = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    say(f"marcomage serve: database ready in {time.perf_counter() - start:.1f} s")


def main(argv: list[str] | None = None) -> int:
    """Migrate, bind, print the address, serve until interrupted."""
    args = parser().parse_args(argv)
    configure(args.host)

    if args.build_engine:
        from marcomage.native_build import build_in_background

        build_in_background(say)

    import django

    django.setup()
    if not args.no_migrate:
        migrate()

    from django.db import DatabaseError

    from marcomage.web.games.computer import resume_all

    try:
        resume_all()  # the computer's moves a restart interrupted (issue 11)
    except DatabaseError as error:
        print(f"marcomage serve: the computer's games were not resumed: {error}",
              file=sys.stderr)

    import uvicorn

    if args.workers < 1:
        print("marcomage serve: --workers must be at least 1", file=sys.stderr)
        return 2
    if args.workers > 1 and not os.environ.get("REDIS_URL"):
        print("marcomage serve: several workers need REDIS_URL (a move made through one "
              "process must reach the pages connected to the others)", file=sys.stderr)
        return 2
    # The application's processes collect their garbage on a clock (core/collector.py); the
    # workers of several processes inherit this.
    from marcomage.web.core.collector import SERVED

    os.environ[SERVED] = "1"
    if args.workers == 1:
        # The application (and its warm-up, core/warm_up.py) before the address is printed:
        # "running at" then means ready to answer (uvicorn imports it by name, again a
        # no-op). Workers of several processes import it each in their own process.
        import marcomage.web.asgi  # noqa: F401
    try:
        sock = bind(args.host, args.port)
    except OSError as error:
        print(f"marcomage serve: cannot listen on {args.host}:{args.port}: {error}",
              file=sys.stderr)
        return 1
    port = sock.getsockname()[1]
    print(f"MArcomage is running at http://{url_host(args.host)}:{port}/", flush=True)
    config = uvicorn.Config(
        "marcomage.web.asgi:application",
        lifespan="off",
        ws="websockets-sansio",
        ws_max_size=64 * 1024,  # a page sends a few bytes; bigger frames close the socket
        log_level=os.environ.get("LOG_LEVEL", "info").lower(),
        # A line per request costs the event loop's thread under load (issue 36); a proxy in
        # front usually logs requests anyway. ACCESS_LOG=1 turns it on (docs/deploy.md).
        access_log=os.environ.get("ACCESS_LOG", "").strip().lower() in {"1", "true", "yes",
                                                                         "on"},
        workers=args.workers,
    )
    if args.workers > 1:
        # uvicorn's supervisor: N processes accept on the one listening socket (the kernel
        # shares its connections out), each restarted if it dies.
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[sock]).run()
    else:
        uvicorn.Server(config).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
