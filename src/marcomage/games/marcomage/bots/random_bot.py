"""The baseline bot: a uniform choice among the legal actions (PL-SHARED-5)."""

from __future__ import annotations

from .. import Action, Game, legal_actions
from .bot import bot_rng


class RandomBot:
    """Picks uniformly among the legal actions with its own generator.

    >>> from marcomage.games.marcomage.bots.match import new_match
    >>> game = new_match(1)
    >>> RandomBot(5).choose(game, game.current) in legal_actions(game)
    True
    """

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, game: Game, player: int) -> Action:
        actions = legal_actions(game)
        return actions[self.rng.below(len(actions))]
