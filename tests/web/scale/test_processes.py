"""Several server processes behind one site (issue 23, "Scale-out"): with channels-redis, a
move made through one process reaches a player whose game page is connected to another.
Two `marcomage serve` processes on two ports share the test database and a private Redis,
as N uvicorn workers behind one port (`marcomage serve --workers N`) do."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from marcomage.web.accounts.models import User
from marcomage.web.games.models import Game

from ..base import PASSWORD
from ..games.helpers import start, to_move
from ..games.test_board_patches import apply, board_of
from .server import RedisServer, Served
from .site import Player

pytestmark = pytest.mark.django_db(transaction=True)

VERSION = re.compile(r'data-version="(\d+)"')


def socket_to(base: str, player: Player, game_id: int) -> object:
    return connect(base.replace("http://", "ws://") + f"/ws/games/{game_id}/",
                   additional_headers={"Cookie": player.cookie_header(), "Origin": base},
                   open_timeout=20)


def versions_seen(text: str) -> list[int]:
    return [int(found) for found in VERSION.findall(text)]


def test_a_move_through_one_process_reaches_a_page_on_another(
        tmp_path: Path, redis_server: RedisServer) -> None:
    """Issue 36, twelfth pass: the page on the other process gets a patch of the board it
    showed (there made from the seat's new board the mover's process sent, which keeps no
    board of the page's; tests/web/games/test_pushed_moves.py shows it takes no thread),
    and the patched board is exactly the board that process gives the player afresh."""
    alice = User.objects.create_user("alice", PASSWORD)
    bob = User.objects.create_user("bob", PASSWORD)
    game = start(alice, bob)
    mover, waiter = to_move(game)
    first = Served(tmp_path / "one", redis=redis_server.url, env={"AI_AUTOPLAY": "0"})
    second = Served(tmp_path / "two", redis=redis_server.url, env={"AI_AUTOPLAY": "0"})
    try:
        one, two = first.start(), second.start()
        watcher = Player.logged_in(two, waiter)
        with socket_to(two, watcher, game.pk) as page:  # type: ignore[attr-defined]
            version = Game.objects.get(pk=game.pk).version
            whole = page.recv(timeout=20)
            assert version in versions_seen(whole)  # the whole view at once
            moving = Player.logged_in(one, mover)
            answer = moving.post(f"/games/{game.pk}/act/",
                                 {"kind": "discard", "pos": 1, "version": version})
            assert answer.status == 302, answer.body[:500]
            assert Game.objects.get(pk=game.pk).version == version + 1
            deadline = time.monotonic() + 20
            seen: list[int] = []
            while version + 1 not in seen and time.monotonic() < deadline:
                got = page.recv(timeout=20)
                seen += versions_seen(got)
            assert version + 1 in seen
            assert f'data-from="{version}" data-to="{version + 1}" data-parts="' in got
            fresh = watcher.get(f"/games/{game.pk}/board/").body
            assert apply(whole, got).dump() == board_of(fresh).dump()
    finally:
        first.close()
        second.close()


def test_serve_refuses_several_workers_without_redis(tmp_path: Path) -> None:
    from marcomage.web import server

    assert server.parser().parse_args(["--workers", "4"]).workers == 4
    served = Served(tmp_path, env={})
    served.process = None
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "marcomage.cli", "serve", "--no-migrate",
                           "--workers", "2", "--port", "0"],
                          env={k: v for k, v in served.environment().items()
                               if k != "REDIS_URL"},
                          capture_output=True, text=True, timeout=60)
    served.log.close()
    assert done.returncode == 2
    assert "several workers need REDIS_URL" in done.stderr
