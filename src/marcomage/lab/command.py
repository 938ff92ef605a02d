"""`marcomage balance`: run a tournament, write its games, summary and HTML report, and make it
the latest run the site's Balance page shows (`$MARCOMAGE_DATA_DIR/balance/latest.json`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from marcomage.games import find_ruleset

from .analysis import summary
from .games import MARCOMAGE, Setup
from .matchups import markdown, sides_summary
from .report import html, strongest_weakest
from .seating import pairings, total_games
from .tournament import run, write

LATEST = "latest.json"


def data_dir() -> Path:
    """Where the site looks for the latest run (the site's own data directory)."""
    return Path(os.environ.get("MARCOMAGE_DATA_DIR", "var")).resolve() / "balance"


def card_names(ruleset: str) -> dict[str, str]:
    """Card id (as deck documents write it) to the card's name, so the report names cards;
    an unknown game system gives none, and its report shows ids."""
    cards: Iterable[Any]
    if ruleset == MARCOMAGE:
        from marcomage.games.marcomage import CARDS
        cards = CARDS
    elif ruleset == "arcana":
        from marcomage.games.arcana.cards import CARDS as ARCANA
        cards = ARCANA.values()
    elif ruleset == "elder_tale":
        from marcomage.games.elder_tale.cards import card_set
        cards = card_set().cards.values()
    elif ruleset == "far_wilds":
        from marcomage.games.far_wilds.cards import CARDS as FAR_WILDS
        cards = FAR_WILDS.values()
    elif ruleset == "mage_wars":
        from marcomage.games.mage_wars.cards import CARDS as MAGE_WARS
        cards = MAGE_WARS.values()
    else:
        return {}
    return {str(c.id): str(c.name) for c in cards}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default=MARCOMAGE, help="game system id (default marcomage)")
    p.add_argument("--bots", default="random,random",
                   help="one bot per seat, comma-separated (default random,random)")
    p.add_argument("--games", type=int, default=10_000,
                   help="number of games (10000); with --sides and two seats, per pairing")
    p.add_argument("--seed", default="1", help="the run's seed; game i is seeded SEED/i")
    p.add_argument("--decks", type=Path, help="a JSON file with one deck document per seat "
                   "(default: random decks, or the starter decks without a generator)")
    p.add_argument("--sides", action="store_true",
                   help="play the game's ready-made sides (starter decks, armies, characters, "
                   "mages) against each other: every pairing in both seat orders, or with "
                   "--seats N, N distinct sides a game; prints the matchup table")
    p.add_argument("--seats", type=int, default=0,
                   help="seats a game with --sides (default: one per --bots entry, at least 2)")
    p.add_argument("--mirrors", action="store_true",
                   help="with --sides and two seats, each side against itself too")
    p.add_argument("--options", default="{}", help="the game options as JSON ({})")
    p.add_argument("--jobs", type=int, default=0, help="worker processes (default: all CPUs)")
    p.add_argument("--chunk", type=int, default=0, help="games per task (default: automatic)")
    p.add_argument("--time-limit", type=float, default=0.0, metavar="SECONDS",
                   help="stop taking games after SECONDS and report the games finished "
                   "(default 0: play them all); with --sides the games go round the "
                   "pairings in both seat orders, so a stopped run stays even")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="run on a Ray cluster at ADDRESS, or 'local' for one on this machine")
    p.add_argument("--out", type=Path, help="the run's directory (default: "
                   "$MARCOMAGE_DATA_DIR/balance/<game>-<seed>-<games>)")
    p.add_argument("--format", choices=("parquet", "jsonl"), default="parquet",
                   help="per-game results file format (parquet)")
    p.add_argument("--keep-decks", action="store_true", help="write each game's decks too")
    p.add_argument("--alpha", type=float, default=0.05,
                   help="false discovery rate for naming outliers (0.05)")
    p.add_argument("--top", type=int, default=20, help="strongest and weakest cards listed (20)")
    p.add_argument("--no-latest", action="store_true",
                   help="do not make this run the site's latest")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _refuse(message: str) -> int:
    print(f"marcomage balance: {message}", file=sys.stderr)
    return 2


def main(args: argparse.Namespace) -> int:
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    decks: Any = None
    if args.decks is not None:
        decks = tuple(json.loads(args.decks.read_text("utf-8")))
    if args.games < 1:
        return _refuse("--games must be at least 1")
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as error:
        return _refuse(f"--options is not JSON: {error}")
    if not isinstance(options, dict):
        return _refuse("--options must be a JSON object")
    games, sides, caps = args.games, None, frozenset[str]()
    if args.sides:
        if decks is not None:
            return _refuse("--sides plays the game's own sides; leave out --decks")
        try:
            ruleset = find_ruleset(args.game)
        except (KeyError, ValueError) as error:
            return _refuse(str(error))
        seats = args.seats or max(2, len(bots))
        if seats not in ruleset.seats:
            return _refuse(f"{ruleset.name} is played by {ruleset.seats.start} to "
                           f"{ruleset.seats.stop - 1}, not {seats}")
        if len(bots) == 1:
            bots = bots * seats
        if len(bots) != seats:
            return _refuse(f"give one bot, or one per seat ({seats})")
        sides, caps = tuple(ruleset.sides()), ruleset.cap_end_types
        if len(sides) < 2:
            return _refuse(f"{ruleset.name} has {len(sides)} ready-made side(s); 2 needed")
        games = total_games(len(sides), seats, args.games, args.mirrors)
    if args.time_limit < 0:
        return _refuse("--time-limit must be 0 or more seconds")
    chunk = args.chunk
    if not chunk and args.time_limit and sides is not None and seats == 2:
        # a round of every pairing in both seat orders a chunk: a stopped run stays even
        chunk = 2 * len(pairings(len(sides), args.mirrors))
    setup = Setup(args.game, bots, str(args.seed), decks, sides, args.mirrors,
                  tuple(sorted(options.items())))
    kind = "sides-" if sides else ""
    out = args.out or data_dir() / f"{args.game}-{kind}{args.seed}-{games}"
    bar = None
    if not args.quiet:
        from tqdm import tqdm

        bar = tqdm(total=games, unit="game", smoothing=0.1, file=sys.stderr)
    try:
        results = run(setup, games, jobs=args.jobs, chunk=chunk, ray=args.ray,
                      keep_decks=args.keep_decks, progress=bar.update if bar else None,
                      time_limit=args.time_limit)
    except ValueError as error:
        print(f"marcomage balance: {error}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    doc = summary(results, card_names(args.game), args.alpha)
    doc["planned_games"], doc["stopped"] = games, results.stopped
    if sides is not None:
        doc["sides"] = sides_summary(results, [side.name for side in sides], caps,
                                     doc["cards"])
    out.mkdir(parents=True, exist_ok=True)
    games_file = write(results, out / f"games.{args.format}")
    (out / "summary.json").write_text(json.dumps(doc), encoding="utf-8")
    (out / "report.html").write_text(html(doc, args.top), encoding="utf-8")
    if not args.no_latest:
        latest = dict(doc, report=str(out / "report.html"), games_file=str(games_file))
        data_dir().mkdir(parents=True, exist_ok=True)
        (data_dir() / LATEST).write_text(json.dumps(latest), encoding="utf-8")
    strong, weak = strongest_weakest(doc, args.top)
    if results.stopped:
        print(f"stopped by --time-limit {args.time_limit:g} s: {doc['games']:,} of "
              f"{games:,} games played")
    print(f"{doc['games']:,} games in {doc['seconds']:.1f} s ({doc['games_per_second']} games/s)"
          f" on {doc['backend']}; first player won {doc['first_player']['rate'] or 0:.4f}")
    for title, rows in (("strongest", strong), ("weakest", weak)):
        print(f"{title}: " + "; ".join(
            f"{r['name']} {r['diff'] * 100:+.2f} pp{'*' if r['significant'] else ''}"
            for r in rows))
    if sides is not None:
        bot_text = ", ".join(sorted(set(bots)))
        print(f"\nReady-made sides of {args.game}, {len(bots)} seats, bots {bot_text}:\n")
        print(markdown(doc["sides"]) + "\n")
    print(f"wrote {games_file}, {out / 'summary.json'}, {out / 'report.html'}")
    return 0
