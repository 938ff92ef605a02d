"""Merge several `marcomage balance --sides` runs of one seat count into one table (issue 33).

A 200-game table of Mage Wars with the search bot on every seat is run as a few chunks, each
its own process and seed, so that it fits between other work on a shared 2-core machine;
this reads the chunks' `games.parquet` (or `games.jsonl`) and prints the sides' table of the
whole, with the lab's own Wilson intervals, seat shares and capped share, and the per-card
win-rate differences of the whole: by the seats that held a card early where the runs
recorded each seat's cards held early (an `early` column: Mage Wars, whose seats all play
from one shared pack), else by the decks held (each game's cards are its seated sides' decks
as the checkout now holds them, so merge only runs of the sides as they stand):

    python benchmarks/mage_wars_shares.py var/balance/mage_wars-sides-71-50 \\
        var/balance/mage_wars-sides-72-50 ...

Every run must have the same bots and seat count (`summary.json` of each run names them).
Any system's two-seat `--sides` runs merge the same way: Elder Tale's closing table (issue 35)
is its seeds 35 and 36 pooled, `python benchmarks/mage_wars_shares.py RUN_35 RUN_36`.
Arcana's starter-deck tables of two seeds are pooled this way too (issue 34;
`tests/lab/test_card_held_early.py` checks Mage Wars' and Arcana's merges).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from marcomage.games import find_ruleset
from marcomage.lab.analysis import summary
from marcomage.lab.command import card_names
from marcomage.lab.games import Chunk, Setup, deck_cards
from marcomage.lab.matchups import CARD_BOUND, markdown, sides_summary
from marcomage.lab.tournament import Results


def rows(run: Path) -> list[dict[str, Any]]:
    """The per-game rows of one run directory."""
    parquet = run / "games.parquet"
    if parquet.exists():
        import pyarrow.parquet as pq

        return list(pq.read_table(parquet).to_pylist())
    with (run / "games.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def setup_of(run: Path) -> dict[str, Any]:
    """The run's setup as the Parquet file's metadata records it (JSON Lines: from the
    summary)."""
    parquet = run / "games.parquet"
    if parquet.exists():
        import pyarrow.parquet as pq

        meta = pq.read_schema(parquet).metadata or {}
        return dict(json.loads(meta[b"setup"]))
    return dict(json.loads((run / "summary.json").read_text("utf-8")).get("setup", {}))


def merged(runs: list[Path]) -> tuple[Results, list[str]]:
    """One Results of all runs' games (in the order given) and the sides' names."""
    first_setup = setup_of(runs[0])
    bots = tuple(first_setup["bots"])
    ruleset = find_ruleset(first_setup["ruleset"])
    sides = tuple(ruleset.sides())
    names = [side.name for side in sides]
    results = Results(Setup(ruleset.id, bots, "merged", None, sides), 0)
    held = [deck_cards(side.deck) for side in sides]
    tally = Chunk(0)  # per-card tallies, counted as the lab counts them (Chunk.count)
    for run in runs:
        setup = setup_of(run)
        if tuple(setup["bots"]) != bots or setup.get("sides") != names:
            raise ValueError(f"{run}: other bots or sides than {runs[0]}")
        for row in rows(run):
            results.first.append(int(row["first"]))
            results.winner.append(int(row["winner"]))
            results.end_type.append(str(row["end_type"]))
            results.turns.append(int(row["turns"]))
            results.rounds.append(int(row["rounds"]))
            results.seating.append(tuple(int(s) for s in row["sides"]))
            if row.get("early") is not None:  # cards held early (Ruleset.shared_pack)
                early = tuple(tuple(str(c) for c in seat) for seat in row["early"])
                results.early.append(early)
                tally.count(early, results.winner[-1])
            elif row.get("used") is not None:
                raise ValueError(f"{run}: recorded the cards used (an older lab), not the "
                                 "cards held early: run it again")
            else:
                tally.count([held[s] for s in results.seating[-1]], results.winner[-1])
    if results.early and len(results.early) != len(results.winner):
        raise ValueError("some runs recorded the cards held early and some did not: merge "
                         "runs of one kind")
    results.games = len(results.winner)
    results.cards = tally.cards
    results.measure = "early" if results.early else "held"
    return results, names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="balance run directories")
    args = parser.parse_args(argv)
    results, names = merged(args.runs)
    ruleset = find_ruleset(results.setup.ruleset)
    cards = summary(results, card_names(ruleset.id))["cards"]
    doc = sides_summary(results, names, ruleset.cap_end_types, cards)
    seats = doc["seats"]
    print(f"{results.games} games, {seats} seats, bots {', '.join(sorted(set(results.setup.bots)))}"
          f", {len(args.runs)} runs\n")
    if seats == 2:  # each side's share of the games it sat in, summed over its pairings
        played = {name: 0 for name in names}
        won = {name: 0.0 for name in names}
        for row in doc["pairings"]:
            played[row["a"]] += row["games"]
            played[row["b"]] += row["games"]
            won[row["a"]] += row["a_wins"]
            won[row["b"]] += row["b_wins"]
        from marcomage.lab.analysis import wilson

        print("| side | games | wins | win share (95% CI) |\n|---|---:|---:|---|")
        for name in names:
            low, high = wilson(won[name], played[name])
            print(f"| {name} | {played[name]} | {won[name]:g} | "
                  f"{won[name] / max(1, played[name]) * 100:.1f}% "
                  f"({low * 100:.0f}-{high * 100:.0f}%) |")
        print()
    print(markdown(doc))
    counted = ("seats that held it early" if results.measure == "early"
               else "decks that held it")
    print(f"\nPer card ({len(cards)} cards, {len(doc['cards_outside'])} outside "
          f"±{CARD_BOUND * 100:g} points), win-rate difference of the {counted} against "
          f"the rest:")
    print("; ".join(f"{c['name']} {c['diff'] * 100:+.1f}" for c in cards))
    return 0


if __name__ == "__main__":
    sys.exit(main())
