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

from .analysis import summary
from .games import MARCOMAGE, Setup
from .report import html, strongest_weakest
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
    p.add_argument("--games", type=int, default=10_000, help="number of games (10000)")
    p.add_argument("--seed", default="1", help="the run's seed; game i is seeded SEED/i")
    p.add_argument("--decks", type=Path, help="a JSON file with one deck document per seat "
                   "(default: random decks, or the starter decks without a generator)")
    p.add_argument("--jobs", type=int, default=0, help="worker processes (default: all CPUs)")
    p.add_argument("--chunk", type=int, default=0, help="games per task (default: automatic)")
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


def main(args: argparse.Namespace) -> int:
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    decks: Any = None
    if args.decks is not None:
        decks = tuple(json.loads(args.decks.read_text("utf-8")))
    if args.games < 1:
        print("marcomage balance: --games must be at least 1", file=sys.stderr)
        return 2
    setup = Setup(args.game, bots, str(args.seed), decks)
    out = args.out or data_dir() / f"{args.game}-{args.seed}-{args.games}"
    bar = None
    if not args.quiet:
        from tqdm import tqdm

        bar = tqdm(total=args.games, unit="game", smoothing=0.1, file=sys.stderr)
    try:
        results = run(setup, args.games, jobs=args.jobs, chunk=args.chunk, ray=args.ray,
                      keep_decks=args.keep_decks, progress=bar.update if bar else None)
    except ValueError as error:
        print(f"marcomage balance: {error}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    doc = summary(results, card_names(args.game), args.alpha)
    out.mkdir(parents=True, exist_ok=True)
    games_file = write(results, out / f"games.{args.format}")
    (out / "summary.json").write_text(json.dumps(doc), encoding="utf-8")
    (out / "report.html").write_text(html(doc, args.top), encoding="utf-8")
    if not args.no_latest:
        latest = dict(doc, report=str(out / "report.html"), games_file=str(games_file))
        data_dir().mkdir(parents=True, exist_ok=True)
        (data_dir() / LATEST).write_text(json.dumps(latest), encoding="utf-8")
    strong, weak = strongest_weakest(doc, args.top)
    print(f"{doc['games']:,} games in {doc['seconds']:.1f} s ({doc['games_per_second']} games/s)"
          f" on {doc['backend']}; first player won {doc['first_player']['rate'] or 0:.4f}")
    for title, rows in (("strongest", strong), ("weakest", weak)):
        print(f"{title}: " + "; ".join(
            f"{r['name']} {r['diff'] * 100:+.2f} pp{'*' if r['significant'] else ''}"
            for r in rows))
    print(f"wrote {games_file}, {out / 'summary.json'}, {out / 'report.html'}")
    return 0
