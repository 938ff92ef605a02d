"""A quick screen of chosen Elder Tale pairings: the prebuilt characters of the card set as it
stands (edit data/cards.json, then screen), played by the lab's search bot on both seats
(one sampled duel per choice, as `marcomage balance ... --bots search:samples=1,...`), the
seat order alternating. `marcomage balance --sides` plays every pairing; this plays only the
suspect ones, so a candidate change is screened in a minute before the whole table.

    PYTHONPATH=src python benchmarks/elder_tale_pairings.py Sefa-Brann Brann-Vesk --games 40

Each line gives side A's score (wins plus half the draws) with its Wilson interval, and the
duels that reached the round limit.
"""

from __future__ import annotations

import argparse
import sys
import time

from marcomage.games.elder_tale.bots import SearchBot
from marcomage.games.elder_tale.ruleset import RULESET
from marcomage.platform.bots import play_game
from marcomage.simulate import wilson


def side_index(names: list[str], word: str) -> int:
    """The character whose name starts with `word` (case ignored), e.g. "Brann"."""
    found = [i for i, name in enumerate(names) if name.casefold().startswith(word.casefold())]
    if len(found) != 1:
        raise SystemExit(f"No single character named {word!r}; the characters: "
                         f"{', '.join(names)}.")
    return found[0]


def screen(a: int, b: int, games: int, seed: int) -> tuple[float, int]:
    """Side a's score over `games` duels against side b (a sits first in even duels) and
    the duels that ended at the round limit; duel g is seeded seed + g."""
    decks = RULESET.starter_decks()
    score, capped = 0.0, 0
    for g in range(games):
        seats = (b, a) if g % 2 else (a, b)
        bots = [SearchBot((seed + g) * 7 + k, samples=1) for k in (1, 2)]
        recorder = play_game(RULESET, RULESET.options_from_json({}),
                             [decks[s] for s in seats], seed + g, bots)
        outcome = RULESET.outcome(recorder.state)
        assert outcome is not None
        capped += outcome.end_type == "round_limit"
        a_seat = seats.index(a)
        if not outcome.winners:
            score += 0.5
        elif a_seat in outcome.winners:
            score += 1.0
    return score, capped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairings", nargs="+", help="A-B, e.g. Sefa-Brann")
    parser.add_argument("--games", type=int, default=40, help="duels a pairing (40)")
    parser.add_argument("--seed", type=int, default=5000, help="duel g is seeded SEED + g")
    args = parser.parse_args(argv)
    names = [str(d["name"]) for d in RULESET.starter_decks()]
    for pairing in args.pairings:
        first, _, second = pairing.partition("-")
        a, b = side_index(names, first), side_index(names, second)
        start = time.perf_counter()
        score, capped = screen(a, b, args.games, args.seed)
        low, high = wilson(round(score), args.games)
        print(f"{names[a]} v {names[b]}: {100 * score / args.games:.1f}% "
              f"({100 * low:.0f}-{100 * high:.0f}), {capped} capped, "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
