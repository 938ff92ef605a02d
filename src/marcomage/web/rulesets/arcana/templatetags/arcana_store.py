"""The store part of Arcana's help page (issue 34), with its figures read from the store and
the booster's definition, so the help cannot drift from what the site does."""

from __future__ import annotations

from typing import Any

from django import template

from marcomage.games.arcana.boosters import BOOSTER

from .. import shop
from ..collection import game_pay

register = template.Library()


@register.inclusion_tag("rulesets/arcana/_store_help.html")
def arcana_store_help() -> dict[str, Any]:
    """The store's prices, what a game pays, and the booster's size and stated odds."""
    return {"offers": shop.offers(), "odds": shop.booster_odds(),
            "pool_sizes": shop.pool_sizes(), "booster_size": BOOSTER.size,
            "game_coins": game_pay(False, False), "win_coins": game_pay(True, False),
            "friendly_game": game_pay(False, True), "friendly_win": game_pay(True, True),
            "booster_price": shop.BOOSTER_PRICE, "starter_price": shop.STARTER_PRICE}
