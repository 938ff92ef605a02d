"""Locust scenario of issue 23: scripted players play whole MArcomage games over the site's
real HTTP act endpoint, each with the game page's WebSocket open, on loopback.

One locust user is one game (both its players: two cookie jars, two WebSockets). The player
whose page says it is his turn plays his first playable card (its first mode) or else
discards his first card (another game system, LOAD_RULESET: the first action its board
offers), by POST /games/<id>/act/ against the version his page showed; the
time from that POST to the moment the opponent's WebSocket brings the new version is the
figure measured ("move -> opponent"). Between two moves a game waits LOAD_PACE seconds (a
person's reaction time, 1 s by default; 0 sends as fast as the answers come). A finished
game is replaced by the next unused one. Written for `benchmarks/load/run.py`, which
prepares the games (LOAD_GAMES, a JSON file) and reads the figures (LOAD_RESULT).
"""

from __future__ import annotations

import contextlib
import html
import itertools
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import gevent
import requests
import websocket
from gevent.event import Event
from locust import User, between, constant, events, task

GAMES: list[dict[str, Any]] = json.loads(Path(os.environ["LOAD_GAMES"]).read_text())
PACE = float(os.environ.get("LOAD_PACE", "1"))
NEXT_GAME = itertools.count()
LATENCIES: list[float] = []
COUNTS = {"moves": 0, "refused": 0, "errors": 0, "timeouts": 0, "games_finished": 0}
MEASURING = {"since": 0.0}

VERSION = re.compile(r'data-version="(\d+)"')
FINISHED = re.compile(r'data-finished="yes"')
SLOT = re.compile(r'<div class="slot( playable)?[^"]*" data-pos="(\d+)"')
OPTION = re.compile(r'<option value="(\d+)"')
ACTION = re.compile(r'name="action" value="([^"]+)"')
RULESET = os.environ.get("LOAD_RULESET", "marcomage")


@events.spawning_complete.add_listener
def _measure_from_now(user_count: int, **_: Any) -> None:
    """Figures count only once every game is running (not during the ramp-up)."""
    MEASURING["since"] = time.monotonic()


@events.quitting.add_listener
def _write(environment: Any, **_: Any) -> None:
    result = os.environ.get("LOAD_RESULT")
    if result:
        since = MEASURING["since"] or time.monotonic()
        with open(result, "w") as handle:
            json.dump({"latencies_ms": LATENCIES, "counts": COUNTS,
                       "measured_s": time.monotonic() - since}, handle)


class Seat:
    """One player of the game: his cookies, his page's WebSocket and its latest board."""

    def __init__(self, host: str, game: int, cookie: dict[str, str]) -> None:
        self.cookie = cookie
        self.http = requests.Session()
        self.http.cookies.update(cookie)
        self.board = ""
        self.version = -1
        self.changed = Event()
        header = "; ".join(f"{k}={v}" for k, v in cookie.items())
        self.socket = websocket.create_connection(
            host.replace("http://", "ws://") + f"/ws/games/{game}/",
            header=[f"Cookie: {header}"], origin=host, timeout=60)
        self.reader = gevent.spawn(self.read)

    def read(self) -> None:
        while True:
            try:
                text = self.socket.recv()
            except Exception:
                return
            now = time.monotonic()
            versions = [int(v) for v in VERSION.findall(text)]
            if versions and "game-board" in text:
                self.board, self.version, self.seen_at = text, max(versions), now
                self.changed.set()

    def my_turn(self) -> bool:
        return "your-turn" in self.board.split(">", 1)[0]

    def close(self) -> None:
        self.reader.kill()
        with contextlib.suppress(Exception):
            self.socket.close()


def choice(board: str) -> dict[str, str]:
    """MArcomage: the first playable card (first mode) in the hand, else discard the first
    card. Any other system: the first legal action its board offers as a form (every board
    posts an action's JSON in a field "action")."""
    if RULESET != "marcomage":
        found = ACTION.search(board)
        return {"action": html.unescape(found.group(1)) if found else "{}"}
    hand = board.split('id="my-hand"', 1)[-1].split("</section>", 1)[0]
    chunks = hand.split('<div class="slot')[1:]
    for chunk in chunks:
        found = SLOT.match('<div class="slot' + chunk)
        if found and found.group(1):
            option = OPTION.search(chunk)
            return {"kind": "play", "pos": found.group(2),
                    "mode": option.group(1) if option else "0"}
    return {"kind": "discard", "pos": "1"}


class GamePair(User):
    """Both players of one game, playing it to its end, then the next game."""

    wait_time = constant(PACE) if PACE > 0 else between(0, 0)

    def on_start(self) -> None:
        self.seats: list[Seat] = []
        self.open_next()

    def open_next(self) -> None:
        for seat in getattr(self, "seats", []):
            seat.close()
        index = next(NEXT_GAME)
        if index >= len(GAMES):
            raise RuntimeError("no unused game left: prepare more games")
        self.game = GAMES[index]
        self.seats = [Seat(self.host, self.game["game"], cookie)
                      for cookie in self.game["cookies"]]
        for seat in self.seats:
            seat.changed.wait(30)

    def on_stop(self) -> None:
        for seat in self.seats:
            seat.close()

    @task
    def move(self) -> None:
        """One move by whoever is to act, timed until the opponent's page has it."""
        if any(FINISHED.search(seat.board) for seat in self.seats):
            COUNTS["games_finished"] += 1
            self.open_next()
            return
        movers = [n for n, seat in enumerate(self.seats) if seat.my_turn()]
        if not movers:
            self.seats[0].changed.clear()
            self.seats[0].changed.wait(5)
            return
        mover, other = self.seats[movers[0]], self.seats[1 - movers[0]]
        version = mover.version
        form = {**choice(mover.board), "version": str(version),
                "csrfmiddlewaretoken": mover.cookie["csrftoken"]}
        other.changed.clear()
        started = time.monotonic()
        try:
            answer = mover.http.post(f"{self.host}/games/{self.game['game']}/act/", data=form,
                                     headers={"HX-Request": "true"}, timeout=60)
        except requests.RequestException as problem:
            COUNTS["errors"] += 1
            events.request.fire(request_type="POST", name="act", response_time=0,
                                response_length=0, exception=problem)
            return
        posted = time.monotonic()
        ok = answer.status_code == 200 and 'role="alert"' not in answer.text[:4000]
        events.request.fire(request_type="POST", name="act",
                            response_time=(posted - started) * 1000,
                            response_length=len(answer.content),
                            exception=None if answer.status_code < 500 else
                            RuntimeError(str(answer.status_code)))
        if not ok:
            COUNTS["refused"] += 1
            mover.board = answer.text  # the board as it is now
            return
        deadline = started + 30
        while other.version <= version and time.monotonic() < deadline:
            other.changed.wait(max(0.0, deadline - time.monotonic()))
            other.changed.clear()
        if other.version <= version:
            COUNTS["timeouts"] += 1
            return
        latency = (other.seen_at - started) * 1000
        events.request.fire(request_type="WS", name="move -> opponent",
                            response_time=latency, response_length=0, exception=None)
        if MEASURING["since"] and started >= MEASURING["since"]:
            LATENCIES.append(latency)
            COUNTS["moves"] += 1
