"""The Arcana store as the public API offers it (web/api, `core.widgets.Store`): the prices
and booster odds, a player's coins and cards, buying (a booster is opened at once) and one
purchase with its draw made again. The work is `shop` and `collection`'s."""

from __future__ import annotations

from typing import Any

from marcomage.games.arcana.boosters import BOOSTER
from marcomage.games.arcana.cards import card_json
from marcomage.web.core.widgets import Store, StoreRefused

from . import shop
from .collection import Refused, coins_of, owned
from .models import Purchase


def offers() -> dict[str, Any]:
    """What is sold and for how much, and the booster's size and stated odds."""
    return {
        "currency": "coins",
        "offers": [{"item": o.item, "name": o.name, "price": o.price, "cards": len(o.cards)
                    or BOOSTER.size} for o in shop.offers()],
        "booster": {"size": BOOSTER.size, "pool": shop.pool_sizes(),
                    "slots": [{"first": row["first"], "last": row["last"],
                               "odds": {o["rarity"]: o["percent"] for o in row["odds"]}}
                              for row in shop.booster_odds()]},
    }


def collection(user: Any) -> dict[str, Any]:
    """The player's coins and the cards owned, each with its count, name and text."""
    return {"coins": coins_of(user),
            "cards": [{**card_json(card), "count": count}
                      for card, count in sorted(owned(user).items())]}


def _out(purchase: Purchase) -> dict[str, Any]:
    audit = shop.audit(purchase)
    return {"id": purchase.pk, "item": purchase.item, "price": purchase.price,
            "created": purchase.created.isoformat(), "cards": list(purchase.cards),
            "names": [card_json(c)["name"] for c in purchase.cards],
            "seed": audit["seed"], "pool": purchase.pool, "redrawn_same": audit["same"]}


def buy(user: Any, item: str, key: str) -> dict[str, Any]:
    """Buy `item` with the purchase key `key` (the same key again: the same purchase, with
    "new" false); StoreRefused says why nothing was bought."""
    try:
        purchase, new = shop.buy(user, item, key)
    except Refused as refused:
        raise StoreRefused(str(refused)) from None
    return {**_out(purchase), "new": new, "coins": coins_of(user)}


def purchase(user: Any, pk: int) -> dict[str, Any] | None:
    """One of the player's purchases, or None."""
    found = shop.purchase_of(user, pk)
    return None if found is None else _out(found)


WIDGET = Store(offers=offers, collection=collection, buy=buy, purchase=purchase)
"""The store as the widget registry hands it out (`core.widgets.store_of`)."""
