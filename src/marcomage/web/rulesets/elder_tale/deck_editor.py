"""Elder Tale's deck pages: the deck editor (the "card count" lines of the generic editor,
with the card set and the player's custom cards to pick from, and the format's violations
shown as the lines are edited), and the Elder Tale pages added to the deck section."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from marcomage.games.elder_tale.cards import KINDS, card_set
from marcomage.platform.protocol import DeckDoc
from marcomage.web.core.widgets import DeckEditor
from marcomage.web.decks.entries import EntriesError, entries_text, parse_entries
from marcomage.web.decks.models import Deck

from . import collection, designer, library, library_pages
from .cardtext import card_summary


def _deck(request: HttpRequest, pk: int) -> Deck:
    return get_object_or_404(Deck, pk=pk, owner=request.user, game=collection.GAME)


def _pool(user: Any) -> list[dict[str, Any]]:
    """What may go into decks: the set's cards by deck (no clutter), then the player's own."""
    cards = card_set().cards.values()
    groups = [{"kind": kind, "cards": [card_summary(c.to_json()) for c in cards
                                       if c.kind == kind]} for kind in KINDS]
    groups.append({"kind": "yours", "cards": [card_summary(c.card_json())
                                              for c in collection.own_usable_cards(user)]})
    groups.append({"kind": "learned", "cards": [
        {**card_summary(c.card_json()), "author": c.owner.username}
        for c in library.playable_learned(user).select_related("owner")]})
    return groups


def edit(request: HttpRequest, deck: Deck) -> HttpResponse:
    """The editor page (the decks app's `edit` calls it for Elder Tale decks)."""
    return render(request, "rulesets/elder_tale/deck_edit.html", {
        "deck": deck, "violations": deck.violations, "entries_text": entries_text(deck.entries),
        "pool": _pool(request.user),
        "illegal": collection.illegal_named(request.user, deck.entries)})


@login_required
@require_POST
def save_entries(request: HttpRequest, pk: int) -> HttpResponse:
    """Store the lines, with the definitions of the custom cards they name (`extra.custom`);
    a list that cannot be read changes nothing."""
    deck = _deck(request, pk)
    try:
        deck.entries = parse_entries(request.POST.get("entries", ""))
    except EntriesError as refused:
        messages.error(request, f"Nothing saved: {refused}")
        return redirect("decks:edit", deck.pk)
    collection.attach_customs(deck)
    deck.save()
    messages.success(request, "Deck saved." if deck.ready
                     else "Deck saved; it is not ready to play yet.")
    return redirect("decks:edit", deck.pk)


@login_required
@require_POST
def check(request: HttpRequest, pk: int) -> HttpResponse:
    """The violations of the lines as typed (htmx), without saving them."""
    deck = _deck(request, pk)
    try:
        deck.entries = parse_entries(request.POST.get("entries", ""))
    except EntriesError as refused:
        return render(request, "rulesets/elder_tale/_violations.html",
                      {"unreadable": str(refused)})
    collection.attach_customs(deck)
    return render(request, "rulesets/elder_tale/_violations.html",
                  {"violations": deck.violations, "checked": True,
                   "illegal": collection.illegal_named(request.user, deck.entries)})


def fill_document(deck: Deck, doc: DeckDoc) -> DeckDoc:
    """The deck document as the site validates and plays it (`Deck.document` calls this):
    `extra.custom` is rebuilt from the owner's usable custom cards, never taken as stored or
    sent, so a forged, rejected or outdated card is not played (ET-SCOPE-2, ET-SCOPE-5)."""
    return collection.with_playable_customs(deck.owner, doc)


urlpatterns = [
    path("elder-tale/", designer.hub, name="et_hub"),
    path("elder-tale/designer/", designer.designer, name="et_designer"),
    path("elder-tale/designer/preview/", designer.preview, name="et_preview"),
    path("elder-tale/designer/save/", designer.save, name="et_save"),
    path("elder-tale/cards/<id:pk>/revalidate/", designer.revalidate, name="et_revalidate"),
    path("elder-tale/cards/<id:pk>/publish/", library_pages.publish, name="et_publish"),
    path("elder-tale/library/", library_pages.browse, name="et_library"),
    path("elder-tale/library/<id:pk>/learn/", library_pages.learn, name="et_learn"),
    path("elder-tale/review/", library_pages.queue, name="et_review"),
    path("elder-tale/review/<id:pk>/", library_pages.decide, name="et_decide"),
    path("elder-tale/decks/<id:pk>/entries/", save_entries, name="et_entries"),
    path("elder-tale/decks/<id:pk>/check/", check, name="et_check"),
]


WIDGET = DeckEditor(
    urlpatterns=urlpatterns,
    edit=edit,
    fill_document=fill_document,
)
"""The deck editor as the widget registry hands it out (`core.widgets.deck_editor_of`)."""
