"""Many bot-versus-bot games on several processes, with a progress bar and a summary.
Every game is played through the platform protocol (`find_ruleset`, its platform bots).

Game i of a run with seed S is played from the seed "S/i" (decks, first player, draws)
by bots seeded "S/i/1" and "S/i/2", so the results do not depend on how many processes
share the work, nor on the order in which they finish (a search bot given a time per
move is the exception: how far it searches depends on the machine).
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from .games import find_ruleset
from .games.marcomage.bots import SEARCH_BOTS, search_bot
from .games.marcomage.ruleset import RULESET as MARCOMAGE
from .games.marcomage.ruleset import random_decks
from .games.marcomage.state import EndType
from .games.marcomage.view import end_type_id
from .platform.bots import Bot, play_game, play_out
from .platform.bots import make_bot as make_platform_bot
from .platform.protocol import DeckDoc, Outcome, Ruleset
from .platform.replay import state_hash
from .platform.rng import seed_to_int

Budget = tuple[float | None, int | None, bool]
"""A search bot's budget per move: seconds and/or iterations (None: not bounded by it),
and whether the seconds are CPU time."""

Task = tuple[int | str, int, str, str, Budget]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `successes / n` (95% by default).

    >>> low, high = wilson(70, 100)
    >>> round(low, 4), round(high, 4)
    (0.6042, 0.7811)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game `index` in a run seeded `seed`."""
    return f"{seed}/{index}"


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How a finished MArcomage game ended; `winner` is 1 or 2, or 0 for a draw."""

    winner: int
    end_type: str
    """The platform's end type ("destruction", ..., "surrender")."""
    rounds: int
    turns: int
    final_hash: str


def marcomage_bot(name: str, seed: int, budget: Budget) -> Bot:
    """A MArcomage bot by name through the platform; a search bot given a budget gets it."""
    think, iterations, cpu_clock = budget
    if name in SEARCH_BOTS and (think is not None or iterations is not None):
        return search_bot(name, seed, think=think, iterations=iterations, cpu_clock=cpu_clock)
    return make_platform_bot(MARCOMAGE, name, seed)


def play_one(task: Task) -> tuple[int, MatchResult]:
    """Play game `index` of the run, random decks against each other; returns the index
    with the result."""
    seed, index, bot1, bot2, budget = task
    game_id = game_seed(seed, index)
    bots = [marcomage_bot(name, seed_to_int(f"{game_id}/{seat}"), budget)
            for seat, name in ((1, bot1), (2, bot2))]
    state = MARCOMAGE.new_game(MARCOMAGE.options_type(), random_decks(game_id),
                               seed_to_int(game_id))
    state, turns = play_out(MARCOMAGE, state, bots)
    outcome = MARCOMAGE.outcome(state)
    assert outcome is not None
    winner = outcome.winners[0] + 1 if outcome.result == "win" else 0
    return index, MatchResult(winner, outcome.end_type, outcome.final_round, turns,
                              state_hash(MARCOMAGE, state))


@dataclass
class Summary:
    """What a run produced, in game order, and how long it took."""

    results: list[MatchResult] = field(default_factory=list)
    seconds: float = 0.0
    jobs: int = 1

    @property
    def turns(self) -> int:
        return sum(r.turns for r in self.results)

    def digest(self) -> str:
        """SHA-256 over the final state hashes in game order: equal runs, equal digests."""
        h = hashlib.sha256()
        for r in self.results:
            h.update(r.final_hash.encode("ascii"))
        return h.hexdigest()

    def report(self, bot1: str, bot2: str) -> str:
        """The summary; the lines before 'wall time' depend only on the seed and bots
        (and on the machine when a search bot has a time per move)."""
        n = len(self.results)
        wins = Counter(r.winner for r in self.results)
        ends = Counter(r.end_type for r in self.results)

        seconds = max(self.seconds, 1e-9)
        types = ", ".join(f"{t} {ends[end_type_id(t)]}" for t in EndType
                          if ends[end_type_id(t)]) or "none"
        mean_rounds = sum(r.rounds for r in self.results) / n if n else 0.0
        return "\n".join([
            f"games: {n}",
            f"bots: player 1 {bot1}, player 2 {bot2}",
            *win_table(n, wins[1], wins[2], wins[0], bot1, bot2),
            f"victory types: {types}",
            f"mean rounds: {mean_rounds:.1f}",
            f"mean turns: {self.turns / n if n else 0.0:.1f}",
            f"results digest: {self.digest()}",
            f"wall time: {self.seconds:.2f} s on {self.jobs} process(es)",
            f"turns/s: {self.turns / seconds:,.0f}",
            f"games/s: {n / seconds:,.1f}",
        ])


def win_table(n: int, wins1: int, wins2: int, draws: int, bot1: str, bot2: str) -> list[str]:
    """The win rates of both players and the draws, each with its 95% Wilson interval,
    as aligned lines such as 'player 1 wins: 31  77.5%  95% CI [ 62.5%,  87.7%]  mcts'."""
    rows = [("player 1 wins", wins1, bot1), ("player 2 wins", wins2, bot2),
            ("draws", draws, "")]
    width = len(str(n))
    lines = [f"win rates: {n} games, 95% Wilson intervals, draws counted apart"]
    for label, k, bot in rows:
        low, high = wilson(k, n)
        rate = 100.0 * k / n if n else 0.0
        lines.append(
            f"{label + ':':<14} {k:>{width}} {rate:5.1f}%  95% CI [{100 * low:5.1f}%, "
            f"{100 * high:5.1f}%]" + (f"  {bot}" if bot else ""))
    return lines


def _results(tasks: list[Task], jobs: int) -> Iterator[tuple[int, MatchResult]]:
    if jobs <= 1:
        yield from map(play_one, tasks)
        return
    chunk = max(1, min(32, len(tasks) // (jobs * 16)))
    with multiprocessing.get_context().Pool(jobs) as pool:
        yield from pool.imap_unordered(play_one, tasks, chunksize=chunk)


def simulate(
    games: int, seed: int | str, jobs: int, bot1: str = "random", bot2: str = "random",
    progress: Callable[[int], None] | None = None, *, think: float | None = None,
    iterations: int | None = None, cpu_clock: bool = False,
) -> Summary:
    """Play `games` games on `jobs` processes; `progress(done)` is called as they finish.
    A search bot gets `think` seconds (CPU seconds with `cpu_clock`) and/or `iterations`
    per move (default: its own iteration budget); the other bots ignore them."""
    for name in (bot1, bot2):
        marcomage_bot(name, 0, (think, iterations, cpu_clock))  # fail early on a bad name
    budget: Budget = (think, iterations, cpu_clock)
    tasks: list[Task] = [(seed, i, bot1, bot2, budget) for i in range(games)]
    jobs = max(1, min(jobs, games))
    slots: list[MatchResult | None] = [None] * games
    start = time.perf_counter()
    for done, (index, result) in enumerate(_results(tasks, jobs), 1):
        slots[index] = result
        if progress is not None:
            progress(done)
    seconds = time.perf_counter() - start
    return Summary([r for r in slots if r is not None], seconds, jobs)


class ProgressBar:
    """A one-line bar on a terminal, redrawn at most ten times a second; on anything
    else, a line at every tenth of the work."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream, width
        self.start = self.last = time.perf_counter()
        self.tty = stream.isatty()
        self.step = 0

    def __call__(self, done: int) -> None:
        now = time.perf_counter()
        finished = done >= self.total
        if self.tty:
            if finished or now - self.last >= 0.1:
                self.last = now
                self.stream.write("\r" + self.line(done, now) + ("\n" if finished else ""))
                self.stream.flush()
        else:
            step = 10 * done // max(self.total, 1)
            if step > self.step:
                self.step = step
                self.stream.write(self.line(done, now) + "\n")
                self.stream.flush()

    def line(self, done: int, now: float) -> str:
        filled = self.width * done // max(self.total, 1)
        bar = "#" * filled + "-" * (self.width - filled)
        percent = 100 * done // max(self.total, 1)
        return f"[{bar}] {percent:3d}% {done}/{self.total} games {now - self.start:6.1f} s"


# --- any game through the platform protocol (`marcomage simulate --game ID`) ------------------

RulesetTask = tuple[str, int | str, int, tuple[str, ...], tuple[DeckDoc, ...] | None]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game played through the protocol: how it ended and its replay (as JSON)."""

    outcome: Outcome
    actions: int
    final_hash: str
    replay: dict[str, Any]


def ruleset_game_decks(ruleset: Ruleset, index: int, seats: int) -> list[DeckDoc]:
    """Game `index`'s decks: seat k takes starter deck (index + k) mod n."""
    starters = ruleset.starter_decks()
    return [starters[(index + k) % len(starters)] for k in range(seats)]


def play_ruleset_game(task: RulesetTask) -> tuple[int, GameRecord]:
    """Game `index` of a run: seeded "S/i" (the bots "S/i/1", "S/i/2", ...), decks given or
    the starter decks."""
    ruleset_id, seed, index, bot_names, decks = task
    ruleset = find_ruleset(ruleset_id)
    game_id = game_seed(seed, index)
    chosen = list(decks) if decks is not None else ruleset_game_decks(
        ruleset, index, len(bot_names))
    bots = [make_platform_bot(ruleset, name, seed_to_int(f"{game_id}/{k + 1}"))
            for k, name in enumerate(bot_names)]
    recorder = play_game(ruleset, ruleset.options_from_json({}), chosen,
                         seed_to_int(game_id), bots, list(bot_names))
    outcome = ruleset.outcome(recorder.state)
    assert outcome is not None
    replay = recorder.replay()
    final = replay.steps[-1].hash_after if replay.steps else ""
    return index, GameRecord(outcome, len(replay.steps), final, replay.to_json())


@dataclass
class RulesetSummary:
    """What a run of one game system produced, in game order."""

    ruleset: Ruleset
    bots: tuple[str, ...]
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    jobs: int = 1

    def digest(self) -> str:
        """SHA-256 over the final state hashes in game order."""
        h = hashlib.sha256()
        for r in self.records:
            h.update(r.final_hash.encode("ascii"))
        return h.hexdigest()

    def report(self) -> str:
        n = len(self.records)
        wins = Counter(w for r in self.records for w in r.outcome.winners)
        draws = sum(1 for r in self.records if r.outcome.result == "draw")
        ends = Counter(r.outcome.end_type for r in self.records)
        actions = sum(r.actions for r in self.records)
        seconds = max(self.seconds, 1e-9)
        seats = ", ".join(f"seat {k} {name}" for k, name in enumerate(self.bots))
        lines = [f"games: {n}",
                 f"game: {self.ruleset.name} ({self.ruleset.id} version {self.ruleset.version})",
                 f"bots: {seats}",
                 f"win rates: {n} games, 95% Wilson intervals, draws counted apart"]
        for k in range(len(self.bots)):
            low, high = wilson(wins[k], n)
            lines.append(f"seat {k} wins: {wins[k]} {100.0 * wins[k] / max(n, 1):5.1f}%  "
                         f"95% CI [{100 * low:5.1f}%, {100 * high:5.1f}%]")
        lines += [
            f"draws: {draws}",
            f"end types: {', '.join(f'{t} {c}' for t, c in sorted(ends.items())) or 'none'}",
            f"mean actions: {actions / n if n else 0.0:.1f}",
            f"mean final round: "
            f"{sum(r.outcome.final_round for r in self.records) / n if n else 0.0:.1f}",
            f"results digest: {self.digest()}",
            f"wall time: {self.seconds:.2f} s on {self.jobs} process(es)",
            f"actions/s: {actions / seconds:,.0f}",
            f"games/s: {n / seconds:,.1f}",
        ]
        return "\n".join(lines)


def simulate_ruleset(
    ruleset: Ruleset, games: int, seed: int | str, jobs: int, bot_names: Sequence[str],
    progress: Callable[[int], None] | None = None, decks: Sequence[DeckDoc] | None = None,
) -> RulesetSummary:
    """Play `games` games of `ruleset` between the named bots (one per seat) on `jobs`
    processes; `decks` (one per seat) replace the starter decks."""
    for name in bot_names:
        make_platform_bot(ruleset, name, 0)  # fail early on a bad name
    names = tuple(bot_names)
    chosen = None if decks is None else tuple(decks)
    tasks: list[RulesetTask] = [(ruleset.id, seed, i, names, chosen) for i in range(games)]
    jobs = max(1, min(jobs, games))
    slots: list[GameRecord | None] = [None] * games
    start = time.perf_counter()
    if jobs <= 1:
        results: Iterator[tuple[int, GameRecord]] = map(play_ruleset_game, tasks)
        for done, (index, record) in enumerate(results, 1):
            slots[index] = record
            if progress is not None:
                progress(done)
    else:
        with multiprocessing.get_context().Pool(jobs) as pool:
            for done, (index, record) in enumerate(
                    pool.imap_unordered(play_ruleset_game, tasks), 1):
                slots[index] = record
                if progress is not None:
                    progress(done)
    seconds = time.perf_counter() - start
    return RulesetSummary(ruleset, names, [r for r in slots if r is not None], seconds, jobs)
