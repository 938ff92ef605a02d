"""Engine speed on one core: random playouts, clone()+push, legal_actions and JSON.

    python benchmarks/engine.py                       # print the table
    python benchmarks/engine.py --write BENCHMARKS.md # and rewrite BENCHMARKS.md
    python benchmarks/engine.py --profile             # where the playout time goes

Playouts use fixed seeds: game i is `deal("bench/<seed>/<i>")`, dealt before the clock
starts (random decks from
the implemented cards where a rarity has at least 15 of them, else from all cards, with
auto tokens), and every move is a uniform pick among the legal actions by a cheap Rng of
its own. The process is pinned to one CPU where the OS allows it.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import json
import os
import platform
import pstats
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from machine import cpu_model, git_revision, pin_one_core
from report import put_section

import marcomage
from marcomage.games.marcomage import (
    Action,
    Game,
    Rng,
    dumps,
    from_json,
    implemented,
    legal_actions,
    loads,
    push,
    random_playout,
    state_hash,
    to_json,
)
from marcomage.games.marcomage.ruleset import deck_pool

TARGET_TURNS_PER_SECOND = 30_000
TARGET_COMPILED = 300_000
"""Issue 25: the mypyc-compiled engine's random playouts on one core."""


@dataclass
class Playouts:
    games: int
    turns: int
    seconds: float
    positions: list[tuple[Game, Action]]

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def playouts(games: int, seed: int, *, sample_every: int = 0) -> Playouts:
    """Play `games` random games; keep every `sample_every`-th position with its move."""
    from ai import deal

    chooser = Rng.from_seed(seed, stream=3)
    positions: list[tuple[Game, Action]] = []
    turns = 0
    # Dealt before the clock starts: the figure is of turns, and a deal goes through the
    # protocol's deck documents (about 75 us a game), which would dilute it.
    dealt = [deal(f"bench/{seed}/{i}") for i in range(games)]
    start = time.perf_counter()
    for game in dealt:
        if not sample_every:
            turns += random_playout(game, (chooser, chooser))
            continue
        while game.outcome is None:  # the same moves, keeping a position now and then
            actions = legal_actions(game)
            action = actions[chooser.below(len(actions))]
            if turns % sample_every == 0:
                positions.append((game.clone(), action))
            push(game, action)
            turns += 1
    return Playouts(games, turns, time.perf_counter() - start, positions)


def engine_figures(games: int, seed: int, repeats: int) -> dict[str, object]:
    """This process's engine: random-playout turns/s (best of `repeats`) and the search
    bot's playouts (MCTS iterations) per second."""
    from ai import sample_positions, speed

    playouts(min(games, 10), seed)
    best = max((playouts(games, seed) for _ in range(max(1, repeats))),
               key=lambda r: r.turns_per_second)
    search = speed(sample_positions(2), 1000)
    return {"engine": marcomage.ENGINE.describe(), "turns_per_second": best.turns_per_second,
            "search_playouts_per_second": search.per_second}


def both_engines(games: int, seed: int, repeats: int) -> dict[str, dict[str, object]]:
    """The figures of the pure and the compiled engine, each measured in its own process."""
    found: dict[str, dict[str, object]] = {}
    for engine in ("pure", "compiled"):
        env = {**os.environ, "MARCOMAGE_ENGINE": engine}
        done = subprocess.run(
            [sys.executable, __file__, "--figures-only", "--games", str(games), "--seed",
             str(seed), "--repeats", str(repeats)], env=env, capture_output=True, text=True)
        if done.returncode == 0:
            found[engine] = json.loads(done.stdout)
        else:
            found[engine] = {"engine": f"{engine}: unavailable ({done.stderr.strip()[-200:]})"}
    return found


def per_call(fn: Callable[[], object], seconds: float = 0.5) -> float:
    """Mean seconds per call of `fn`, calling it for about `seconds`."""
    calls, start = 0, time.perf_counter()
    batch = 1
    while True:
        for _ in range(batch):
            fn()
        calls += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / calls
        batch *= 2


def micro(positions: list[tuple[Game, Action]]) -> dict[str, float]:
    """Seconds per operation, averaged over the sampled positions."""
    games = [g for g, _ in positions]
    docs = [to_json(g) for g in games]
    texts = [dumps(g) for g in games]

    def over(op: Callable[[int], object]) -> Callable[[], None]:
        def run() -> None:
            for i in range(len(positions)):
                op(i)
        return run

    def clone_push(i: int) -> None:
        game, action = positions[i]
        push(game.clone(), action)

    n = len(positions)
    ops: dict[str, Callable[[int], object]] = {
        "clone()": lambda i: games[i].clone(),
        "clone() + push": clone_push,
        "legal_actions": lambda i: legal_actions(games[i]),
        "to_json": lambda i: to_json(games[i]),
        "from_json": lambda i: from_json(docs[i]),
        "dumps": lambda i: dumps(games[i]),
        "loads": lambda i: loads(texts[i]),
        "state_hash": lambda i: state_hash(games[i]),
    }
    return {name: per_call(over(op)) / n for name, op in ops.items()}


def pool_text() -> str:
    parts = []
    for name, ids in zip(("Common", "Uncommon", "Rare"), deck_pool(), strict=True):
        ready = sum(1 for c in ids if implemented(c))
        parts.append(f"{name} {len(ids)} cards ({ready} implemented)")
    return ", ".join(parts)


def table(rows: list[tuple[str, str]]) -> str:
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


def markdown(rows: list[tuple[str, str]], meta: list[tuple[str, str]], best: Playouts,
             repeats: int) -> str:
    verdict = "meets" if best.turns_per_second >= TARGET_TURNS_PER_SECOND else "is below"
    compiled = "compiled" in marcomage.ENGINE.name
    verdict_compiled = ("meets" if compiled and best.turns_per_second >= TARGET_COMPILED
                        else "is below")
    lines = [
        "## MArcomage engine",
        "",
        "Engine speed on one core, written by `benchmarks/engine.py --write BENCHMARKS.md`"
        " (`make bench`). Re-run it after engine changes and commit the new figures.",
        "",
        "| measure | value |",
        "|---|---|",
        *(f"| {k} | {v} |" for k, v in rows),
        "",
        f"Random playouts: {best.games} games, {best.turns:,} turns; the best of {repeats} runs."
        f" The figure {verdict} the target of {TARGET_TURNS_PER_SECOND:,} turns/s"
        f" and {verdict_compiled} the compiled engine's target of {TARGET_COMPILED:,}"
        " (issue 25). The pure and compiled rows are each measured in a process of its own"
        " (MARCOMAGE_ENGINE=pure|compiled), the best of the same runs.",
        "Per-operation costs are means over positions sampled from those games.",
        "",
        *(f"- {k}: {v}" for k, v in meta),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="playouts per run (200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the playouts (1)")
    parser.add_argument("--repeats", type=int, default=3, help="runs; the best counts (3)")
    parser.add_argument("--write", metavar="FILE", help="write the figures as Markdown")
    parser.add_argument("--figures-only", action="store_true",
                        help="print this engine's turns/s and search playouts/s as JSON")
    parser.add_argument("--profile", action="store_true",
                        help="profile one run with cProfile and print the hot spots")
    args = parser.parse_args(argv)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    pinned = pin_one_core()
    if args.figures_only:
        print(json.dumps(engine_figures(args.games, args.seed, args.repeats)))
        return 0
    engines = both_engines(args.games, args.seed, args.repeats)
    playouts(min(args.games, 10), args.seed)  # warm-up: imports, caches
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        playouts(args.games, args.seed)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return 0

    runs = [playouts(args.games, args.seed, sample_every=50 if i == 0 else 0)
            for i in range(max(1, args.repeats))]
    best = max(runs, key=lambda r: r.turns_per_second)
    costs = micro(runs[0].positions)
    rows = []
    for engine, found in engines.items():
        if "turns_per_second" in found:
            rows.append((f"{engine} engine: random playouts, turns/s",
                         f"{found['turns_per_second']:,.0f}"))
            rows.append((f"{engine} engine: search bot playouts/s",
                         f"{found['search_playouts_per_second']:,.0f}"))
        else:
            rows.append((f"{engine} engine", str(found["engine"])))
    rows += [
        ("random playouts, turns/s (engine in use)", f"{best.turns_per_second:,.0f}"),
        ("random playouts, games/s", f"{best.games_per_second:,.1f}"),
        ("mean turns per game", f"{best.turns / best.games:.1f}"),
        ("clone() + push, per second", f"{1 / costs['clone() + push']:,.0f}"),
        *((f"{name}, µs", f"{seconds * 1e6:.2f}") for name, seconds in costs.items()),
    ]
    command = "python benchmarks/engine.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    meta = [
        ("command", f"`{command.strip()}`"),
        ("date", datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")),
        ("machine", f"{platform.platform()}; {cpu_model()}; {os.cpu_count()} CPUs, {pinned}; "
                    f"load average {load:.2f} at the start"),
        ("python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("engine", f"git {git_revision()}; in use: {marcomage.ENGINE.describe()}"),
        ("decks drawn from", pool_text()),
    ]
    print(table(rows))
    print()
    print(table(meta))
    if best.turns_per_second < TARGET_TURNS_PER_SECOND:
        print(f"\nbelow the target of {TARGET_TURNS_PER_SECOND:,} turns/s: "
              "run with --profile to see the hot spots")
    if args.write:
        put_section(args.write, "engine", markdown(rows, meta, best, len(runs)))
        print(f"\nwrote {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
