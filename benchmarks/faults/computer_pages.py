"""Plain page times with and without hard computer games moving (issue 37's "15 hard
computer games move the median page time from 24 ms to 1.4 s on PostgreSQL").

    scripts/with-services.sh --fast env PYTHONPATH=src .venv/bin/python \
        benchmarks/faults/computer_pages.py [GAMES] [SECONDS] [WORKERS]

Serves the site (`marcomage serve --workers 2` by default) on DATABASE_URL (SQLite when
unset) with REDIS_URL, 15 players each start a game against the computer at "hard" over
HTTP (POST /games/computer/, as the games list's form does) and one more player, logged
in, times GET / and GET /games/ one after the other: SECONDS (30) with the games idle (each
player's first move not yet made), then SECONDS with every player moving as soon as his
game page shows his turn (first playable card, else a discard; page polled every second),
a game that ends replaced by a new one. Prints one JSON line: median and p95 page times of
both phases, the players' and the computer's moves made, HTTP errors, and the tracebacks
in the server's log. About 90 s.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

import requests
from served import Server, player, prepare, workdir

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from card_choice import choice  # one choice for every scripted player

VERSION = re.compile(r'id="game-board"[^>]*data-version="(\d+)"')
TURN = re.compile(r'id="game-board" class="[^"]*your-turn')
FINISHED = re.compile(r'id="game-board"[^>]*data-finished="yes"')
GAME_URL = re.compile(r"/games/(\d+)/$")


class Mover(threading.Thread):
    """One player against the hard computer: a new game, his moves as his turns come."""

    def __init__(self, url: str, cookies: dict[str, str], deck: int, go: threading.Event,
                 stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.url, self.deck, self.go, self.stop = url, deck, go, stop
        self.http = requests.Session()
        self.http.cookies.update(cookies)
        self.csrf = cookies["csrftoken"]
        self.game = 0
        self.moves = self.computer_moves = self.errors = self.games = 0
        self.new_game()

    def new_game(self) -> None:
        answer = self.http.post(f"{self.url}/games/computer/", timeout=60, data={
            "deck": str(self.deck), "level": "hard", "csrfmiddlewaretoken": self.csrf})
        found = GAME_URL.search(answer.url)
        if answer.status_code != 200 or not found:
            raise RuntimeError(f"no game against the computer: {answer.status_code} {answer.url}")
        self.game = int(found.group(1))
        self.games += 1

    def run(self) -> None:
        self.go.wait()
        last = -1
        while not self.stop.is_set():
            try:
                page = self.http.get(f"{self.url}/games/{self.game}/", timeout=60)
                if page.status_code != 200:
                    self.errors += 1
                    time.sleep(1)
                    continue
                found = VERSION.search(page.text)
                version = int(found.group(1)) if found else -1
                if FINISHED.search(page.text):
                    self.new_game()
                    last = -1
                    continue
                if not TURN.search(page.text):
                    time.sleep(1)
                    continue
                if last >= 0 and version > last:
                    self.computer_moves += version - last
                answer = self.http.post(f"{self.url}/games/{self.game}/act/", timeout=60, data={
                    **choice(page.text), "version": str(version),
                    "csrfmiddlewaretoken": self.csrf})
                if answer.status_code >= 400:
                    self.errors += 1
                else:
                    self.moves += 1
                    last = version + 1
            except (requests.RequestException, RuntimeError):
                self.errors += 1
                time.sleep(1)


def page_times(url: str, cookies: dict[str, str], seconds: float) -> tuple[list[float], int]:
    """GET / and GET /games/ in turn for `seconds`: their times (ms) and the failures."""
    http = requests.Session()
    http.cookies.update(cookies)
    times: list[float] = []
    errors = 0
    end = time.monotonic() + seconds
    paths = ["/", "/games/"]
    while time.monotonic() < end:
        started = time.monotonic()
        try:
            answer = http.get(url + paths[len(times) % 2], timeout=60)
            ok = answer.status_code == 200 and "logout" in answer.text.lower()
        except requests.RequestException:
            ok = False
        times.append((time.monotonic() - started) * 1000)
        errors += not ok
        time.sleep(0.1)
    return times, errors


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"requests": len(ordered), "median_ms": round(statistics.median(ordered), 1),
            "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 1)}


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 30
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    work = workdir()
    env = prepare(work)
    from marcomage.web.decks.services import ready_decks

    players = [player(f"hard{n}") for n in range(games)]
    _, watcher = player("watcher")
    server = Server(work, env, workers)
    try:
        go, stop = threading.Event(), threading.Event()
        movers = [Mover(server.url, cookies, ready_decks(user, "marcomage")[0].pk, go, stop)
                  for user, cookies in players]
        for mover in movers:
            mover.start()
        idle, idle_errors = page_times(server.url, watcher, seconds)
        go.set()
        time.sleep(5)  # every game under way
        busy, busy_errors = page_times(server.url, watcher, seconds)
        stop.set()
        for mover in movers:
            mover.join(timeout=70)
        result: dict[str, Any] = {
            "database": env["DATABASE_URL"].split(":", 1)[0], "workers": workers,
            "redis": bool(env.get("REDIS_URL")), "computer_games": games,
            "seconds": seconds, "without": summary(idle), "with": summary(busy),
            "page_errors": idle_errors + busy_errors,
            "player_moves": sum(m.moves for m in movers),
            "computer_moves": sum(m.computer_moves for m in movers),
            "games_started": sum(m.games for m in movers),
            "mover_errors": sum(m.errors for m in movers)}
    finally:
        server.stop()
    result["server_tracebacks"] = server.tracebacks()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
