"""Run a tournament: games in chunks on a local process pool (default) or a Ray cluster,
merged in index order so that the same seed gives the same results wherever it ran; a
progress bar with games per second; results as Parquet or JSON Lines."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .games import Chunk, Setup, play_chunk


@dataclass
class Results:
    """Every game of a run in index order, plus the per-card tallies over all of them."""

    setup: Setup
    games: int
    seconds: float = 0.0
    backend: str = "pool"
    stopped: bool = False
    """True when the run's time limit stopped it before `games` were played: the lists
    hold the games finished, the first ones in index order."""
    first: list[int] = field(default_factory=list)
    winner: list[int] = field(default_factory=list)
    end_type: list[str] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    decks: list[tuple[tuple[str, ...], ...]] = field(default_factory=list)
    seating: list[tuple[int, ...]] = field(default_factory=list)
    cards: dict[str, list[int]] = field(default_factory=dict)
    measure: str = "held"
    """What `cards` counts: "held" (the decks that held a card) or "early" (the seats that
    held it early, for a shared-pack game: `Ruleset.shared_pack`)."""
    early: list[tuple[tuple[str, ...], ...]] = field(default_factory=list)
    """Per game, per seat, the cards held early (only where the measure is "early")."""

    def add(self, chunk: Chunk) -> None:
        """Append the next chunk (chunks must come in index order)."""
        if chunk.start != len(self.winner):
            raise ValueError(f"chunk {chunk.start} out of order (have {len(self.winner)})")
        self.first += chunk.first
        self.winner += chunk.winner
        self.end_type += chunk.end_type
        self.turns += chunk.turns
        self.rounds += chunk.rounds
        self.decks += chunk.decks
        self.seating += chunk.seating
        self.early += chunk.early
        if chunk.measure != "held":
            self.measure = chunk.measure
        for card, (decks, wins) in chunk.cards.items():
            tally = self.cards.setdefault(card, [0, 0])
            tally[0] += decks
            tally[1] += wins

    def rows(self) -> Iterator[dict[str, Any]]:
        for i in range(len(self.winner)):
            row: dict[str, Any] = {
                "game": i, "seed": f"{self.setup.seed}/{i}", "first": self.first[i],
                "winner": self.winner[i], "end_type": self.end_type[i], "turns": self.turns[i],
                "rounds": self.rounds[i]}
            if self.decks:
                row["decks"] = [list(d) for d in self.decks[i]]
            if self.seating:
                row["sides"] = list(self.seating[i])
            if self.early:
                row["early"] = [list(u) for u in self.early[i]]
            yield row


def chunks_of(games: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(size, games - start)) for start in range(0, games, size)]


def _run_task(task: tuple[Setup, int, int, bool]) -> Chunk:
    return play_chunk(*task)


def _pool_results(tasks: list[tuple[Setup, int, int, bool]], jobs: int) -> Iterator[Chunk]:
    if jobs <= 1:
        yield from map(_run_task, tasks)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_run_task, tasks)


def _ray_results(tasks: list[tuple[Setup, int, int, bool]], address: str,
                 jobs: int) -> Iterator[Chunk]:
    import ray

    src = str(Path(__file__).resolve().parents[2])
    env = {"env_vars": {"PYTHONPATH": os.pathsep.join(
        [src, *filter(None, [os.environ.get("PYTHONPATH")])])}}
    started = not ray.is_initialized()
    if started:
        if address == "local":
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False,
                     runtime_env=env)
        else:
            ray.init(address=address, log_to_driver=False, runtime_env=env)
    try:
        remote = ray.remote(_run_task)
        pending = [remote.remote(task) for task in tasks]
        for ref in pending:  # in index order: each chunk as soon as it and those before are done
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def run(setup: Setup, games: int, *, jobs: int = 0, chunk: int = 0, ray: str | None = None,
        keep_decks: bool = False, progress: Callable[[int], None] | None = None,
        time_limit: float = 0.0) -> Results:
    """Play `games` games; `jobs` processes (0: every CPU), `ray` a cluster address or
    "local"; `progress` is told how many games each finished chunk held. With a
    `time_limit` (seconds, 0: none) no chunk is taken once it has passed, and the results
    hold the games finished before it (`stopped`), so that a run on a busy machine still
    ends with a table at a known time."""
    jobs = jobs or os.cpu_count() or 1
    size = chunk or max(1, min(2000, games // (jobs * 8) or 1))
    tasks = [(setup, start, count, keep_decks) for start, count in chunks_of(games, size)]
    results = Results(setup, games, backend="ray" if ray else "pool")
    start = time.perf_counter()
    source = _ray_results(tasks, ray, jobs) if ray else _pool_results(tasks, jobs)
    try:
        for done in source:
            results.add(done)
            if progress is not None:
                progress(len(done.winner))
            if time_limit and time.perf_counter() - start > time_limit \
                    and len(results.winner) < games:
                results.stopped = True
                break
    finally:
        close = getattr(source, "close", None)
        if close is not None:
            close()   # a pool's generator ends its workers; the games not taken are dropped
    results.seconds = time.perf_counter() - start
    return results


def write(results: Results, path: Path) -> Path:
    """The per-game rows as Parquet (`.parquet`) or JSON Lines (anything else)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        columns: dict[str, Any] = {
            "game": pa.array(range(len(results.winner)), pa.int64()),
            "first": pa.array(results.first, pa.int8()),
            "winner": pa.array(results.winner, pa.int8()),
            "end_type": pa.array(results.end_type, pa.string()).dictionary_encode(),
            "turns": pa.array(results.turns, pa.int32()),
            "rounds": pa.array(results.rounds, pa.int32()),
        }
        if results.seating:
            columns["sides"] = pa.array([list(s) for s in results.seating],
                                        pa.list_(pa.int16()))
        if results.decks:
            columns["decks"] = pa.array([[list(d) for d in g] for g in results.decks],
                                        pa.list_(pa.list_(pa.string())))
        if results.early:
            columns["early"] = pa.array([[list(u) for u in g] for g in results.early],
                                       pa.list_(pa.list_(pa.string())))
        table = pa.table(columns, metadata={"setup": json.dumps(setup_json(results.setup))})
        pq.write_table(table, path)
    else:
        with path.open("w", encoding="utf-8") as out:
            for row in results.rows():
                out.write(json.dumps(row) + "\n")
    return path


def setup_json(setup: Setup) -> dict[str, Any]:
    doc: dict[str, Any] = {"ruleset": setup.ruleset, "bots": list(setup.bots),
                           "seed": setup.seed,
                           "decks": None if setup.decks is None else list(setup.decks)}
    if setup.sides is not None:
        doc["sides"] = [side.name for side in setup.sides]
        doc["mirrors"] = setup.mirrors
    if setup.options:
        doc["options"] = dict(setup.options)
    return doc
