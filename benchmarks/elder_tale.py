"""Elder Tale's duel speed on one core: random playouts through the ruleset (the prebuilt
characters, seeded), and the search bot's decisions per second.

    python benchmarks/elder_tale.py                        # print the table
    python benchmarks/elder_tale.py --write BENCHMARKS.md  # and put it in BENCHMARKS.md

The figures replace the "## Elder Tale" section of the file (added at its end when absent),
so `make bench` can write the MArcomage table first and this one after it.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time

from machine import git_revision, pin_one_core
from report import put_section

from marcomage.games.elder_tale import engine
from marcomage.games.elder_tale.bots import SearchBot
from marcomage.games.elder_tale.ruleset import RULESET
from marcomage.platform.rng import Rng

HEADING = "## Elder Tale"


def playouts(games: int, seed: int) -> tuple[int, int, float]:
    """(games, actions, seconds) of uniform random playouts between the two characters."""
    chooser = Rng.from_seed(seed, stream=3)
    decks = RULESET.starter_decks()
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        duel = RULESET.new_game(RULESET.options_from_json({}), decks, seed * 1000 + i)
        while duel.outcome is None:
            legal = engine.legal_actions(duel, duel.active)
            duel, _ = engine.apply(duel, duel.active, legal[chooser.below(len(legal))])
            actions += 1
    return games, actions, time.perf_counter() - start


def search_decisions(count: int, seed: int) -> float:
    """Search-bot decisions per second over positions of a seeded random playout."""
    bot = SearchBot(seed)
    chooser = Rng.from_seed(seed, stream=4)
    duel = RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks(), seed)
    done = 0
    spent = 0.0
    while done < count:
        if duel.outcome is not None:
            duel = RULESET.new_game(RULESET.options_from_json({}), RULESET.starter_decks(),
                                    seed + done + 1)
        seat = duel.active
        legal = engine.legal_actions(duel, seat)
        view = RULESET.view(duel, seat)
        start = time.perf_counter()
        bot.choose(view, legal)
        spent += time.perf_counter() - start
        done += 1
        duel, _ = engine.apply(duel, seat, legal[chooser.below(len(legal))])
    return count / spent


def section(games: int, actions: int, seconds: float, decisions: float, pinned: str) -> str:
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return "\n".join([
        HEADING, "",
        "Written by `python benchmarks/elder_tale.py --write BENCHMARKS.md` (`make bench`).", "",
        "| measure | value |", "|---|---|",
        f"| random playouts, games/s | {games / seconds:,.1f} |",
        f"| random playouts, actions/s | {actions / seconds:,.0f} |",
        f"| mean actions per duel | {actions / games:.1f} |",
        f"| search bot, decisions/s | {decisions:,.1f} |", "",
        f"Random playouts: {games} duels of the two prebuilt characters. Date {date}; "
        f"{pinned}; engine git {git_revision()}.", ""])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random playouts (200)")
    parser.add_argument("--decisions", type=int, default=100, help="search decisions (100)")
    parser.add_argument("--write", metavar="FILE", help="put the section into this file")
    args = parser.parse_args(argv)
    pinned = pin_one_core()
    playouts(5, 2)  # warm-up
    games, actions, seconds = playouts(args.games, 1)
    text = section(games, actions, seconds, search_decisions(args.decisions, 1), pinned)
    print(text)
    if args.write:
        put_section(args.write, "elder_tale", text)
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
