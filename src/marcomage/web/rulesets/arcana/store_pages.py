"""The Arcana store and card binder pages (issue 34): thin views over `shop`, `binder` and
`collection`. Buying is a POST with the form's purchase key (a fresh one each time the store
is shown), so a double click buys once; a refusal changes nothing and says why."""

from __future__ import annotations

import secrets
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from marcomage.games.arcana.boosters import BOOSTER

from . import binder as binder_rows
from . import shop
from .collection import Refused, coins_of, game_pay
from .models import Earning, Purchase

RECENT = 10
"""Purchases and earnings listed on the store page."""


def new_key() -> str:
    """A fresh purchase key for one buying form."""
    return secrets.token_urlsafe(18)


@login_required
def store(request: HttpRequest) -> HttpResponse:
    """The store: the player's coins, what is sold and its price, the booster's odds, and
    the latest purchases and earnings."""
    user = request.user
    return render(request, "rulesets/arcana/store.html", {
        "coins": coins_of(user), "offers": shop.offers(), "odds": shop.booster_odds(),
        "pool_sizes": shop.pool_sizes(), "booster_size": BOOSTER.size,
        "key": new_key(), "game_coins": game_pay(False, False),
        "win_coins": game_pay(True, False), "friendly_coins": game_pay(True, True),
        "purchases": [(p, shop.item_name(p.item))
                      for p in Purchase.objects.filter(buyer=user)[:RECENT]],
        "earnings": Earning.objects.filter(player=user)[:RECENT]})


@login_required
@require_POST
def buy(request: HttpRequest) -> HttpResponse:
    """Buy the posted item with the posted key, then show what was bought (the same
    purchase again when the key was used already)."""
    try:
        purchase, new = shop.buy(request.user, str(request.POST.get("item", "")),
                                 str(request.POST.get("key", "")))
    except Refused as refused:
        messages.error(request, f"Nothing bought: {refused}")
        return redirect("decks:arcana_store")
    if not new:
        messages.info(request, "That purchase was made already; here it is.")
    return redirect("decks:arcana_purchase", purchase.pk)


@login_required
def purchase(request: HttpRequest, pk: int) -> HttpResponse:
    """One purchase: the cards it brought and, for a booster, its seed and the draw made
    again from it."""
    found = shop.purchase_of(request.user, pk)
    if found is None:
        raise Http404("There is no such purchase of yours.")
    return render(request, "rulesets/arcana/purchase.html", {
        "purchase": found, "name": shop.item_name(found.item),
        "rows": shop.card_rows(list(found.cards)),
        "audit": shop.audit(found), "coins": coins_of(request.user)})


@login_required
def binder(request: HttpRequest) -> HttpResponse:
    """The binder: owned cards with counts and duplicates, filtered."""
    filters = binder_rows.chosen(request.GET)
    return render(request, "rulesets/arcana/binder.html", {
        "rows": binder_rows.rows(request.user, filters),
        "summary": binder_rows.summary(request.user), "coins": coins_of(request.user),
        "filters": [{"key": key, "choices": values, "chosen": filters.get(key, "")}
                    for key, values in binder_rows.FILTERS.items()],
        "name": filters.get("name", ""),
        "query": urlencode(filters)})


urlpatterns = [
    path("arcana/store/", store, name="arcana_store"),
    path("arcana/store/buy/", buy, name="arcana_buy"),
    path("arcana/store/purchases/<id:pk>/", purchase, name="arcana_purchase"),
    path("arcana/binder/", binder, name="arcana_binder"),
]
