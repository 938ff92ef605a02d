"""Starting games quickly in tests: ready decks, a known seed, a game of alice against bob."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from marcomage.web.decks.services import ready_decks
from marcomage.web.games import services
from marcomage.web.games.models import Game, Seat


def deck_of(user: Any, game: str = "marcomage") -> int:
    """The id of the player's first ready deck (starter decks are ready, C-DECK-4)."""
    return int(ready_decks(user, game)[0].pk)


@contextmanager
def seeded(seed: int) -> Iterator[None]:
    """Make the next games start from a known seed."""
    with mock.patch.object(services, "new_seed", return_value=seed):
        yield


def start(p1: Any, p2: Any, *, hidden: bool = False, friendly: bool = False,
          seed: int = 1) -> Game:
    """p1 challenges p2, who accepts: a running MArcomage game, p1 in seat 0."""
    with seeded(seed):
        game = services.challenge(p1, p2, deck_of(p1),
                                  options={"hidden": hidden, "friendly": friendly})
        return services.accept(p2, game.pk, deck_of(p2))


def seat(game: Game, number: int) -> Seat:
    """The game's seat `number`, read afresh."""
    return Seat.objects.select_related("user").get(game=game, number=number)


def to_act(game: Game) -> int | None:
    """The seat to act in a two-seat game, or None."""
    found = Seat.objects.filter(game=game, to_act=True).values_list("number", flat=True)
    return found[0] if found else None


def to_move(game: Game) -> tuple[Any, Any]:
    """(player to move, the other one) in a two-seat game."""
    game.refresh_from_db()
    mover = to_act(game)
    assert mover is not None, "nobody is to move"
    return seat(game, mover).user, seat(game, 1 - mover).user


def discard(user: Any, game: Game, pos: int = 1) -> Game:
    """The user discards the card at `pos` against the game's current version."""
    game.refresh_from_db()
    return services.act(user, game.pk, game.version, {"type": "discard", "pos": pos})
