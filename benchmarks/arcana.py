"""Arcana on one core: random playouts, and with --matches the balance and strength figures
of the note (docs/arcana.md).

    python benchmarks/arcana.py                          # random-playout speed
    python benchmarks/arcana.py --write BENCHMARKS.md    # and its section in BENCHMARKS.md
    python benchmarks/arcana.py --matches 200            # + search vs random, random vs
                                                         #   random, search vs search

Playout i uses the sample decks (seat j takes deck (i + j) mod 2) and the seed i; every
move is a uniform pick among the legal actions. "engine" playouts act in place, as the
search bot's rollouts do; "protocol" playouts go through `apply` (a copy and a legality
check per action), as the site and the conformance suite do. In --matches the search bot
plays seat i mod 2 of game i, and the decks turn every second game (seat j of game i takes
deck (i // 2 + j) mod 2), so each bot plays both seats with both decks.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time

from machine import cpu_model, git_revision, pin_one_core
from report import put_section

from marcomage.games.arcana import engine
from marcomage.games.arcana.bots import SearchBot
from marcomage.games.arcana.ruleset import RULESET
from marcomage.platform.bots import Bot, RandomBot, play_game
from marcomage.platform.conformance import playout_decks
from marcomage.platform.rng import Rng


def engine_playouts(games: int) -> tuple[float, int, int]:
    """(seconds, actions, turns) of random playouts acting in place."""
    options = RULESET.options_from_json({})
    actions = turns = 0
    start = time.perf_counter()
    for i in range(games):
        g = RULESET.new_game(options, playout_decks(RULESET, i), i)
        rng = Rng.from_seed(i, stream=21)
        while g.outcome is None:
            seat = engine.deciding(g)
            legal = engine.legal_actions(g, seat)
            engine.perform(g, seat, legal[rng.below(len(legal))])
            actions += 1
        turns += g.turn
    return time.perf_counter() - start, actions, turns


def protocol_playouts(games: int) -> tuple[float, int]:
    options = RULESET.options_from_json({})
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        g = RULESET.new_game(options, playout_decks(RULESET, i), i)
        rng = Rng.from_seed(i, stream=21)
        while RULESET.outcome(g) is None:
            seat = min(RULESET.to_act(g))
            legal = RULESET.legal_actions(g, seat)
            g, _ = RULESET.apply(g, seat, legal[rng.below(len(legal))])
            actions += 1
    return time.perf_counter() - start, actions


def make(kind: str, seed: int) -> Bot:
    return SearchBot(seed) if kind == "search" else RandomBot(seed)


def matches(games: int, kinds: tuple[str, str], seed: int = 0) -> dict[str, float]:
    """Games between two kinds of bot ("search" or "random"); the first plays seat i mod 2
    of game i. Wins of the first, draws, the share ended before TURN_LIMIT, mean turns."""
    wins = draws = early = turns = 0
    start = time.perf_counter()
    options = RULESET.options_from_json({})
    for i in range(seed, seed + games):
        first = i % 2

        bots: list[Bot] = [make(kinds[1], i * 2 + 1), make(kinds[1], i * 2 + 1)]
        bots[first] = make(kinds[0], i * 2)
        decks = playout_decks(RULESET, i // 2)
        rec = play_game(RULESET, options, decks, i, bots)
        out = RULESET.outcome(rec.state)
        assert out is not None
        wins += first in out.winners
        draws += out.result == "draw"
        early += out.end_type != "turn_limit"
        turns += out.final_round
    return {"games": games, "wins": wins, "draws": draws, "early": early / games,
            "turns": turns / games, "seconds": time.perf_counter() - start}


def section(rows: list[tuple[str, str]], meta: list[tuple[str, str]]) -> str:
    return "\n".join([
        "## Arcana", "",
        "Random playouts of the two sample decks on one core, written by "
        "`benchmarks/arcana.py --write BENCHMARKS.md` (`make bench`).", "",
        "| measure | value |", "|---|---|", *(f"| {k} | {v} |" for k, v in rows), "",
        *(f"- {k}: {v}" for k, v in meta), ""])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random playouts")
    parser.add_argument("--matches", type=int, default=0, help="games per bot pairing")
    parser.add_argument("--start", type=int, default=0, help="first game of --matches")
    parser.add_argument("--pairs", default="search-random,random-random,search-search",
                        help="bot pairings of --matches, comma-separated")
    parser.add_argument("--write", metavar="FILE", help="write the speed section there")
    args = parser.parse_args(argv)
    pinned = pin_one_core()
    seconds, actions, turns = engine_playouts(args.games)
    p_seconds, p_actions = protocol_playouts(args.games // 2 or 1)
    rows = [
        ("random playouts (engine, in place), games/s", f"{args.games / seconds:,.1f}"),
        ("random playouts (engine), actions/s", f"{actions / seconds:,.0f}"),
        ("random playouts (protocol apply), actions/s", f"{p_actions / p_seconds:,.0f}"),
        ("mean actions per game", f"{actions / args.games:,.1f}"),
        ("mean match turns per game", f"{turns / args.games:,.1f}"),
    ]
    width = max(len(k) for k, _ in rows)
    print("\n".join(f"{k:<{width}}  {v}" for k, v in rows))
    if args.matches:
        for pair in args.pairs.split(","):
            first, second = pair.split("-")
            kinds = (first, second)
            n = args.matches if kinds != ("search", "search") else max(1, args.matches // 5)
            r = matches(n, kinds, args.start)
            print(f"{kinds[0]} vs {kinds[1]}: games {args.start}-{args.start + n - 1}, "
                  f"first wins {r['wins']:.0f} "
                  f"({r['wins'] / n:.1%}), draws {r['draws']:.0f}, ended before the cap "
                  f"{r['early']:.1%}, mean {r['turns']:.1f} match turns, {r['seconds']:.0f}s",
                  flush=True)
    if args.write:
        meta = [("command", "`python " + " ".join(["benchmarks/arcana.py", *sys.argv[1:]])
                 + "`"),
                ("date", datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")),
                ("machine", f"{cpu_model()}; {pinned}"), ("engine", f"git {git_revision()}")]
        put_section(args.write, "arcana", section(rows, meta))
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
