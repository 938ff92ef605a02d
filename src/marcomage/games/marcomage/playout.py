"""Random playouts: a whole game of uniformly random legal moves, played in place. The
engine's speed is measured by them (benchmarks/engine.py) and the balance lab's random-bot
games are them; compiled with the turn pipeline, the loop itself costs next to nothing."""

from __future__ import annotations

from marcomage.platform.rng import Rng

from .state import Game
from .turn import legal_actions, push


def random_playout(game: Game, choosers: tuple[Rng, Rng]) -> int:
    """Play until the game ends, each move drawn uniformly among the legal actions with the
    mover's generator (`choosers[seat]`); the number of turns played."""
    turns = 0
    while game.outcome is None:
        actions = legal_actions(game)
        push(game, actions[choosers[game.current].below(len(actions))])
        turns += 1
    return turns
