"""Arcana's deck editor: the 24 cards with filters that fit them (kind, creature type,
stars, rarity), each with its count in the deck and buttons to add or remove a copy; the
deck's size and the validator's violations (AR-DECK, each naming the card) are shown after
every change. The decks app opens it for a deck of game "arcana" (`edit`)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_POST

from marcomage.games.arcana.cards import CARDS, TYPES
from marcomage.games.arcana.deck import MAX_CARDS, MAX_COPIES, MIN_CARDS
from marcomage.games.arcana.ruleset import RULESET
from marcomage.web.core.widgets import DeckEditor
from marcomage.web.decks import services as decks
from marcomage.web.decks.models import Deck

from . import store_pages
from .collection import COLLECTION_FORMAT, owned, owner_violations

GAME = "arcana"
FILTERS = {"kind": ("creature", "rune", "ward"), "type": TYPES, "stars": ("1", "2", "3"),
           "rarity": ("common", "rare", "mythic")}
"""The pool's filters and their choices."""


def _own_deck(request: HttpRequest, pk: int) -> Deck:
    return get_object_or_404(Deck, pk=pk, owner=request.user, game=GAME)


def chosen_filters(query: Any) -> dict[str, str]:
    """The filters of a request that are among the choices (others are ignored)."""
    return {key: str(query.get(key)) for key, values in FILTERS.items()
            if query.get(key) in values}


def pool(filters: dict[str, str], counts: dict[int, int],
         have: dict[int, int] | None = None) -> list[dict[str, Any]]:
    """The cards that pass the filters, with their count in the deck and the copies the
    player owns (`have`, for the collection)."""
    rows = []
    for c in CARDS.values():
        if "kind" in filters and c.kind != filters["kind"]:
            continue
        if "type" in filters and c.type != filters["type"]:
            continue
        if "stars" in filters and str(c.stars) != filters["stars"]:
            continue
        if "rarity" in filters and c.rarity != filters["rarity"]:
            continue
        limit = 1 if (c.kind == "creature" and c.stars == 3) or c.relic else MAX_COPIES
        rows.append({"card": c, "count": counts.get(c.id, 0), "limit": limit,
                     "stars": "★" * c.stars, "owned": (have or {}).get(c.id, 0)})
    return rows


def edit(request: HttpRequest, deck: Deck) -> HttpResponse:
    """The editor page."""
    filters = chosen_filters(request.GET)
    counts = {int(e["card"]): int(e["count"]) for e in deck.entries
              if isinstance(e.get("card"), int)}
    return render(request, "rulesets/arcana/deck_editor.html", {
        "deck": deck, "game_name": "Arcana", "rows": pool(filters, counts, owned(deck.owner)),
        "formats": list(RULESET.formats.values()),
        "collection": deck.format == COLLECTION_FORMAT,
        "filters": [{"key": key, "choices": values, "chosen": filters.get(key, "")}
                    for key, values in FILTERS.items()],
        "query": urlencode(filters), "violations": deck.violations,
        "format_name": decks.format_name(deck.game, deck.format),
        "min_cards": MIN_CARDS, "max_cards": MAX_CARDS})


@login_required
@require_POST
def change(request: HttpRequest, pk: int) -> HttpResponse:
    """Add (delta 1) or remove (delta -1) one copy of a card; the deck is stored even when
    it breaks a rule (then it is not ready), as every editor does."""
    deck = _own_deck(request, pk)
    try:
        card, delta = int(request.POST.get("card", "")), int(request.POST.get("delta", ""))
    except ValueError:
        card, delta = 0, 0
    if card not in CARDS or delta not in (1, -1):
        messages.error(request, "Choose a card of the list to add or remove.")
    else:
        entries = [dict(e) for e in deck.entries]
        found = next((e for e in entries if e["card"] == card), None)
        if found is None and delta == 1:
            entries.append({"card": card, "count": 1})
        elif found is not None:
            found["count"] = int(found["count"]) + delta
            if found["count"] <= 0:
                entries.remove(found)
        deck.entries = entries
        deck.save()
    query = urlencode(chosen_filters(request.POST))
    url = reverse("decks:edit", args=[deck.pk])
    return redirect(f"{url}?{query}" if query else url)


@login_required
@require_POST
def set_format(request: HttpRequest, pk: int) -> HttpResponse:
    """Put the deck in another of Arcana's formats (Open or Collection); its cards stay."""
    deck = _own_deck(request, pk)
    try:
        _game, deck.format = decks.check_game(GAME, str(request.POST.get("format", "")))
    except decks.DeckError as refused:
        messages.error(request, str(refused))
    else:
        deck.save()
    return redirect("decks:edit", deck.pk)


urlpatterns = [path("decks/<id:pk>/arcana/change/", change, name="arcana_change"),
               path("decks/<id:pk>/arcana/format/", set_format, name="arcana_format"),
               *store_pages.urlpatterns]


WIDGET = DeckEditor(
    urlpatterns=urlpatterns,
    edit=edit,
    list_hint_template="rulesets/arcana/_list_hint.html",
    owner_violations=owner_violations,
)
"""The deck editor as the widget registry hands it out (`core.widgets.deck_editor_of`)."""
