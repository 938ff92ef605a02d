"""A game system's card store (issue 34; Arcana has one): the prices and booster odds, your
collection (coins and cards owned), buying (a booster is opened at once, from a seed kept
with the purchase) and one of your purchases. Asked of the system's `store` widget."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Status
from ninja.errors import HttpError

from marcomage.web.core.widgets import Store, store_of

from ..auth import need
from ..schemas import REFUSALS, BuyIn, CollectionOut, PurchaseOut, StoreOut

router = Router(tags=["store"])


def _store(game: str) -> Store:
    found = store_of(game) if game.isidentifier() else None
    if found is None:
        raise HttpError(404, f"The game system {game!r} has no card store.")
    return found


@router.get("/systems/{game}/store", response={200: StoreOut, **REFUSALS})
def offers(request: HttpRequest, game: str) -> Any:
    """What the store sells and for how many coins, and what a booster holds: its size,
    the cards of each rarity it draws from, and the stated odds of each slot (percent)."""
    need(request, "read")
    return _store(game).offers()


@router.get("/systems/{game}/collection", response={200: CollectionOut, **REFUSALS})
def collection(request: HttpRequest, game: str) -> Any:
    """Your coins and the cards you own, each with its count, name and text."""
    user = need(request, "read")
    return _store(game).collection(user)


@router.post("/systems/{game}/store/buy", response={200: PurchaseOut, 201: PurchaseOut,
                                                     **REFUSALS})
def buy(request: HttpRequest, game: str, body: BuyIn) -> Any:
    """Buy an item ("booster", or "starter:<deck name>") with coins; a booster is opened at
    once and its cards answered. `key` (8 to 64 letters, digits, '-' or '_', new for each
    purchase) makes a request sent twice buy once: the same key answers the first purchase
    again (200, "new" false) and spends nothing. Refused (400, nothing spent) when the coins
    do not cover the price, the item is not sold or the key was used for another item."""
    user = need(request, "play")
    bought = _store(game).buy(user, body.item, body.key)
    return Status(201 if bought["new"] else 200, bought)


@router.get("/systems/{game}/store/purchases/{int:purchase_id}",
            response={200: PurchaseOut, **REFUSALS})
def purchase(request: HttpRequest, game: str, purchase_id: int) -> Any:
    """One of your purchases: its cards and, for a booster, the seed it was opened from
    and whether drawing again from that seed gives the same cards."""
    user = need(request, "read")
    found = _store(game).purchase(user, purchase_id)
    if found is None:
        raise HttpError(404, "There is no such purchase of yours.")
    return found
