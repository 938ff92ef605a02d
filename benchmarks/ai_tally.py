"""Add up a long search-bot match played in chunks, so that hours of games survive an
interruption: each chunk is one `marcomage simulate` run whose report was saved to a file.

    for k in $(seq 0 19); do
      marcomage simulate --p1 mcts --p2 greedy --games 20 --seed ai400-$k --jobs 2 \\
          --think 1 --cpu-time --no-progress > chunks/chunk-$k.txt
    done
    python benchmarks/ai_tally.py chunks/chunk-*.txt

Chunks with different seeds are disjoint sets of games, so their counts add up; the mean
rounds are weighted by games. Prints the totals with the 95% Wilson interval of each rate.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from marcomage.simulate import wilson

LINES = {
    "games": re.compile(r"^games: (\d+)$", re.MULTILINE),
    "p1": re.compile(r"^player 1 wins:\s+(\d+)", re.MULTILINE),
    "p2": re.compile(r"^player 2 wins:\s+(\d+)", re.MULTILINE),
    "draws": re.compile(r"^draws:\s+(\d+)", re.MULTILINE),
    "rounds": re.compile(r"^mean rounds: ([\d.]+)$", re.MULTILINE),
    "bots": re.compile(r"^bots: (.+)$", re.MULTILINE),
}


@dataclass
class Chunk:
    """One saved `marcomage simulate` report."""

    games: int
    p1: int
    p2: int
    draws: int
    rounds: float
    bots: str


def read_chunk(path: Path) -> Chunk:
    """Parse one report; a missing line means an interrupted run and is an error."""
    text = path.read_text(encoding="utf-8")
    found = {}
    for name, pattern in LINES.items():
        match = pattern.search(text)
        if match is None:
            raise ValueError(f"{path}: no '{name}' line (an unfinished run?)")
        found[name] = match.group(1)
    chunk = Chunk(int(found["games"]), int(found["p1"]), int(found["p2"]),
                  int(found["draws"]), float(found["rounds"]), found["bots"])
    if chunk.p1 + chunk.p2 + chunk.draws != chunk.games:
        raise ValueError(f"{path}: wins and draws do not add up to the games")
    return chunk


def main(argv: list[str] | None = None) -> int:
    """Print the match's totals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", type=Path, help="saved simulate reports")
    args = parser.parse_args(argv)
    try:
        chunks = [read_chunk(path) for path in args.reports]
    except (OSError, ValueError) as error:
        print(f"ai_tally: {error}", file=sys.stderr)
        return 1
    if len({chunk.bots for chunk in chunks}) != 1:
        print("ai_tally: the reports are of different matches", file=sys.stderr)
        return 1
    n = sum(chunk.games for chunk in chunks)
    print(f"bots: {chunks[0].bots}")
    print(f"games: {n} in {len(chunks)} chunks")
    for label, wins in (("player 1 wins", sum(c.p1 for c in chunks)),
                        ("player 2 wins", sum(c.p2 for c in chunks)),
                        ("draws", sum(c.draws for c in chunks))):
        low, high = wilson(wins, n)
        print(f"{label}: {wins} ({wins / n:.1%}), 95% Wilson interval {low:.1%} to {high:.1%}")
    print(f"mean rounds: {sum(c.rounds * c.games for c in chunks) / n:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
