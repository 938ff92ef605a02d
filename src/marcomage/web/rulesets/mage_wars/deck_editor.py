"""Mage Wars' pack editor: every card of the set grouped by its deck, filtered by deck and
type, with a count for each; a change is saved at once (htmx) and the pack validator's
violations are shown again, so a pack is ready exactly when the list is empty."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from marcomage.games.mage_wars.cards import CARDS, DECKS, TYPES, Card
from marcomage.web.core.widgets import DeckEditor
from marcomage.web.decks.models import Deck
from marcomage.web.decks.views import is_htmx

MAX_COPIES = 4
"""Most copies of one card the editor offers (a bound on the form, not a rule)."""
MAX_MAGE_COPIES = 1
"""A mage is in the Mage deck once at most (the pack validator's DUPLICATE_MAGE, MW-SETUP-3)."""
TEMPLATE = "rulesets/mage_wars/pack_editor.html"
PART = "rulesets/mage_wars/_pack_editor.html"


def most_copies(card: Card) -> int:
    """The largest count the editor offers and accepts for this card."""
    return MAX_MAGE_COPIES if card.type == "mage" else MAX_COPIES


def _context(deck: Deck, deck_filter: str, type_filter: str) -> dict[str, Any]:
    """Each card's row offers counts up to `most_copies` (or the stored count, if an older
    pack holds more, so the list shows it while a violation explains it)."""
    counts = {str(e["card"]): int(e["count"]) for e in deck.entries}
    groups = []
    for name in DECKS:
        if deck_filter and name != deck_filter:
            continue
        cards = [{"id": c.id, "name": c.name, "type": c.type, "text": c.text,
                  "icons": " ".join(c.resources), "requires": c.requires.replace("@", ""),
                  "count": counts.get(c.id, 0),
                  "copies": range(max(most_copies(c), counts.get(c.id, 0)) + 1)}
                 for c in CARDS.values()
                 if c.deck == name and (not type_filter or c.type == type_filter)]
        groups.append({"deck": name, "title": name.capitalize(), "cards": cards,
                       "total": sum(counts.get(c.id, 0) for c in CARDS.values()
                                    if c.deck == name)})
    return {"deck": deck, "groups": groups, "violations": deck.violations,
            "decks": DECKS, "types": TYPES, "deck_filter": deck_filter,
            "type_filter": type_filter}


def edit(request: HttpRequest, deck: Deck) -> HttpResponse:
    """The editor page (or, for htmx, its body), filtered by ?deck= and ?type=."""
    deck_filter = request.GET.get("deck", "")
    type_filter = request.GET.get("type", "")
    context = _context(deck, deck_filter if deck_filter in DECKS else "",
                       type_filter if type_filter in TYPES else "")
    return render(request, PART if is_htmx(request) else TEMPLATE, context)


@login_required
@require_POST
def save(request: HttpRequest, pk: int) -> HttpResponse:
    """Set one card's count ("card", "count"); an unknown card or a bad count (above
    `most_copies`: a mage only once) changes nothing. The pack is stored even with
    violations (it is then not ready)."""
    deck = get_object_or_404(Deck, pk=pk, owner=request.user, game="mage_wars")
    card = request.POST.get("card", "")
    try:
        count = int(request.POST.get("count", ""))
    except ValueError:
        count = -1
    if card in CARDS and 0 <= count <= most_copies(CARDS[card]):
        entries = [e for e in deck.entries if str(e["card"]) != card]
        if count:
            entries.append({"card": card, "count": count})
        order = list(CARDS)
        deck.entries = sorted(entries, key=lambda e: order.index(str(e["card"])))
        deck.save()
    if is_htmx(request):
        return edit(request, deck)
    return redirect("decks:edit", deck.pk)


urlpatterns = [path("decks/<id:pk>/pack/", save, name="mage_wars_pack")]


WIDGET = DeckEditor(
    urlpatterns=urlpatterns,
    edit=edit,
)
"""The deck editor as the widget registry hands it out (`core.widgets.deck_editor_of`)."""
