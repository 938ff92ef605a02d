"""The Far Wilds: what wins a pairing of premade armies, counted from the battle log (issue 32).

    python benchmarks/far_wilds_log_counts.py GAMES PAIRS [LISTS.json] [--seed S] [-v]

PAIRS names pairings by the armies' first words, comma-separated
("Ashstone-Stormblood,Stormblood-Wanderers"). Each pairing plays GAMES battles with the lab's
budget (`search:iterations=0` on both seats, the search bot's battle plan alone), seats
alternating, and prints the first army's score and the capped battles; `-v` adds each army's
casts, moves, losses and rounds with glory, and per card its casts, attacks, kills (figures
whose `dies` entry names the card as the cause) and copies lost. LISTS.json
(`{"Army name": {"card_id": count, ...}}`) tries other army lists without editing the card
file: a screen of a list change before it is made.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from marcomage.games.far_wilds import cards as card_file
from marcomage.games.far_wilds.ruleset import RULESET
from marcomage.lab.games import bot_makers
from marcomage.platform.bots import play_out
from marcomage.platform.rng import seed_to_int

BOTS = ["search:iterations=0", "search:iterations=0"]


def use_lists(path: Path) -> None:
    """Replace the named armies' entries in this process (40 cards each, as constructed)."""
    lists: dict[str, dict[str, int]] = json.loads(path.read_text("utf-8"))
    for army in card_file.ARMIES:
        if army["name"] in lists:
            army["entries"] = [{"card": c, "count": n} for c, n in lists[army["name"]].items()]
            if sum(e["count"] for e in army["entries"]) != 40:
                raise SystemExit(f"{army['name']}: the list must hold 40 cards")


def count_log(log: list[dict[str, Any]], names: list[str], per_army: dict[str, Counter[str]],
              per_card: dict[str, defaultdict[str, Counter[str]]]) -> None:
    """Add one battle's log entries to the army and card tallies (`names[seat]` is the army)."""
    for entry in log:
        what, seat = entry.get("what"), entry.get("seat")
        if seat is None or what in ("round", "end", "pass"):
            continue
        army = names[seat]
        if what == "cast":
            per_card[army][entry["card"]]["cast"] += 1
            per_army[army]["cast_" + card_file.CARDS[entry["card"]].type] += 1
        elif what == "attack":
            per_card[army][entry["card"]]["attack"] += 1
        elif what == "dies":
            per_card[army][entry["card"]]["lost"] += 1
            per_army[army]["lost_" + entry["kind"]] += 1
            by = entry.get("by")
            if by is not None and by != seat:
                per_card[names[by]][entry["cause"]]["kills"] += 1
        else:
            per_army[army][what] += 1


def pairing(first: str, second: str, games: int, seed: str, verbose: bool) -> None:
    """Play and print one pairing."""
    sides = {side.name.split()[0].split("'")[0]: side for side in RULESET.sides()}
    options = RULESET.options_from_json({})
    makers = bot_makers(RULESET, BOTS)
    wins: Counter[str] = Counter()
    per_army: dict[str, Counter[str]] = {first: Counter(), second: Counter()}
    per_card: dict[str, defaultdict[str, Counter[str]]] = {
        first: defaultdict(Counter), second: defaultdict(Counter)}
    capped = 0
    for game in range(games):
        names = [first, second] if game % 2 == 0 else [second, first]
        game_seed = f"{seed}/{first}{second}/{game}"
        bots = [make(seed_to_int(f"{game_seed}/{k}")) for k, make in enumerate(makers)]
        state = RULESET.side_game(options, [sides[n] for n in names], seed_to_int(game_seed))
        state, _ = play_out(RULESET, state, bots)
        outcome = RULESET.outcome(state)
        assert outcome is not None
        capped += outcome.end_type in RULESET.cap_end_types
        decided = outcome.result == "win" and len(outcome.winners) == 1
        wins[names[outcome.winners[0]] if decided else "draw"] += 1
        count_log(state.log, names, per_army, per_card)
    score = (wins[first] + wins["draw"] / 2) / games * 100
    print(f"{first} v {second}: {first} {wins[first]}, {second} {wins[second]}, draws "
          f"{wins['draw']}; {first}'s score {score:.1f}%; capped {capped}")
    if verbose:
        for army in (first, second):
            print(f"  {army}: " + ", ".join(f"{k} {v}" for k, v in sorted(per_army[army].items())))
            for card, tally in sorted(per_card[army].items(), key=lambda x: -x[1]["kills"]):
                print(f"    {card:18} " + " ".join(
                    f"{k}={tally[k]}" for k in ("cast", "attack", "kills", "lost")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, help="battles a pairing")
    parser.add_argument("pairs", help="pairings, e.g. Ashstone-Stormblood,Stormblood-Wanderers")
    parser.add_argument("lists", nargs="?", type=Path, help="army lists to try (JSON)")
    parser.add_argument("--seed", default="w32g")
    parser.add_argument("-v", "--verbose", action="store_true", help="the counts too")
    args = parser.parse_args()
    if args.lists is not None:
        use_lists(args.lists)
    for pair in args.pairs.split(","):
        first, second = pair.split("-")
        pairing(first, second, args.games, args.seed, args.verbose)


if __name__ == "__main__":
    main()
