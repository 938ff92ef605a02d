"""The balance lab's speed: a MArcomage tournament of random bots on a process pool.

    python benchmarks/balance.py --games 1000000 --jobs 2                     # print
    python benchmarks/balance.py --games 1000000 --jobs 2 --write BENCHMARKS.md

Wall time, and the CPU time of the whole run (the workers' included): on a shared, busy
machine the CPU time says what the run costs, the wall time what it took. Issue 25's target
is a million games on 2 cores within 5 minutes. With --write, the "## Balance lab" section of
the file is replaced (or added); the rest is kept.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import shlex
import sys
import time
from pathlib import Path

from machine import cpu_model, git_revision
from report import put_section

import marcomage
from marcomage.lab.analysis import summary
from marcomage.lab.command import card_names
from marcomage.lab.games import Setup
from marcomage.lab.report import html, strongest_weakest
from marcomage.lab.tournament import run, write

SECTION = "## Balance lab"
TARGET_SECONDS = 300


def cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games (100000)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--seed", default="bench-balance", help="the run's seed")
    parser.add_argument("--write", metavar="FILE", help="write the section into FILE")
    parser.add_argument("--out", type=Path, default=Path("var/balance/bench"),
                        help="where the run's games, summary and report go (var/balance/bench)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    cpu0, wall0 = cpu_seconds(), time.perf_counter()
    results = run(Setup("marcomage", ("random", "random"), args.seed), args.games,
                  jobs=args.jobs)
    doc = summary(results, card_names("marcomage"))
    args.out.mkdir(parents=True, exist_ok=True)
    write(results, args.out / "games.parquet")
    (args.out / "report.html").write_text(html(doc), encoding="utf-8")
    wall, cpu = time.perf_counter() - wall0, cpu_seconds() - cpu0
    strong, weak = strongest_weakest(doc, 20)
    per_core = args.games / cpu
    million_on_two = 1_000_000 / (per_core * 2)
    rows = [
        ("games", f"{args.games:,} (mean {sum(results.turns) / args.games:.1f} turns)"),
        ("wall time, s", f"{wall:,.1f} ({args.games / wall:,.0f} games/s)"),
        ("CPU time of the run, s", f"{cpu:,.1f} ({per_core:,.0f} games per CPU-second)"),
        ("a million games on 2 free cores, s (from the CPU time)", f"{million_on_two:,.0f}"),
        ("first player's win rate", f"{doc['first_player']['rate']:.4f} "
         f"({doc['first_player']['low']:.4f} to {doc['first_player']['high']:.4f})"),
        ("outliers at q < 0.05", f"{len(doc['outliers']['strong'])} stronger, "
         f"{len(doc['outliers']['weak'])} weaker"),
    ]
    listed = [f"- {title}: " + "; ".join(
        f"{r['name']} {r['diff'] * 100:+.2f} pp{'*' if r['significant'] else ''}" for r in found)
        for title, found in (("20 strongest", strong), ("20 weakest", weak))]
    command = "python benchmarks/balance.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    verdict = "within" if wall * 1_000_000 / args.games <= TARGET_SECONDS else "beyond"
    lines = [
        SECTION, "",
        f"`marcomage balance` on {args.jobs} processes, random v random MArcomage games with "
        f"random decks; the wall time scaled to a million games is {verdict} the target of "
        f"{TARGET_SECONDS} s (issue 25).", "",
        "| measure | value |", "|---|---|", *(f"| {k} | {v} |" for k, v in rows), "",
        "Times include writing the games (Parquet), the summary and the HTML report. Cards by "
        "win-rate difference of decks holding them (percentage points; * significant):", "",
        *listed, "",
        f"- command: `{command.strip()}`",
        f"- date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
        f"- machine: {platform.platform()}; {cpu_model()}; {os.cpu_count()} CPUs; load "
        f"average {load:.2f} at the start (other work shares these CPUs)",
        f"- engine: {marcomage.ENGINE.describe()}; git {git_revision()}", "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        put_section(args.write, "balance", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
