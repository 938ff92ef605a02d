"""A quick screen of chosen Elder Tale pairings: the prebuilt characters of the card set as it
stands (edit data/cards.json, then screen), played by the lab's search bot on both seats
(one sampled duel per choice, as `marcomage balance ... --bots search:samples=1,...`), the
seat order alternating. `marcomage balance --sides` plays every pairing; this plays only the
suspect ones, so a candidate change is screened in a minute before the whole table.

    PYTHONPATH=src python benchmarks/elder_tale_pairings.py Sefa-Brann Brann-Vesk --games 40

`--swap` changes a character's deck for the screen only, without editing the card file:
`--swap "Vesk:-brace*2,+nightshade_draught*2"` takes two Braces out of Vesk's deck and
puts two Nightshade Draughts in (card ids; `*n` copies, 1 without it); the changed
deck must still be legal (ET-DECK).

Each line gives side A's score (wins plus half the draws) with its Wilson interval, and the
duels that reached the round limit.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from typing import Any

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


def swapped(decks: list[Any], swap: str) -> list[Any]:
    """`decks` with one character's deck changed by `swap` ("Vesk:-card*2,+other"); a
    clear error for an unknown character or card, a card the deck lacks, or a deck the
    change leaves illegal."""
    who, _, changes = swap.partition(":")
    index = side_index([str(d["name"]) for d in decks], who)
    deck = copy.deepcopy(decks[index])
    entries: list[dict[str, Any]] = deck["entries"]
    for change in filter(None, changes.split(",")):
        sign, card, _, copies = change[0], *change[1:].partition("*")
        count = int(copies) if copies else 1
        if sign not in "+-" or count < 1:
            raise SystemExit(f"{change!r}: write +card or -card, with *n for n copies.")
        found = next((e for e in entries if e["card"] == card), None)
        if sign == "+":
            if found is None:
                entries.append({"card": card, "count": count})
            else:
                found["count"] += count
        elif found is None or found["count"] < count:
            raise SystemExit(f"{deck['name']} has not {count} of {card!r} to take out.")
        else:
            found["count"] -= count
    deck["entries"] = [e for e in entries if e["count"] > 0]
    problems = RULESET.validate_deck(deck)
    if problems:
        raise SystemExit(f"{deck['name']} after {swap!r}: "
                         + "; ".join(p.message for p in problems))
    return [deck if i == index else d for i, d in enumerate(decks)]


def screen(a: int, b: int, games: int, seed: int,
           decks: list[Any] | None = None) -> tuple[float, int]:
    """Side a's score over `games` duels against side b (a sits first in even duels) and
    the duels that ended at the round limit; duel g is seeded seed + g. `decks` are the
    sides (the prebuilt characters unless given)."""
    decks = RULESET.starter_decks() if decks is None else decks
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
    parser.add_argument("--swap", action="append", default=[],
                        help='a deck change for this screen, e.g. "Vesk:-nightshade_draught*2,'
                             '+binding_tide*2"')
    args = parser.parse_args(argv)
    decks = RULESET.starter_decks()
    for swap in args.swap:
        decks = swapped(decks, swap)
    names = [str(d["name"]) for d in decks]
    for pairing in args.pairings:
        first, _, second = pairing.partition("-")
        a, b = side_index(names, first), side_index(names, second)
        start = time.perf_counter()
        score, capped = screen(a, b, args.games, args.seed, decks)
        low, high = wilson(round(score), args.games)
        print(f"{names[a]} v {names[b]}: {100 * score / args.games:.1f}% "
              f"({100 * low:.0f}-{100 * high:.0f}), {capped} capped, "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
