"""Effects of the Common cards with ids 248 to 393, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from ..cards import effect
from ..context import Turn


@effect(273)  # Merchant
def merchant(t: Turn) -> None:
    if t.mode == 1:
        t.me.bricks += 6
    elif t.mode == 2:
        t.me.gems += 5
    else:
        t.me.recruits += 5
