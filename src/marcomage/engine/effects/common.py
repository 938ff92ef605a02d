"""Effects of the Common cards, each written from its card text (data/cards.json).

Each function's docstring-free body reads like the card: `t.me` is you, `t.opp` the enemy.
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


@effect(273)  # Merchant
def merchant(t: Turn) -> None:
    if t.mode == 1:
        t.me.bricks += 6
    elif t.mode == 2:
        t.me.gems += 5
    else:
        t.me.recruits += 5
