"""The Arcana store through the API (issue 34): the prices and booster odds, the caller's
collection (coins and cards owned), buying (a booster is opened at once, from a seed kept
with the purchase) and one of the caller's purchases with its draw made again. The work is
`shop` and `collection`'s. Mounted on /api/v1/ by the widget registry
(`core.widgets.api_routers`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema, Status
from ninja.errors import HttpError

from marcomage.games.arcana.boosters import BOOSTER
from marcomage.games.arcana.cards import card_json
from marcomage.web.api.auth import need
from marcomage.web.api.schemas import REFUSALS
from marcomage.web.core.widgets import ApiRoutes

from . import shop
from .collection import Refused, coins_of, owned
from .models import Purchase

router = Router(tags=["arcana store"])


class OfferOut(Schema):
    item: str
    name: str
    price: int
    cards: int


class SlotOdds(Schema):
    first: int
    last: int
    odds: dict[str, float]


class BoosterOut(Schema):
    size: int
    pool: dict[str, int]
    slots: list[SlotOdds]


class StoreOut(Schema):
    """What the store sells, in coins, and what a booster holds (odds in percent)."""

    currency: str
    offers: list[OfferOut]
    booster: BoosterOut


class OwnedCardOut(Schema):
    id: int
    name: str
    kind: str
    rarity: str
    text: str
    count: int


class CollectionOut(Schema):
    coins: int
    cards: list[OwnedCardOut]


class BuyIn(Schema):
    item: str = Field(..., max_length=80)
    key: str = Field(..., max_length=64)


class PurchaseOut(Schema):
    """A purchase: its cards and, for a booster, the seed it was drawn from and whether
    drawing again from it gives the same cards."""

    id: int
    item: str
    price: int
    created: str
    cards: list[int]
    names: list[str]
    seed: str | None
    pool: str
    redrawn_same: bool
    new: bool | None = None
    coins: int | None = None


def _out(purchase: Purchase) -> dict[str, Any]:
    audit = shop.audit(purchase)
    return {"id": purchase.pk, "item": purchase.item, "price": purchase.price,
            "created": purchase.created.isoformat(), "cards": list(purchase.cards),
            "names": [card_json(c)["name"] for c in purchase.cards],
            "seed": audit["seed"], "pool": purchase.pool, "redrawn_same": audit["same"]}


@router.get("/systems/arcana/store", response={200: StoreOut, **REFUSALS})
def offers(request: HttpRequest) -> Any:
    """What the store sells and for how many coins, and what a booster holds: its size,
    the cards of each rarity it draws from, and the stated odds of each slot (percent)."""
    need(request, "read")
    return {
        "currency": "coins",
        "offers": [{"item": o.item, "name": o.name, "price": o.price,
                    "cards": len(o.cards) or BOOSTER.size} for o in shop.offers()],
        "booster": {"size": BOOSTER.size, "pool": shop.pool_sizes(),
                    "slots": [{"first": row["first"], "last": row["last"],
                               "odds": {o["rarity"]: o["percent"] for o in row["odds"]}}
                              for row in shop.booster_odds()]},
    }


@router.get("/systems/arcana/collection", response={200: CollectionOut, **REFUSALS})
def collection(request: HttpRequest) -> Any:
    """Your coins and the cards you own, each with its count, name and text."""
    user = need(request, "read")
    return {"coins": coins_of(user),
            "cards": [{**card_json(card), "count": count}
                      for card, count in sorted(owned(user).items())]}


@router.post("/systems/arcana/store/buy", response={200: PurchaseOut, 201: PurchaseOut,
                                                     **REFUSALS})
def buy(request: HttpRequest, body: BuyIn) -> Any:
    """Buy an item ("booster", or "starter:<deck name>") with coins; a booster is opened at
    once and its cards answered. `key` (8 to 64 letters, digits, '-' or '_', new for each
    purchase) makes a request sent twice buy once: the same key answers the first purchase
    again (200, "new" false) and spends nothing. Refused (400, nothing spent) when the coins
    do not cover the price, the item is not sold or the key was used for another item."""
    user = need(request, "play")
    try:
        purchase, new = shop.buy(user, body.item, body.key)
    except Refused as refused:
        raise HttpError(400, str(refused)) from None
    return Status(201 if new else 200, {**_out(purchase), "new": new, "coins": coins_of(user)})


@router.get("/systems/arcana/store/purchases/{int:purchase_id}",
            response={200: PurchaseOut, **REFUSALS})
def purchase(request: HttpRequest, purchase_id: int) -> Any:
    """One of your purchases: its cards and, for a booster, the seed it was opened from
    and whether drawing again from that seed gives the same cards."""
    found = shop.purchase_of(need(request, "read"), purchase_id)
    if found is None:
        raise HttpError(404, "There is no such purchase of yours.")
    return _out(found)


WIDGET = ApiRoutes(router=router)
"""The store's endpoints as the widget registry hands them out (`core.widgets.api_routers`)."""
