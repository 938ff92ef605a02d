"""Whole games played through the real games services, for the replay tests: every move is
the first legal action of the seat to act, so a seed fixes the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marcomage.games import find_ruleset
from marcomage.platform.protocol import Action
from marcomage.web.games import services
from marcomage.web.games.models import Game, Status
from tests.web.games.helpers import seat, start

STEP_LIMIT = 3000


def first(legal: list[Action], played: int) -> Action:
    """The first legal action."""
    return legal[0]


def play(game: Game, moves: int | None = None,
         choose: Callable[[list[Action], int], Action] = first) -> Game:
    """Play `moves` moves (all of them when None), each the action `choose` picks from the
    legal ones (by default the first); returns the game read afresh."""
    ruleset = find_ruleset(game.ruleset)
    played = 0
    while moves is None or played < moves:
        game.refresh_from_db()
        if game.status == Status.FINISHED:
            break
        state = ruleset.from_json(game.state)
        number = min(ruleset.to_act(state))
        action = choose(ruleset.legal_actions(state, number), played)
        services.act(seat(game, number).user, game.pk, game.version, action)
        played += 1
        assert played < STEP_LIMIT, "the game does not end"
    game.refresh_from_db()
    return game


def leave_all(game: Game) -> None:
    """Every player leaves the finished game (it stays, as a replay), so the same two may
    start another (C-GAME-4)."""
    for number in range(game.seats_count):
        services.leave(seat(game, number).user, game.pk)


def finished_game(p1: Any, p2: Any, *, seed: int = 1, **options: Any) -> Game:
    """p1 challenges p2 and they play the first legal action until the game ends; both then
    leave it."""
    game = play(start(p1, p2, seed=seed, **options))
    assert game.status == Status.FINISHED
    leave_all(game)
    return game
