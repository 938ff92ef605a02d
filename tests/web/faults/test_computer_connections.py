"""Hard computer opponents kept off the site's database connections (issue 37): while a bot
thinks (seconds for a hard one) its worker thread holds no connection of the pool, and at
most AI_DB_CONNECTIONS of the computer's threads use the database at once, so the pages
keep the rest of DB_POOL_MAX (15 hard games once moved the median page on PostgreSQL from
24 ms to 1.4 s). On both databases (Makefile SERVICE_TESTS)."""

from __future__ import annotations

import threading
from typing import Any
from unittest import mock

import pytest
from django.db import connections
from django.test import override_settings

from marcomage.web.games import computer

from ..scale.test_thinker import FAST, computer_to_act, waiting_game

pytestmark = pytest.mark.django_db(transaction=True)


@override_settings(AI_ITERATIONS=FAST)
def test_no_connection_is_held_while_the_computer_thinks() -> None:
    game = waiting_game("hard")
    held: list[bool] = []
    real = computer.thinker()

    class Watched:
        def choose(self, thought: Any) -> Any:  # the real thought; notes the connection
            held.append(connections["default"].connection is not None)
            return real.choose(thought)

    done = threading.Event()

    def work() -> None:
        with mock.patch.object(computer, "thinker", Watched):
            computer.play_turns(game.pk)
        connections.close_all()
        done.set()

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(timeout=120)
    assert done.is_set()
    assert held and not any(held), held
    assert not computer_to_act(game)


@override_settings(AI_DB_CONNECTIONS=1)
def test_the_computers_database_use_is_bounded() -> None:
    computer._database_turns.clear()  # made again with this setting
    inside, most = [0], [0]
    lock = threading.Lock()
    release = threading.Event()

    def phase() -> None:
        with computer._database_turn():
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            release.wait(0.2)
            with lock:
                inside[0] -= 1

    threads = [threading.Thread(target=phase) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    computer._database_turns.clear()
    assert most[0] == 1
