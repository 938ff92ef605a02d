"""Effects of the Uncommon cards, each written from its card text (data/cards.json)."""

from __future__ import annotations

from ..cards import KW, RARE, effect
from ..context import Turn, ids_where


@effect(131)  # Dragon egg (what the Dragon keyword puts in hand, C-KW-8)
def dragon_egg(t: Turn) -> None:
    if t.count(KW.DRAGON):
        t.next_from(ids_where(KW.DRAGON, (RARE,)))
    else:
        t.next_from(ids_where(KW.DRAGON))
