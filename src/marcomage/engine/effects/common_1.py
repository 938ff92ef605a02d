"""Effects of the Common cards with ids 1 to 247, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from ..cards import KW, effect
from ..context import Turn, ids_where


@effect(1)  # Basic wall
def basic_wall(t: Turn) -> None:
    if t.me.wall == 0:
        t.me.wall += 10
    else:
        t.me.wall += 3


@effect(7)  # Knight
def knight(t: Turn) -> None:
    t.attack(7)


@effect(13)  # Goblin
def goblin(t: Turn) -> None:
    t.attack(3)


@effect(145)  # Necromancy
def necromancy(t: Turn) -> None:
    t.next_from(ids_where(KW.UNDEAD, (0, 1)))
