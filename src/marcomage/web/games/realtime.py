"""Wake-up calls for a game's open pages (ARCHITECTURE.md, "Real time, without losing a move").

The channel layer carries the game's version: each page's consumer reads the database again
and renders that player's own view; a move's wake-up to a seat's own group may carry that
seat's patch, made by the mover's thread (games/pushes.py). A lost wake-up is repaired by the
next one, by a reconnection, or by the Refresh button.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from marcomage.web.notifications.services import send_after_commit, wake_messages


def group_name(game_id: int) -> str:
    """The channel-layer group of one game's open pages."""
    return f"game.{game_id}"


def seat_group(game_id: int, user_id: int) -> str:
    """The channel-layer group of one player's open pages of one game: a move's push for
    that seat (games/pushes.py) holds that seat's board, so it goes to no one else."""
    return f"game.{game_id}.{user_id}"


def wake_game(game_id: int, version: int, player_ids: Iterable[int], *,
              move: bool = False) -> None:
    """After the current transaction commits, wake the game's pages and the players' icons
    (all in one hop to the channel layer). `move`: the wake-up of a new version stored by a
    step of the game (a page that shows that version already need read nothing)."""
    wake: dict[str, Any] = {"type": "game.wake", "version": version}
    if move:
        wake["move"] = True
    send_after_commit([(group_name(game_id), wake), *wake_messages(player_ids)])
