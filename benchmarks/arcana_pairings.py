"""A quick screen of chosen Arcana pairings: the starter decks of the card file as it stands
(edit data/cards.json, then screen), played by the lab's search bot (`search-lab`) on both
seats, seat order alternating, seeded as `marcomage balance --sides` seeds them (game i of
the run "S" is seeded "S/i"; duel j of a pairing is the lab's game p + 6j of the same
seed, p the pairing's place in the lab's order), so a screen on seed S plays the first
duels of that pairing of the full table. `marcomage balance --sides` plays every pairing;
this plays only the suspect ones, so a candidate list is screened in a minute or two.
A screen matches the table of the same card file only: the search bot guesses hidden cards
from all four starter decks' cards (`view.POOL`), so a change to one deck's list changes
the duels of every pairing, its own and the others' (issue 34, w34h: Runeweaver's list
changed the golden Emberstorm-Tidewall search game).

    PYTHONPATH=src python benchmarks/arcana_pairings.py Ember-Tide Ember-World --games 40

Each line gives side A's score (wins plus half the draws) with its Wilson interval and the
capped duels; with `--causes`, each side's HP lost a duel by cause (its own attackers
falling in attack position, direct attacks, the empty deck, and each card that takes HP),
read from the whole log of every duel; with `--by-card` too, the falls and direct attacks
are split by the attacking card ("direct: Bone Reaper"), so a deck's winning cards show.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from marcomage.games.arcana import field as arcana_field
from marcomage.games.arcana.bots import BOTS
from marcomage.games.arcana.ruleset import RULESET
from marcomage.lab.games import game_seed
from marcomage.lab.seating import pairings
from marcomage.platform.bots import play_out
from marcomage.platform.rng import seed_to_int
from marcomage.simulate import wilson

HP_LINE = re.compile(r"^Player (\d) loses (\d+) HP \((.*)\): \d+ left\.$")
"""A log line of HP lost and its cause (victory.change_hp, combat's fallen and direct)."""


@dataclass
class Screen:
    """One pairing's duels: side a's score, the capped duels, the actions played and, per
    side (0: a, 1: b), the HP lost by cause summed over the duels."""

    games: int = 0
    moves: int = 0
    score: float = 0.0
    capped: int = 0
    lost: tuple[Counter[str], Counter[str]] = field(
        default_factory=lambda: (Counter(), Counter()))


def side_index(names: list[str], word: str) -> int:
    """The starter deck whose name starts with `word` (case ignored), e.g. "Tide"."""
    found = [i for i, name in enumerate(names) if name.casefold().startswith(word.casefold())]
    if len(found) != 1:
        raise SystemExit(f"No single starter deck named {word!r}; the decks: "
                         f"{', '.join(names)}.")
    return found[0]


def cause_of(text: str, by_card: bool = False) -> str:
    """A cause as counted: "fallen", "direct", "empty deck", or the card's name; `by_card`
    names the attacker of a fall or a direct attack ("direct: Bone Reaper")."""
    for end, cause in ((" fell in attack position", "fallen"), (" attacks directly", "direct")):
        if text.endswith(end):
            return f"{cause}: {text[:-len(end)]}" if by_card else cause
    if text.startswith("an empty deck"):
        return "empty deck"
    return text


def screen(a: int, b: int, games: int, seed: str, by_card: bool = False) -> Screen:
    """Side a's duels against side b: duel j is the lab's game p + 6j of run `seed` (p the
    pairing's place in the lab's order), a on the first seat when j is even; `by_card` splits
    falls and direct attacks by the attacking card."""
    sides = RULESET.sides()
    pairs = pairings(len(sides), False)
    place = pairs.index((min(a, b), max(a, b)))
    options = RULESET.options_from_json({})
    bot = BOTS["search-lab"]
    keep = arcana_field.LOG_KEEP
    arcana_field.LOG_KEEP = 10**6  # the whole log, for the causes
    out = Screen()
    try:
        for j in range(games):
            first = (a, b) if a < b else (b, a)
            seats = first if j % 2 == 0 else first[::-1]
            index = place + len(pairs) * j
            seeded = game_seed(seed, index)
            bots = [bot(seed_to_int(f"{seeded}/{k}")) for k in range(2)]
            state = RULESET.side_game(options, [sides[s] for s in seats], seed_to_int(seeded))
            state, moves = play_out(RULESET, state, bots)
            outcome = RULESET.outcome(state)
            assert outcome is not None
            out.games += 1
            out.moves += moves
            out.capped += outcome.end_type in RULESET.cap_end_types
            a_seat = seats.index(a)
            if not outcome.winners or outcome.result != "win":
                out.score += 0.5
            elif a_seat in outcome.winners:
                out.score += 1.0
            for line in state.log:
                m = HP_LINE.match(line)
                if m:
                    seat = int(m.group(1)) - 1
                    cause = cause_of(m.group(3), by_card)
                    out.lost[0 if seat == a_seat else 1][cause] += int(m.group(2))
    finally:
        arcana_field.LOG_KEEP = keep
    return out


def causes_text(name: str, lost: Counter[str], games: int) -> str:
    """One side's HP lost a duel by cause, the largest first."""
    total = sum(lost.values())
    parts = ", ".join(f"{cause} {n / games:.2f}" for cause, n in lost.most_common())
    return f"  {name} lost {total / games:.2f} HP a duel: {parts or 'none'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("pairings", nargs="+", help="A-B, e.g. Ember-Tide")
    parser.add_argument("--games", type=int, default=40, help="duels a pairing (40)")
    parser.add_argument("--seed", default="screen", help="the run's seed, as the lab's --seed")
    parser.add_argument("--causes", action="store_true", help="HP lost by cause, per side")
    parser.add_argument("--by-card", action="store_true",
                        help="with --causes: falls and direct attacks by attacking card")
    args = parser.parse_args(argv)
    names = [side.name for side in RULESET.sides()]
    for pairing in args.pairings:
        first, _, second = pairing.partition("-")
        a, b = side_index(names, first), side_index(names, second)
        if a == b:
            raise SystemExit(f"{pairing!r} names one deck twice.")
        start = time.perf_counter()
        got = screen(a, b, args.games, args.seed, args.by_card)
        low, high = wilson(round(got.score), got.games)
        print(f"{names[a]} v {names[b]}: {100 * got.score / got.games:.1f}% "
              f"({100 * low:.0f}-{100 * high:.0f}), {got.capped} capped, "
              f"{time.perf_counter() - start:.0f} s", flush=True)
        if args.causes:
            for k, side in enumerate((a, b)):
                print(causes_text(names[side], got.lost[k], got.games), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
