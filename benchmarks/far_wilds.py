"""The Far Wilds: random-playout speed, and the search bot's strength and the battles' length
(FARWILDS.md "Balance"; issue 20).

    python benchmarks/far_wilds.py playouts [--games 100] [--write BENCHMARKS.md]
    python benchmarks/far_wilds.py strength [--games 200] [--iterations 64]
    python benchmarks/far_wilds.py length [--games 200] [--bots random random]

Playouts: the premade armies pair by pair (seats swapped every other game), uniform picks among the
legal actions with a generator of their own, straight through the ruleset (no replay
recording). Strength: the search bot against the random bot, seats and armies alternating,
game i seeded i. Length: the share of battles that end by glory before ROUND_LIMIT and the
mean number of rounds.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from pathlib import Path

from machine import cpu_model, git_revision, pin_one_core
from report import put_section

from marcomage.games.far_wilds.bots import SearchBot
from marcomage.games.far_wilds.ruleset import RULESET
from marcomage.platform.bots import Bot, RandomBot, make_bot, play_game
from marcomage.platform.rng import Rng


def decks_for(game: int) -> list:  # type: ignore[type-arg]
    """Game `game`'s two armies: the premade armies pair by pair, seats swapped every other
    game (issue 32: there are more than two)."""
    decks = RULESET.starter_decks()
    pairs = [(a, b) for a in range(len(decks)) for b in range(a + 1, len(decks))]
    first, second = pairs[(game // 2) % len(pairs)]
    return [decks[first], decks[second]] if game % 2 == 0 else [decks[second], decks[first]]


def playouts(games: int) -> tuple[int, int, float, int]:
    """(games, actions, seconds, rounds) of random playouts through the ruleset."""
    options = RULESET.options_from_json({})
    actions = rounds = 0
    start = time.perf_counter()
    for game in range(games):
        rng = Rng.from_seed(game, stream=99)
        state = RULESET.new_game(options, decks_for(game), game)
        while state.outcome is None:
            seat = min(RULESET.to_act(state))
            legal = RULESET.legal_actions(state, seat)
            state, _ = RULESET.apply(state, seat, legal[rng.below(len(legal))])
            actions += 1
        rounds += state.outcome.final_round
    return games, actions, time.perf_counter() - start, rounds


def _bot(name: str, seed: int, iterations: int | None) -> Bot:
    if name == "search" and iterations is not None:
        return SearchBot(seed, iterations)
    return make_bot(RULESET, name, seed)


def battles(games: int, names: tuple[str, str], first: int = 0, verbose: bool = False,
            iterations: int | None = None) -> list[tuple[int, tuple[int, ...], str, int]]:
    """(seat of names[0], winners, end type, rounds) per game; names[0] sits at game % 2."""
    options = RULESET.options_from_json({})
    out = []
    for game in range(first, first + games):
        seat = game % 2
        bots: list[Bot] = [RandomBot(game), RandomBot(game)]
        bots[seat] = _bot(names[0], game, iterations)
        bots[1 - seat] = _bot(names[1], game + 100_000, iterations)
        outcome = RULESET.outcome(play_game(RULESET, options, decks_for(game), game, bots).state)
        assert outcome is not None
        out.append((seat, outcome.winners, outcome.end_type, outcome.final_round))
        if verbose:
            print(game, seat, outcome.winners, outcome.end_type, outcome.final_round,
                  flush=True)
    return out


def summary(results: list[tuple[int, tuple[int, ...], str, int]]) -> dict[str, float]:
    n = len(results)
    return {"games": n,
            "wins": sum(seat in winners for seat, winners, _, _ in results),
            "draws": sum(not winners for _, winners, _, _ in results),
            "glory_share": sum(end == "glory" for _, _, end, _ in results) / n,
            "mean_rounds": sum(r for *_, r in results) / n,
            "mean_glory_rounds": sum(r for *_, end, r in results if end == "glory")
            / max(1, sum(end == "glory" for _, _, end, _ in results))}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("playouts", "strength", "length"))
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--bots", nargs=2, default=["random", "random"])
    parser.add_argument("--write", type=Path, default=None)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the search bot's iterations per decision (default its own)")
    args = parser.parse_args(argv)
    if args.mode == "playouts":
        pin_one_core()
        games, actions, seconds, rounds = playouts(args.games or 100)
        table = (
            "## The Far Wilds\n\n"
            "Random playouts of the premade armies, pair by pair, through the ruleset "
            "(`python benchmarks/far_wilds.py playouts --write BENCHMARKS.md`).\n\n"
            "| measure | value |\n|---|---|\n"
            f"| random playouts, games/s | {games / seconds:,.1f} |\n"
            f"| random playouts, actions/s | {actions / seconds:,.0f} |\n"
            f"| mean actions per battle | {actions / games:.1f} |\n"
            f"| mean rounds per battle | {rounds / games:.1f} |\n\n"
            f"- {games} games, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, "
            f"{cpu_model()}, CPython {platform.python_version()}, git {git_revision()}, "
            f"load average {os.getloadavg()[0]:.1f} at the start\n")
        print(table)
        if args.write:
            put_section(args.write, "far_wilds", table)
        return 0
    names = ("search", "random") if args.mode == "strength" else tuple(args.bots)
    start = time.perf_counter()
    results = battles(args.games or 200, (names[0], names[1]), args.first, args.verbose,
                      args.iterations)
    found = summary(results)
    print(f"{names[0]} vs {names[1]}: {found}, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
