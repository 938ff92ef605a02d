"""The Arcana store (issue 34; the seed: "purchasing a deck and boosters from ... the store"):
starter decks and boosters bought with coins earned by playing, never real money.

A booster is opened when it is bought, from a fresh secret seed stored with the purchase
together with the cards drawn and the name of the card pool (`platform.boosters`), so that
the draw can be made again and shown. Every purchase carries the buying form's key: the same
key again is the same purchase, so a double click or a request sent twice buys once."""

from __future__ import annotations

import re
import secrets
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from marcomage.games.arcana.boosters import BOOSTER, RARITY_NAMES, open_arcana_booster, pool
from marcomage.games.arcana.cards import CARDS
from marcomage.games.arcana.ruleset import RULESET
from marcomage.platform.boosters import ODDS_BASE, pool_digest

from .collection import Refused, add_cards, spend
from .models import Purchase

BOOSTER_ITEM, STARTER_PREFIX = "booster", "starter:"
BOOSTER_PRICE, STARTER_PRICE = 100, 300
"""Coins a booster and a starter deck cost."""

KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""A purchase key: 8 to 64 letters, digits, '-' or '_' (the form makes a fresh one)."""


@dataclass(frozen=True)
class Offer:
    """Something the store sells: its item id, name, price and the cards it holds (a
    booster's are drawn when it is opened)."""

    item: str
    name: str
    price: int
    cards: tuple[int, ...] = ()


def offers() -> list[Offer]:
    """What the store sells: a booster, and each of the ruleset's starter decks."""
    found = [Offer(BOOSTER_ITEM, f"Booster of {BOOSTER.size} cards", BOOSTER_PRICE)]
    for deck in RULESET.starter_decks():
        cards = tuple(int(e["card"]) for e in deck["entries"] for _ in range(e["count"]))
        found.append(Offer(f"{STARTER_PREFIX}{deck['name']}", f"Starter deck {deck['name']}",
                           STARTER_PRICE, cards))
    return found


def offer_of(item: str) -> Offer:
    """The offer of `item`, or Refused naming what is sold."""
    for offer in offers():
        if offer.item == item:
            return offer
    sold = ", ".join(o.item for o in offers())
    raise Refused(f"The store sells no {item!r}; it sells {sold}.")


def item_name(item: str) -> str:
    """An item's name for players ("Starter deck Emberwood"), or its id when no longer sold."""
    return next((o.name for o in offers() if o.item == item), item)


def booster_odds() -> list[dict[str, Any]]:
    """The booster's slots with the stated odds of each rarity in percent, as the help and
    the store publish them; consecutive slots with the same odds are one row."""
    rows: list[dict[str, Any]] = []
    for number, slot in enumerate(BOOSTER.slots, 1):
        odds = [{"rarity": r, "name": RARITY_NAMES.get(r, r), "percent": w * 100 / ODDS_BASE}
                for r, w in slot]
        if rows and rows[-1]["odds"] == odds:
            rows[-1]["last"] = number
        else:
            rows.append({"first": number, "last": number, "odds": odds})
    return rows


def pool_sizes() -> dict[str, int]:
    """How many cards of each rarity a booster draws from."""
    return {rarity: len(ids) for rarity, ids in pool().items()}


def _check_key(key: str) -> str:
    if not isinstance(key, str) or not KEY.fullmatch(key):
        raise Refused("A purchase needs its key: 8 to 64 letters, digits, '-' or '_'.")
    return key


def buy(user: Any, item: str, key: str) -> tuple[Purchase, bool]:
    """Buy `item` with the purchase key `key`: (the purchase, whether it is new). The same
    key again gives the first purchase back and spends nothing; Refused when the coins do
    not cover the price (nothing is spent), the item is unknown or the key was used for
    another item."""
    offer = offer_of(str(item))
    _check_key(key)
    done = _same_key(user, key, offer)
    if done is not None:
        return done, False
    try:
        with transaction.atomic():
            # The key is claimed first: a second request with it waits here for the first
            # to end, then finds it taken (IntegrityError) and answers with its purchase.
            purchase = Purchase.objects.create(buyer=user, key=key, item=offer.item,
                                               price=offer.price)
            spend(user, offer.price)
            if offer.item == BOOSTER_ITEM:
                seed = secrets.randbits(63)
                purchase.seed, purchase.pool = seed, pool_digest(pool())
                purchase.cards = open_arcana_booster(seed)
            else:
                purchase.cards = list(offer.cards)
            purchase.save(update_fields=["seed", "pool", "cards"])
            add_cards(user, purchase.cards)
    except IntegrityError:
        done = _same_key(user, key, offer)
        if done is None:
            raise
        return done, False
    return purchase, True


def _same_key(user: Any, key: str, offer: Offer) -> Purchase | None:
    found = Purchase.objects.filter(buyer=user, key=key).first()
    if found is not None and found.item != offer.item:
        raise Refused("That purchase key was used for another purchase; reload the store.")
    return found


def purchase_of(user: Any, pk: int) -> Purchase | None:
    """One of the player's purchases."""
    return Purchase.objects.filter(buyer=user, pk=pk).first()


def audit(purchase: Purchase) -> dict[str, Any]:
    """A booster's draw made again from its stored seed: the cards it gives now, whether
    they are the stored ones, and whether the card pool is still the one drawn from."""
    if purchase.seed is None:
        return {"seed": None, "again": [], "same": True, "same_pool": True}
    again = open_arcana_booster(int(purchase.seed))
    same_pool = purchase.pool == pool_digest(pool())
    return {"seed": str(purchase.seed), "pool": purchase.pool, "again": again,
            "same": again == list(purchase.cards), "same_pool": same_pool}


def card_rows(cards: list[int]) -> list[dict[str, Any]]:
    """Cards as the pages show them: each card once with its copies, in the given order."""
    counts = Counter(cards)
    return [{"card": CARDS[c], "count": counts[c], "stars": "★" * CARDS[c].stars,
             "rarity": RARITY_NAMES.get(CARDS[c].rarity, CARDS[c].rarity)}
            for c in dict.fromkeys(cards) if c in CARDS]
