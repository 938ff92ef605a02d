"""The computer thinks in separate processes (issue 23): the server's own threads only read
the game and store the move, so a search bot never holds the server's interpreter; and its
pending moves resume after a restart, from the database alone."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

import pytest
from django.test import override_settings

from marcomage.platform.bots import bot_action
from marcomage.web.accounts.models import User
from marcomage.web.games import computer, services
from marcomage.web.games.models import COMPUTER_SEAT, Game, Seat
from marcomage.web.games.thinker import thinker

from ..base import PASSWORD
from ..games.helpers import deck_of, discard, seeded
from .server import Served

pytestmark = pytest.mark.django_db(transaction=True)

HUMAN_FIRST = 2  # a seed where seat 0 (the human) moves first
FAST = {"normal": 40, "hard": 60}


def computer_to_act(game: Game) -> bool:
    return Seat.objects.filter(game=game, number=COMPUTER_SEAT, to_act=True).exists()


def waiting_game(level: str = "normal") -> Game:
    """A game against the computer where the human has moved: the computer is to act."""
    alice = User.objects.create_user("alice", PASSWORD)
    with override_settings(AI_AUTOPLAY=False), seeded(HUMAN_FIRST):
        game = computer.start(alice, deck_of(alice), level)
        if not computer_to_act(game):
            discard(alice, game)
    assert computer_to_act(game)
    return Game.objects.get(pk=game.pk)


@override_settings(AI_ITERATIONS=FAST)
def test_the_search_bot_thinks_in_another_process_and_plays_its_own_choice() -> None:
    game = waiting_game("hard")
    mine = bot_action(services.ruleset_of(game), services.game_state(game), COMPUTER_SEAT,
                      computer.bot_for(game))  # the same bot, here
    pids = thinker().pids()
    children = {child.pid for child in multiprocessing.active_children()}
    assert pids and os.getpid() not in pids and set(pids) <= children
    assert computer.choose(game) == mine
    assert computer.play_turns(game.pk) >= 1
    assert not computer_to_act(Game.objects.get(pk=game.pk))


def test_the_queue_is_bounded() -> None:
    assert thinker().places._value >= 1  # type: ignore[attr-defined]
    from django.conf import settings

    assert thinker().places._initial_value == settings.AI_QUEUE  # type: ignore[attr-defined]


def test_a_pending_computer_move_is_played_after_a_server_restart(tmp_path: Path) -> None:
    """The server that should have moved was down (autoplay off stands for a crash); the
    next `marcomage serve` finds the game in the database and the computer moves."""
    game = waiting_game("normal")
    version = Game.objects.get(pk=game.pk).version
    served = Served(tmp_path, env={"AI_AUTOPLAY": "1", "AI_NORMAL_SECONDS": "0.1"})
    served.start()
    try:
        deadline = time.monotonic() + 30
        while computer_to_act(game) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not computer_to_act(game)
        assert Game.objects.get(pk=game.pk).version > version
    finally:
        served.close()
