"""What one seat may see (C-FLAG-6, PL-VIEW-1): the only game data that leaves the server.

In hidden-cards mode, while the game runs, the opponent's hand is absent except for
revealed slots; his NEW flags, tokens, history and discard piles stay visible. The random
source and the opponent's deck never appear. Seats are 0 and 1, as everywhere in the
platform, and the outcome is the platform's."""

from __future__ import annotations

from typing import Any

from marcomage.platform.protocol import Outcome

from .serialize import player_to_json
from .state import EndType, Game


def end_type_id(end_type: EndType) -> str:
    """The platform's name of an engine end type ("Destruction" -> "destruction")."""
    return end_type.value.lower()


def platform_outcome(game: Game) -> Outcome | None:
    """The platform outcome of a game (winners 0-based, end type in lower case)."""
    out = game.outcome
    if out is None:
        return None
    aborted = out.end_type is EndType.ABORT
    result = "none" if aborted else "draw" if out.winner is None else "win"
    winners = () if out.winner is None else (out.winner,)
    return Outcome(result, winners, end_type_id(out.end_type), game.round)


def outcome_json(game: Game) -> dict[str, Any] | None:
    """The platform outcome as JSON, or None while the game runs."""
    out = platform_outcome(game)
    return None if out is None else out.to_json()


def view(game: Game, player: int) -> dict[str, Any]:
    """The JSON document seat `player` (0 or 1) receives (`MArcomage.view`)."""
    me, opp = game.players[player], game.players[1 - player]
    mine = player_to_json(me)
    theirs = player_to_json(opp, with_deck=False)
    if game.hidden and game.outcome is None:
        theirs["hand"] = [
            card if opp.revealed[i] else None for i, card in enumerate(opp.hand)
        ]
    found = {
        "you": player,
        "round": game.round,
        "current": game.current,
        "your_turn": game.outcome is None and game.current == player,
        "state": "finished" if game.outcome is not None else "in progress",
        "outcome": outcome_json(game),
        "modes": {"hidden": game.hidden, "friendly": game.friendly},
        "me": mine,
        "opponent": theirs,
    }
    mine_guests = {str(card_id): dict(guest[1])
                   for (seat, card_id), guest in game.guests.items() if seat == player}
    if mine_guests:  # cards being tried, drawn in place of the card they stand in for
        found["guests"] = mine_guests
    return found
