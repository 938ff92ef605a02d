"""Effects of the Uncommon cards with ids 3 to 231, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from ..cards import KW, RARE, effect
from ..context import Turn, ids_where


@effect(131)  # Dragon egg (what the Dragon keyword puts in hand, C-KW-8)
def dragon_egg(t: Turn) -> None:
    if t.count(KW.DRAGON):
        t.next_from(ids_where(KW.DRAGON, (RARE,)))
    else:
        t.next_from(ids_where(KW.DRAGON))
