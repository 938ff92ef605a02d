"""Mage Wars figures: random-playout speed, how simulated games end (2, 3 and 4 seats), and
the search bot's win rate against the random bot.

    python benchmarks/mage_wars.py                         # playouts table
    python benchmarks/mage_wars.py --write BENCHMARKS.md   # and its section of BENCHMARKS.md
    python benchmarks/mage_wars.py --match 200 --seats 2   # search vs random, seeded
    python benchmarks/mage_wars.py --match 200 --iterations 6   # at the lab's budget
    python benchmarks/mage_wars.py --selfplay 20 --seats 3 # search vs search
    python benchmarks/mage_wars.py --lab 6 --seats 4       # the balance lab's games, timed

Playouts pick uniformly among the legal actions with their own seeded generator, through the
protocol (apply checks every action). In a match the search bot takes seat (game mod seats)
and every other seat is a random bot; with more than two seats a random seat would win about
1/seats of the games, which is the baseline the win rate is compared with.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter
from typing import Any

from report import put_section

from marcomage.games.mage_wars.bots import ITERATIONS, LAB_ITERATIONS, SearchBot
from marcomage.games.mage_wars.engine import ROUND_LIMIT
from marcomage.games.mage_wars.ruleset import RULESET
from marcomage.lab.games import Setup, play_chunk
from marcomage.platform.bots import Bot, RandomBot, play_game
from marcomage.platform.rng import Rng

SECTION = "## Mage Wars"


def playouts(seats: int, games: int) -> dict[str, float]:
    """Random playouts: actions/s, games/s, share won before the cap, mean final round."""
    actions = wins = rounds = 0
    start = time.perf_counter()
    for seed in range(games):
        state = RULESET.new_game(RULESET.options_from_json({}),
                                 RULESET.starter_decks() * seats, seed)
        rng = Rng.from_seed(seed, stream=3)
        while RULESET.outcome(state) is None:
            (seat,) = RULESET.to_act(state)
            legal = RULESET.legal_actions(state, seat)
            state, _ = RULESET.apply(state, seat, legal[rng.below(len(legal))])
            actions += 1
        outcome = RULESET.outcome(state)
        assert outcome is not None
        wins += outcome.result == "win"
        rounds += outcome.final_round
    seconds = time.perf_counter() - start
    return {"games": games, "actions_per_s": actions / seconds, "games_per_s": games / seconds,
            "won_before_cap": wins / games, "mean_round": rounds / games,
            "mean_actions": actions / games}


def match(seats: int, games: int, search_everywhere: bool = False,
          iterations: int = ITERATIONS) -> dict[str, float]:
    """Seeded games of the search bot against random bots (or against itself), with
    `iterations` rollouts per decision; the slowest decision's CPU time is reported."""
    hero_wins = wins = rounds = 0
    ends: Counter[str] = Counter()
    slowest = 0.0
    start = time.perf_counter()
    for g in range(games):
        hero = g % seats
        bots: list[Bot] = [Timed(SearchBot(g * 10 + k, iterations=iterations))
                           if k == hero or search_everywhere
                           else RandomBot(g * 10 + k) for k in range(seats)]
        record = play_game(RULESET, RULESET.options_from_json({}),
                           RULESET.starter_decks() * seats, 1000 + g, bots)
        outcome = RULESET.outcome(record.state)
        assert outcome is not None
        hero_wins += hero in outcome.winners
        wins += outcome.result == "win"
        rounds += outcome.final_round
        ends[outcome.end_type] += 1
        slowest = max([slowest, *(b.slowest for b in bots if isinstance(b, Timed))])
    return {"games": games, "hero_win_rate": hero_wins / games, "slowest_move_cpu_s": slowest,
            "won_before_cap": wins / games, "mean_round": rounds / games,
            "seconds_per_game": (time.perf_counter() - start) / games}


def lab(seats: int, games: int, iterations: int) -> dict[str, Any]:
    """The balance lab's own games (the ready-made mages, `iterations` rollouts on every
    seat, as `marcomage balance --sides` plays them): games per CPU second, and a digest of
    the results, which a change of speed alone must leave as it was."""
    setup = Setup("mage_wars", (f"search:iterations={iterations}",) * seats,
                  f"bench-{seats}", None, tuple(RULESET.sides()))
    start = time.process_time()
    chunk = play_chunk(setup, 0, games)
    cpu = time.process_time() - start
    results = json.dumps([chunk.first, chunk.winner, chunk.end_type, chunk.turns,
                          chunk.rounds, chunk.early, chunk.seating], default=list)
    return {"games": games, "cpu_s": round(cpu, 2), "games_per_cpu_s": round(games / cpu, 3),
            "actions": sum(chunk.turns),
            "digest": hashlib.sha256(results.encode()).hexdigest()[:16]}


class Timed:
    """A bot with the CPU time of its slowest decision (the site's think time per move)."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.slowest = bot, bot.name, 0.0

    def choose(self, view: Any, legal: Any) -> Any:
        start = time.process_time()
        action = self.bot.choose(view, legal)
        self.slowest = max(self.slowest, time.process_time() - start)
        return action


def table(rows: dict[int, dict[str, float]]) -> str:
    lines = ["| seats | games | actions/s | games/s | won before round "
             f"{ROUND_LIMIT} | mean final round | mean actions |",
             "|---|---|---|---|---|---|---|"]
    for seats, r in rows.items():
        lines.append(f"| {seats} | {r['games']:.0f} | {r['actions_per_s']:,.0f} | "
                     f"{r['games_per_s']:.1f} | {100 * r['won_before_cap']:.1f}% | "
                     f"{r['mean_round']:.1f} | {r['mean_actions']:.1f} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random playouts per seat count")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--match", type=int, default=0, help="search vs random games")
    parser.add_argument("--selfplay", type=int, default=0, help="search vs search games")
    parser.add_argument("--iterations", type=int, default=ITERATIONS,
                        help=f"search rollouts per decision ({ITERATIONS}; the lab's: "
                             f"{LAB_ITERATIONS})")
    parser.add_argument("--lab", type=int, default=0,
                        help="the balance lab's games at --iterations (give 6), timed")
    parser.add_argument("--write", metavar="FILE")
    args = parser.parse_args(argv)
    if args.lab:
        print(lab(args.seats, args.lab, args.iterations))
        return 0
    if args.match or args.selfplay:
        result = match(args.seats, args.match or args.selfplay, bool(args.selfplay),
                       args.iterations)
        print({k: round(v, 3) for k, v in result.items()})
        return 0
    rows = {seats: playouts(seats, args.games) for seats in (2, 3, 4)}
    text = ("Random playouts of the sample pack through the protocol (`python "
            "benchmarks/mage_wars.py`), one process:\n\n" + table(rows))
    print(text)
    if args.write:
        put_section(args.write, "mage_wars", f"{SECTION}\n\n{text}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
