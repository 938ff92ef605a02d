"""Faults (issue 23, "Faults"): scripted games go on over HTTP while the server process is
killed with SIGKILL and restarted, or while Redis (the channel layer) is killed and
restarted. Every move that got a success answer is stored exactly once, the database passes
its integrity check, a reconnecting game page gets the current state, and the games go on."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from websockets.sync.client import connect

from marcomage.web.accounts.models import User
from marcomage.web.games.models import Game, Seat, Step

from ..base import PASSWORD
from ..games.helpers import start
from .server import RedisServer, Served
from .site import Player

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = 3
VERSION = re.compile(r'data-version="(\d+)"')


@dataclass
class Script:
    """One game played by a script over HTTP: both players' sessions, and every move the
    server acknowledged (the version it was made against and the seat that made it)."""

    game: int
    players: list[Player]
    users: list[Any]
    acked: list[tuple[int, int]] = field(default_factory=list)
    failures: int = 0
    pause: float = 0.1
    """Seconds between two of the game's moves, so that the game outlasts the test: a
    discard-only game ends by resources after 82 moves, and a served move now takes well
    under the 50 ms that once made a game last the test anyway."""

    def base(self, url: str) -> None:
        for player in self.players:
            player.base = url

    def state(self) -> tuple[int, int] | None:
        """(version, seat to act) as the mover's board says, or None when unreachable."""
        for number, player in enumerate(self.players):
            try:
                board = player.get(f"/games/{self.game}/board/", timeout=5)
            except OSError:
                return None
            if board.status != 200:
                return None
            head = board.body.split(">", 1)[0]
            found = VERSION.search(head)
            if found and "your-turn" in head:
                return int(found.group(1)), number
        return None

    def play(self, running: threading.Event) -> None:
        """Discard the first card, again and again, whoever is to act; resync on trouble."""
        while running.is_set():
            now = self.state()
            if now is None:
                self.failures += 1
                time.sleep(0.1)
                continue
            version, seat = now
            try:
                answer = self.players[seat].post(
                    f"/games/{self.game}/act/",
                    {"kind": "discard", "pos": 1, "version": version},
                    headers={"HX-Request": "true"}, timeout=5)
            except OSError:  # the server died under the request: the answer never came
                self.failures += 1
                continue
            assert answer.status < 500, answer.body[:1000]
            found = VERSION.search(answer.body.split(">", 1)[0])
            if answer.status == 200 and found and int(found.group(1)) == version + 1 \
                    and 'role="alert"' not in answer.body[:3000]:
                self.acked.append((version, seat))
            time.sleep(self.pause)


def scripted_games() -> tuple[list[Script], dict[int, tuple[int, int]]]:
    scripts, before = [], {}
    for n in range(GAMES):
        users = [User.objects.create_user(f"p{n}a", PASSWORD),
                 User.objects.create_user(f"p{n}b", PASSWORD)]
        game = start(*users, seed=n + 1)
        before[game.pk] = (game.version, Step.objects.filter(game=game).count())
        scripts.append(Script(game.pk, [], users))
    return scripts, before


def run_scripts(scripts: list[Script], fault: Callable[[], None], url: Callable[[], str]
                ) -> list[int]:
    """Play all games, cause the fault after a while, go on; acknowledged moves counted
    after the fault, per game."""
    running = threading.Event()
    running.set()
    threads = [threading.Thread(target=script.play, args=(running,)) for script in scripts]
    for thread in threads:
        thread.start()
    try:
        time.sleep(2.5)
        fault()
        for script in scripts:
            script.base(url())
        marks = [len(script.acked) for script in scripts]
        time.sleep(3)
    finally:
        running.clear()
        for thread in threads:
            thread.join(timeout=30)
    return [len(script.acked) - mark for script, mark in zip(scripts, marks, strict=True)]


def went_on(scripts: list[Script], after: list[int]) -> None:
    """Every game made acknowledged moves after the fault, unless it has ended (a faster
    server may play a scripted game to its end in these seconds: issue 36)."""
    ended = set(Game.objects.filter(pk__in=[s.game for s in scripts], status="finished")
                .values_list("pk", flat=True))
    assert all(moves > 0 or script.game in ended
               for moves, script in zip(after, scripts, strict=True)), after
    assert any(moves > 0 for moves in after), after


def stored_exactly_once(scripts: list[Script], before: dict[int, tuple[int, int]]) -> None:
    """Versions and steps rose together (nothing lost, nothing doubled), and every
    acknowledged move is the step at its place, by its seat."""
    for script in scripts:
        version0, steps0 = before[script.game]
        game = Game.objects.get(pk=script.game)
        steps = {step.index: step for step in Step.objects.filter(game=game)}
        assert len(steps) - steps0 == game.version - version0
        assert len({version for version, _ in script.acked}) == len(script.acked)
        for version, seat in script.acked:
            step = steps[steps0 + version - version0 + 1]
            assert (step.seat, step.action["type"]) == (seat, "discard"), (version, step)


def integrity_ok() -> None:
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            assert cursor.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    else:  # PostgreSQL: every table reads back whole
        with connection.cursor() as cursor:
            for table in ("games_game", "games_step", "games_seat"):
                cursor.execute(f"SELECT count(*) FROM {table}")
                assert cursor.fetchone()[0] >= 0


def reconnecting_page_is_current(base: str, script: Script) -> None:
    player = script.players[0]
    version = Game.objects.get(pk=script.game).version
    with connect(base.replace("http://", "ws://") + f"/ws/games/{script.game}/",
                 additional_headers={"Cookie": player.cookie_header(), "Origin": base},
                 open_timeout=20) as page:
        assert f'data-version="{version}"' in page.recv(timeout=20)


def test_sigkill_of_the_server_loses_and_doubles_no_acknowledged_move(tmp_path: Path) -> None:
    scripts, before = scripted_games()
    served = Served(tmp_path, env={"AI_AUTOPLAY": "0"})
    url = served.start()
    for script in scripts:
        script.players = [Player.logged_in(url, user) for user in script.users]

    def kill_and_restart() -> None:
        served.kill()
        time.sleep(0.3)
        served.start()

    try:
        after = run_scripts(scripts, kill_and_restart, lambda: served.url)
        stored_exactly_once(scripts, before)
        integrity_ok()
        reconnecting_page_is_current(served.url, scripts[0])
    finally:
        served.close()
    went_on(scripts, after)  # the games went on after the restart
    assert sum(script.failures for script in scripts) > 0  # the kill was felt


def test_redis_killed_and_restarted_loses_nothing_and_pages_resync(
        tmp_path: Path, redis_server: RedisServer) -> None:
    scripts, before = scripted_games()
    served = Served(tmp_path, redis=redis_server.url, env={"AI_AUTOPLAY": "0"})
    url = served.start()
    for script in scripts:
        script.players = [Player.logged_in(url, user) for user in script.users]

    def restart_redis() -> None:
        redis_server.kill()
        time.sleep(1.5)  # moves go on without the channel layer meanwhile
        redis_server.start()

    try:
        after = run_scripts(scripts, restart_redis, lambda: served.url)
        stored_exactly_once(scripts, before)
        integrity_ok()
        reconnecting_page_is_current(served.url, scripts[0])
        tail = served.log_path.read_text()
    finally:
        served.close()
    went_on(scripts, after)
    assert "Internal Server Error" not in tail
    # One seat to act, or none once the game has ended (a faster server plays the scripted
    # games further in the same seconds: issue 36's fourth pass ended some).
    game = Game.objects.get(pk=scripts[0].game)
    to_act = Seat.objects.filter(game=game, to_act=True).count()
    assert to_act == (0 if game.status == "finished" else 1), (game.status, to_act)
