"""What one player may see (C-FLAG-6, PL-VIEW-1): the only game data that leaves the server.

In hidden-cards mode, while the game runs, the opponent's hand is absent except for
revealed slots; his NEW flags, tokens, history and discard piles stay visible. The random
source and the opponent's deck never appear."""

from __future__ import annotations

from typing import Any

from .serialize import outcome_to_json, player_to_json
from .state import Game


def view(game: Game, player: int) -> dict[str, Any]:
    """The JSON document player `player` (0 or 1) receives."""
    me, opp = game.players[player], game.players[1 - player]
    mine = player_to_json(me)
    theirs = player_to_json(opp, with_deck=False)
    if game.hidden and game.outcome is None:
        theirs["hand"] = [
            card if opp.revealed[i] else None for i, card in enumerate(opp.hand)
        ]
    found = {
        "you": player + 1,
        "round": game.round,
        "current": game.current + 1,
        "your_turn": game.outcome is None and game.current == player,
        "state": "finished" if game.outcome is not None else "in progress",
        "outcome": outcome_to_json(game.outcome),
        "modes": {"hidden": game.hidden, "friendly": game.friendly},
        "me": mine,
        "opponent": theirs,
    }
    mine_guests = {str(card_id): dict(guest[1])
                   for (seat, card_id), guest in game.guests.items() if seat == player}
    if mine_guests:  # cards being tried, drawn in place of the card they stand in for
        found["guests"] = mine_guests
    return found
