"""`make bench-load`: scripted players (benchmarks/load/players.py) against a real
`marcomage serve`, at several numbers of concurrent games, into BENCHMARKS.md.

    python benchmarks/load/run.py [--games 50,200,500] [--processes 1] [--seconds 30]
                                  [--pace 1] [--game marcomage] [--write BENCHMARKS.md]
                                  [--spy PREFIX] [--via post|socket]
                                  [--profile-players PREFIX]

`--game` chooses the game system played (any system two can play; MArcomage by default).
`--via socket` sends each move as the game socket's {"type": "act"} frame instead of a POST
(a move's time then runs from the frame to the opponent's socket message).

Without DATABASE_URL it runs on SQLite (a fresh file per run); with DATABASE_URL and
REDIS_URL (scripts/with-services.sh) on a fresh PostgreSQL database per run, with
`--processes` uvicorn workers behind one port. For each number of games: prepare the games
(prepare.py), start the server, run the players for the given seconds (figures count
only once every game runs), stop the server. Prints one JSON row per run: moves per second,
the time from a move's POST to the opponent's WebSocket message (p50, p99), what was
refused or failed, the server's tracebacks, and the CPU seconds of the server's processes
(while measuring) and of the load generator. `--spy PREFIX` records the server with py-spy
(PY_SPY names its binary) into PREFIX.<games>.txt; benchmarks/load/spy_report.py sums it.
`--profile-players PREFIX` records the load generator's own CPU while measuring with
cProfile into PREFIX.<games>.prof (`python -m pstats` reads it).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from machine import cpu_model, git_revision  # noqa: E402
from report import put_section  # noqa: E402

SECTION = "## Load: whole games over HTTP and WebSocket"
RESULTS = HERE.parent / "results" / "load.json"


def fresh_database(base: str | None, name: str, data_dir: Path) -> str | None:
    """A new empty PostgreSQL database beside DATABASE_URL's (None: SQLite in data_dir)."""
    if not base:
        return None
    import psycopg

    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path=f"/{name}"))


def cpu_seconds(root: int) -> float:
    """CPU seconds (user + system) used so far by a process and all its descendants alive
    (the server and its uvicorn workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    total, wanted = 0.0, {root}
    while wanted:
        pid = wanted.pop()
        total += used.get(pid, 0.0)
        wanted |= {child for child, parent in parents.items() if parent == pid}
    return total


def services_cpu(database_url: str | None, redis_url: str | None) -> float:
    """CPU seconds used so far by the run's PostgreSQL cluster (its postmaster, what the
    postmaster has reaped of exited backends, and its live children: backends, WAL writer,
    checkpointer) and its Redis server, found in /proc by the ports of their URLs (0 on
    SQLite, which runs inside the server). Over a run it tells what the services cost a
    move beside the server's own CPU, so that the three parts of the machine's budget
    (server, services, load generator) are all measured (issue 36); other clusters on the
    machine (a test run's) are not counted."""
    pg_port = urlsplit(database_url).port if database_url else None
    redis_port = urlsplit(redis_url).port if redis_url else None
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, int] = {}
    roots: set[int] = set()
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name, fields = (entry / "stat").read_text().rsplit(")", 1)
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        pid, values = int(entry.name), fields.split()
        parents[pid] = int(values[1])
        used[pid] = int(values[11]) + int(values[12])
        command = name.split("(", 1)[1]
        if command == "postgres" and pg_port and f"port={pg_port}".encode() in argv:
            roots.add(pid)
            total += int(values[13]) + int(values[14])  # its reaped backends
        elif command == "redis-server" and redis_port and any(
                arg.endswith(f":{redis_port}".encode()) for arg in argv):
            total += used[pid]
    wanted = set(roots)
    while wanted:
        pid = wanted.pop()
        total += used.get(pid, 0)
        wanted |= {child for child, parent in parents.items() if parent == pid}
    return total / tick


def children_cpu() -> float:
    """CPU seconds of this script's waited-for children so far (the load generator)."""
    found = resource.getrusage(resource.RUSAGE_CHILDREN)
    return found.ru_utime + found.ru_stime


def start_spy(pid: int, out: Path) -> subprocess.Popen[bytes]:
    """py-spy recording the server and its workers while the figures count: collapsed
    stacks of the threads holding the interpreter lock, i.e. where the CPU goes (PY_SPY
    names the binary; docs/deploy.md, "Served path, fourth pass")."""
    return subprocess.Popen(
        [os.environ.get("PY_SPY", "py-spy"), "record", "--pid", str(pid), "--subprocesses",
         "--format", "raw", "--rate", "100", "--gil", "--output", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def one_run(games: int, processes: int, seconds: int, pace: float,
            ruleset: str = "marcomage", spy: Path | None = None, via: str = "post",
            profile_players: Path | None = None) -> dict[str, object]:
    """Prepare, serve, load, stop; the figures of one run."""
    work = Path(tempfile.mkdtemp(prefix="marcomage-load-"))
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    database = fresh_database(os.environ.get("DATABASE_URL"), f"load_{games}_{processes}",
                              work)
    if database:
        env["DATABASE_URL"] = database
    (work / "var").mkdir()
    env.update(MARCOMAGE_DATA_DIR=str(work / "var"), AI_AUTOPLAY="0", LOG_LEVEL="WARNING",
               SECRET_KEY="load-benchmark-" + "x" * 40)
    listed = work / "games.json"
    started = time.monotonic()
    # Spare games replace the finished ones: a game lasts a few dozen moves, about 40 s at
    # the pace of 1 s, but the ramp-up plays too and seeded games vary, so a run of S
    # seconds finished up to about (S + 20)/36 of them per game (issue 36, eleventh pass: at
    # 190 moves/s, 111 of 200 in a 20 s run, one more than the spares then prepared, and
    # the player left without a game counted an error; twelfth pass: a 60 s run finished 417
    # of 200 at 189 moves/s, past the cap of twice the games that this had, so uncapped).
    spare = math.ceil(games * (seconds + 20) / 30) + 10
    subprocess.run([sys.executable, str(HERE / "prepare.py"), str(games + spare), str(listed),
                    ruleset],
                   env=env, check=True)
    prepared = time.monotonic() - started
    log = (work / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "marcomage.cli", "serve", "--no-migrate", "--port", "0",
         "--workers", str(processes)], env=env, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"(http://\S+?)/?$", line.strip())
        if not found:
            raise RuntimeError(f"the server did not start: {line!r}")
        url = found.group(1)
        time.sleep(2 + processes)  # the workers import the site
        result = work / "result.json"
        spawn_rate = max(10, min(games, 50))
        spying = None
        load_before = children_cpu()
        players = subprocess.Popen(
            [sys.executable, str(HERE / "players.py"), url, str(listed), str(result),
             "--games", str(games), "--seconds", str(seconds), "--pace", str(pace),
             "--game", ruleset, "--spawn-rate", str(spawn_rate), "--via", via,
             *(["--profile", f"{profile_players}.{games}.prof"] if profile_players else [])],
            env=env, stdout=subprocess.PIPE, stderr=(work / "players.log").open("w"),
            text=True)
        assert players.stdout is not None
        server_cpu, load_average = 0.0, -1.0
        redis_url = os.environ.get("REDIS_URL")
        database_cpu = redis_cpu = 0.0
        for said in players.stdout:  # the server's CPU while the figures count
            if said.strip() == "measuring":
                load_average = os.getloadavg()[0]  # the machine's, as measuring begins
                server_cpu -= cpu_seconds(server.pid)
                database_cpu -= services_cpu(database, None)
                redis_cpu -= services_cpu(None, redis_url)
                if spy:
                    spying = start_spy(server.pid, Path(f"{spy}.{games}.txt"))
            elif said.strip() == "measured":
                server_cpu += cpu_seconds(server.pid)
                database_cpu += services_cpu(database, None)
                redis_cpu += services_cpu(None, redis_url)
                if spying is not None:
                    spying.send_signal(signal.SIGINT)
        players.wait()
        load_cpu = children_cpu() - load_before
        if spying is not None:
            spying.wait(timeout=60)
        figures = json.loads(result.read_text())
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    latencies = figures["latencies_ms"]
    measured = max(figures["measured_s"], 1e-9)
    counts = figures["counts"]
    logged = (work / "server.log").read_text()
    errors = logged.count("Traceback")
    warned = [line for line in logged.splitlines() if line.strip()]
    for line in dict.fromkeys(warned[:200]):  # what the server said, once each, on stderr
        print(f"server ({games} games): {line}", file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)
    return {
        "game": ruleset, "via": via, "games": games, "moves": counts["moves"],
        "moves_per_s": counts["moves"] / measured,
        "p50_ms": statistics.median(latencies) if latencies else 0.0,
        "p99_ms": percentile(latencies, 0.99), "refused": counts["refused"],
        "errors": counts["errors"], "timeouts": counts["timeouts"],
        "finished": counts["games_finished"], "resyncs": counts.get("resyncs", 0),
        "seconds": round(measured, 1),
        "server_tracebacks": errors, "server_log_lines": len(warned),
        "prepare_s": round(prepared, 1),
        # CPU seconds: the server's processes while measuring (after the ramp-up), and the
        # load generator's over its whole run; on 2 cores their sum bounds what a run can do.
        "server_cpu_s": round(server_cpu, 1), "load_cpu_s": round(load_cpu, 1),
        "load_average": round(load_average, 1),
        # PostgreSQL's and Redis's CPU while measuring (0 on SQLite, which runs in the server).
        "database_cpu_ms_per_move": round(database_cpu * 1000 / max(counts["moves"], 1), 2),
        "redis_cpu_ms_per_move": round(redis_cpu * 1000 / max(counts["moves"], 1), 2),
        "server_cpu_ms_per_move": round(server_cpu * 1000 / max(counts["moves"], 1), 1),
        # The generator's CPU a move: over its whole run (its start, the ramp-up's pages and
        # sockets included), and its own while measuring, as the server's is counted.
        "load_cpu_ms_per_move": round(load_cpu * 1000 / max(counts["moves"], 1), 2),
        "load_cpu_measured_s": round(figures.get("cpu_s", 0.0), 2),
        "load_cpu_measured_ms_per_move": round(
            figures.get("cpu_s", 0.0) * 1000 / max(counts["moves"], 1), 2),
    }


def section(results: dict[str, dict[str, object]]) -> str:
    lines = [SECTION, "",
             "Scripted players play whole MArcomage games through `POST /games/<id>/act/` with "
             "both game pages' WebSockets open (benchmarks/load/players.py, one asyncio "
             "process on the same machine as the server; it applies the sockets' board "
             "patches as the page does). A move's time runs from its POST to the opponent's "
             "WebSocket message with the new version. Written by `make bench-load` "
             "(benchmarks/load/run.py); a block \"moves over the game socket\" "
             "(`--via socket`) sends each move as the page's script does when its socket is "
             "open, the board's form as the socket's act frame, and times it from that frame "
             "to the opponent's message; each block gives its date and commit (blocks of "
             "2026-11-27 were measured with the locust scenario players.py replaced). "
             "Targets (issue 36): 200 games on SQLite, 1 process, at least 190 moves/s with "
             "p99 under 100 ms; 500 games on PostgreSQL + Redis, 2 processes, p99 under "
             "100 ms, nothing refused or failed, no traceback. \"CPU/move\" is the server "
             "processes' CPU while measuring over the moves measured; \"load\" the "
             "machine's load average as measuring began (other work shares the 2 cores).",
             ""]
    for key in sorted(results):
        run = results[key]
        lines += [f"### {run['label']}", "",
                  f"{run['date']}, {run['machine']}, commit {run['commit']}; "
                  f"{run['seconds']} s measured per row after the ramp-up, "
                  f"pace {run['pace']:g} s between a game's moves; command: "
                  f"`{run['command']}`.", "",
                  "| games | moves/s | p50 ms | p99 ms | moves | refused | timeouts | "
                  "HTTP errors | server tracebacks | CPU/move ms | load |",
                  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for row in run["rows"]:  # type: ignore[attr-defined]
            cpu, load = row.get("server_cpu_ms_per_move"), row.get("load_average")
            lines.append(f"| {row['games']} | {row['moves_per_s']:.1f} | {row['p50_ms']:.0f} | "
                         f"{row['p99_ms']:.0f} | {row['moves']} | {row['refused']} | "
                         f"{row['timeouts']} | {row['errors']} | {row['server_tracebacks']} | "
                         f"{'-' if cpu is None else f'{cpu:.1f}'} | "
                         f"{'-' if load is None else f'{load:.1f}'} |")
        lines.append("")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="50,200,500")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--game", default="marcomage",
                        help="the game system played (default marcomage)")
    parser.add_argument("--write", type=Path)
    parser.add_argument("--spy", type=Path,
                        help="record the server with py-spy into SPY.<games>.txt (collapsed "
                             "stacks; benchmarks/load/spy_report.py sums them)")
    parser.add_argument("--via", choices=("post", "socket"), default="post",
                        help="send each move by POST (default) or as the game socket's "
                             "act frame")
    parser.add_argument("--profile-players", type=Path,
                        help="profile the load generator while measuring into "
                             "PROFILE_PLAYERS.<games>.prof (cProfile)")
    args = parser.parse_args(argv)
    postgres = bool(os.environ.get("DATABASE_URL"))
    label = (f"PostgreSQL + Redis, {args.processes} processes" if postgres
             else f"SQLite, {args.processes} process" + ("es" if args.processes > 1 else ""))
    rows = []
    for games in (int(n) for n in args.games.split(",")):
        row = one_run(games, args.processes, args.seconds, args.pace, args.game, args.spy,
                      args.via, args.profile_players)
        print(json.dumps(row), flush=True)
        rows.append(row)
    key = f"{'2-postgres' if postgres else '1-sqlite'}-{args.processes}"
    if args.game != "marcomage":
        key += f"-{args.game}"
        label += f", {args.game}"
    if args.via != "post":
        key += f"-{args.via}"
        label += ", moves over the game socket"
    stored = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    stored[key] = {
        "label": label, "rows": rows, "pace": args.pace, "seconds": args.seconds,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{cpu_model()}, {os.cpu_count()} cores", "commit": git_revision(),
        "command": ("scripts/with-services.sh " if postgres else "")
        + f"python benchmarks/load/run.py --games {args.games} --processes {args.processes} "
          f"--seconds {args.seconds} --pace {args.pace:g}"
        + (f" --game {args.game}" if args.game != "marcomage" else "")
        + (f" --via {args.via}" if args.via != "post" else ""),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(stored, indent=1) + "\n")
    if args.write:
        put_section(args.write, "load", section(stored))
    return 0


if __name__ == "__main__":
    sys.exit(main())
