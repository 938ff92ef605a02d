"""The end of the game (C-END): victory types, their precedence, the timeout tie-break."""

from __future__ import annotations

from .state import (
    MAX_TOWER,
    RESOURCE_VICTORY,
    ROUND_LIMIT,
    EndType,
    Game,
    Outcome,
    Player,
)


def _timeout(a: Player, o: Player, actor: int) -> Outcome:
    """Compare tower, wall, facilities, then stock; all equal is a draw (C-END-3)."""
    for mine, theirs in (
        (a.tower, o.tower), (a.wall, o.wall), (a.facilities, o.facilities), (a.stock, o.stock),
    ):
        if mine != theirs:
            return Outcome(actor if mine > theirs else 1 - actor, EndType.TIMEOUT)
    return Outcome(None, EndType.DRAW)


def check(game: Game, actor: int) -> Outcome | None:
    """The outcome after `actor`'s turn, tested in the order of C-END-1, or None."""
    a, o = game.players[actor], game.players[1 - actor]
    other = 1 - actor
    if a.tower <= 0 or o.tower <= 0:
        if a.tower > 0:
            return Outcome(actor, EndType.DESTRUCTION)
        if o.tower > 0:
            return Outcome(other, EndType.DESTRUCTION)
        return Outcome(None, EndType.DRAW)
    if a.tower >= MAX_TOWER or o.tower >= MAX_TOWER:
        if o.tower < MAX_TOWER:
            return Outcome(actor, EndType.CONSTRUCTION)
        if a.tower < MAX_TOWER:
            return Outcome(other, EndType.CONSTRUCTION)
        return Outcome(None, EndType.DRAW)
    a_rich, o_rich = a.stock >= RESOURCE_VICTORY, o.stock >= RESOURCE_VICTORY
    if a_rich or o_rich:
        if not o_rich:
            return Outcome(actor, EndType.RESOURCE)
        if not a_rich:
            return Outcome(other, EndType.RESOURCE)
        return Outcome(None, EndType.DRAW)
    if game.round >= ROUND_LIMIT:
        return _timeout(a, o, actor)
    return None
