"""The computer's thinking, in separate processes (issue 23: bots must not starve the site).

A search bot spends seconds of pure CPU per move; in the server's own threads it would hold
the interpreter lock and every request and WebSocket of the process would wait for it. Here
the game's own bot (web/rulesets/<id>/computer.py `bot(...)`, pure code without Django) runs
in a pool of AI_PROCESSES worker processes, started on first use with `spawn` (a fresh
interpreter: no copy of the server's threads or database connections). The worker gets only
what the computer's seat may see (its view and legal actions, PL-SHARED-5) and the bot's
level, seed and budget, and answers with one action.

The queue is bounded: at most AI_QUEUE thoughts are in the pool at once; the computer's
worker threads beyond that wait (without using the CPU) for a place. A worker process that
dies (killed, out of memory) breaks the pool: it is rebuilt and the thought asked again once.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from marcomage.platform.protocol import Action
from marcomage.web.core.widgets import computer_of

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Thought:
    """One move to think about: the game system's widget module, the bot's level, seed and
    budget, and the computer seat's view and legal actions."""

    ruleset: str
    level: str
    seed: int
    think: float | None
    iterations: int | None
    view: Any
    legal: list[Action]


def think(thought: Thought) -> Action:
    """Run in a worker process: the bot of the thought's level chooses among the legal
    actions from the view (a bot answering anything else is a bug: ValueError)."""
    widgets = computer_of(thought.ruleset)
    if widgets is None:
        raise ValueError(f"{thought.ruleset} has no computer opponent of its own.")
    bot = widgets.bot(thought.level, thought.seed, think=thought.think,
                      iterations=thought.iterations)
    action = bot.choose(thought.view, thought.legal)
    if action not in thought.legal:
        raise ValueError(f"The {bot.name} bot chose {action!r}, which is not legal.")
    return action


def _warm_up() -> int:
    """A worker's first task: load the rulesets and their bots once."""
    importlib.import_module("marcomage.games")
    return os.getpid()


def _follow_parent(parent: int) -> None:
    """A worker's initializer: exit as soon as the server that started it is gone (a killed
    server must not leave orphans that hold its files and pipes open)."""
    import os

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


class Thinker:
    """The pool of thinking processes and its bounded queue."""

    def __init__(self, processes: int, queue: int) -> None:
        self.processes = max(1, processes)
        self.places = threading.BoundedSemaphore(max(1, queue))
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def pool(self) -> ProcessPoolExecutor:
        """The running pool, started on first use."""
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.processes, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_follow_parent, initargs=(os.getpid(),))
            return self._pool

    def _rebuild(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is broken:
                self._pool = None
        broken.shutdown(wait=False, cancel_futures=True)

    def pids(self) -> list[int]:
        """The worker processes' ids (started if need be): for tests and the operator."""
        pool = self.pool()
        found = {pool.submit(_warm_up).result() for _ in range(self.processes)}
        return sorted(found)

    def choose(self, thought: Thought) -> Action:
        """The action the thought's bot chooses, thought out in a worker process; waits for
        a place in the queue first."""
        with self.places:
            for attempt in (1, 2):
                pool = self.pool()
                try:
                    return pool.submit(think, thought).result()
                except BrokenProcessPool:
                    logger.warning("a thinking process died (attempt %s); restarting", attempt)
                    self._rebuild(pool)
            raise RuntimeError("the computer's thinking processes keep dying")

    def shutdown(self) -> None:
        """Stop the worker processes (tests, a clean shutdown)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


_thinker: Thinker | None = None
_thinker_lock = threading.Lock()


def thinker() -> Thinker:
    """The process's thinker, sized from the settings (AI_PROCESSES, AI_QUEUE)."""
    global _thinker
    with _thinker_lock:
        if _thinker is None:
            _thinker = Thinker(int(getattr(settings, "AI_PROCESSES", 1)),
                               int(getattr(settings, "AI_QUEUE", 16)))
        return _thinker
