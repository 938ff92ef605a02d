"""A one-ply bot: try every legal action on a game rebuilt from its own view and keep the
one whose result scores best on public quantities; ties are broken by its own generator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marcomage.platform.bots import bot_rng
from marcomage.platform.protocol import Action as JsonAction

from ..actions import action_from_json
from ..deck import random_deck
from ..state import Deck, Game, Player
from ..turn import push
from .sample import sample_game

WIN = 1_000_000
EXTRA_TURN = 6
"""Bonus for keeping the move (a Quick or Swift card), in the half-points of `side`."""


def side(p: Player) -> int:
    """One player's public strength in half-points: tower 2, wall 1, each facility 5,
    each unit of stock 1/2."""
    return (
        4 * p.tower + 2 * p.wall + 10 * (p.quarry + p.magic + p.dungeons)
        + p.bricks + p.gems + p.recruits
    )


def score(game: Game, player: int) -> int:
    """How good `game` is for `player` (0 or 1): a won game is best, a lost one worst."""
    if game.outcome is not None:
        winner = game.outcome.winner
        return 0 if winner is None else WIN if winner == player else -WIN
    value = side(game.players[player]) - side(game.players[1 - player])
    if game.current == player:
        value += EXTRA_TURN
    return value


def check_running(view: Mapping[str, Any], legal: Sequence[JsonAction]) -> None:
    """A bot is asked to move only in a running game where it has a choice."""
    if view.get("outcome") is not None or not legal:
        raise ValueError("The game is over; there is nothing to choose.")


class GreedyBot:
    """Plays the action with the best immediate score (one ply, no look-ahead), from the
    seat's view and legal actions only (PL-SHARED-5).

    >>> from marcomage.games.marcomage.ruleset import RULESET, Options
    >>> state = RULESET.new_game(Options(), RULESET.starter_decks()[:2], 1)
    >>> (seat,) = RULESET.to_act(state)
    >>> legal = RULESET.legal_actions(state, seat)
    >>> GreedyBot(5).choose(RULESET.view(state, seat), legal) in legal
    True
    """

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = bot_rng(seed)
        self._opponent_deck: Deck | None = None

    def choose(self, view: Mapping[str, Any], legal: Sequence[JsonAction]) -> JsonAction:
        check_running(view, legal)
        player = view["you"]
        if self._opponent_deck is None:
            self._opponent_deck = random_deck(self.rng)
        world = sample_game(view, self.rng, self._opponent_deck)
        best: list[JsonAction] = []
        best_score = -WIN - 1
        for action in legal:
            after = world.clone()
            push(after, action_from_json(action))
            value = score(after, player)
            if value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return best[self.rng.below(len(best))]
