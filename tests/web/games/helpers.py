"""Starting games quickly in tests: ready decks, a known seed, a game of alice against bob."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from marcomage.web.decks.services import ready_decks
from marcomage.web.games import services
from marcomage.web.games.models import Game


def deck_of(user: Any) -> int:
    """The id of the player's first ready deck (starter decks are ready, C-DECK-4)."""
    return int(ready_decks(user)[0].pk)


@contextmanager
def seeded(seed: int) -> Iterator[None]:
    """Make the next games start from a known seed."""
    with mock.patch.object(services, "new_seed", return_value=seed):
        yield


def start(p1: Any, p2: Any, *, hidden: bool = False, friendly: bool = False,
          seed: int = 1) -> Game:
    """p1 challenges p2, who accepts: a running game, p1 in seat 1."""
    with seeded(seed):
        game = services.challenge(p1, p2, deck_of(p1), hidden=hidden, friendly=friendly)
        return services.accept(p2, game.pk, deck_of(p2))


def to_move(game: Game) -> tuple[Any, Any]:
    """(player to move, the other one)."""
    game.refresh_from_db()
    if game.current == 1:
        return game.player1, game.player2
    return game.player2, game.player1
