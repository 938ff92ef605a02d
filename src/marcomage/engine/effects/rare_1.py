"""Effects of the Rare cards with ids 4 to 223, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations
