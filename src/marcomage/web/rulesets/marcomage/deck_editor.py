"""MArcomage's deck editor (C-DECK): the 45 slots, the card pool with its filters, token
counters, deck files. Rules live in `editing` and `exchange`; htmx requests (filtering, Take,
Return, tokens) get page fragments, others a redirect. The decks app opens it for a deck of
game "marcomage" (`edit`) and adds its `urlpatterns` to the deck pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marcomage.games.marcomage import awards
from marcomage.games.marcomage.cards import NO_TOKEN, TOKEN_KEYWORDS
from marcomage.web.core.widgets import DeckEditor
from marcomage.web.decks import services as decks
from marcomage.web.decks.models import Deck
from marcomage.web.decks.views import is_htmx

from . import card_views, editing, exchange, filters
from .cardface import face
from .slots import SECTION_NAMES, slots

deck_slots = awards.deck_slots
"""Decks a player may have at a MArcomage level: 8, plus one every 6th level (C-DECK-4)."""
DECK_SIZE = 45
"""Cards in a ready deck, shown as "n/45" in the deck list (C-DECK-2)."""
LIST_HINT_TEMPLATE = "decks/_marcomage_hint.html"
"""What the deck list says about MArcomage decks and slots."""


POOL_PAGE_SIZE = 48
"""Cards of the pool on one page: the whole pool drawn at once made an editor page of 770 KB."""


def _own_deck(request: HttpRequest, pk: int) -> Deck:
    """The player's own deck; anyone else's is "not found". Inside a transaction (every
    change below runs in one) the row stays locked until it ends: two quick Take clicks
    then apply one after the other and neither loses the other's card."""
    decks_of_owner = Deck.objects.filter(owner=request.user, game="marcomage")
    if transaction.get_connection().in_atomic_block:
        decks_of_owner = decks_of_owner.select_for_update()
    return get_object_or_404(decks_of_owner, pk=pk)


def _posted_filters(request: HttpRequest) -> str:
    """The pool filters a Take or Return form carried, cleaned."""
    params = QueryDict(request.POST.get("filters", ""))
    return filters.filter_params(filters.CardFilter.from_params(params, default_class="common"))


def _editor_url(deck: Deck, query: str = "") -> str:
    url = reverse("decks:edit", args=[deck.pk])
    return f"{url}?{query}" if query else url


def _deck_context(
    deck: Deck, notice: str = "", error: bool = False, filter_query: str = ""
) -> dict[str, Any]:
    """What the deck part of the editor shows."""
    layout = slots(deck)
    return {
        "filter_query": filter_query,
        "deck": deck,
        "tokens": layout.tokens,
        "violations": deck.violations,
        "sections": [
            (label, section, sum(1 for card_id in section if card_id))
            for label, section in zip(SECTION_NAMES, layout.sections, strict=True)
        ],
        "average": editing.average_cost(deck),
        "token_choices": [NO_TOKEN, *TOKEN_KEYWORDS],
        "notice": notice,
        "notice_error": error,
    }


def edit(request: HttpRequest, deck: Deck) -> HttpResponse:
    """The deck editor for the owner's deck; an htmx filter request gets only the card
    pool. Called by the decks app's editor page."""
    card_filter = filters.CardFilter.from_params(request.GET, default_class="common")
    pool_page = Paginator(filters.pool(card_filter), POOL_PAGE_SIZE).get_page(
        request.GET.get("page"))
    query = filters.filter_params(card_filter)
    context = {
        **filters.filter_context(card_filter),
        **_deck_context(deck, filter_query=query),
        "pool_page": pool_page,
        "pager_query": f"{query}&part=pool",
        "taken": editing.in_deck(deck),
    }
    if is_htmx(request) and request.GET.get("part") == "pool":
        return render(request, "decks/_pool.html", context)
    return render(request, "decks/edit.html", context)


def _card_id(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("card", ""))
    except ValueError:
        return -1


def _slot_change(
    request: HttpRequest, pk: int, change: Callable[[Deck, int], int], verb: str
) -> HttpResponse:
    """Take or Return: the deck fragment plus the card's pool entry, or a redirect."""
    card_id = _card_id(request)
    with transaction.atomic():
        deck = _own_deck(request, pk)
        try:
            with transaction.atomic():
                change(deck, card_id)
        except decks.DeckError as refused:
            deck.refresh_from_db()
            notice, error = str(refused), True
        else:
            notice, error = f"{verb} {face(card_id).name}.", False
    if not is_htmx(request):
        (messages.error if error else messages.success)(request, notice)
        return redirect(_editor_url(deck, _posted_filters(request)))
    query = _posted_filters(request)
    html = render_to_string(
        "decks/_deck.html", _deck_context(deck, notice, error, query), request
    )
    if not error:
        html += render_to_string(
            "decks/_pool_card.html",
            {"item": face(card_id), "taken": editing.in_deck(deck), "deck": deck,
             "oob": True, "filter_query": query},
            request,
        )
    return HttpResponse(html)


@login_required
@require_POST
def take(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-1: put a card from the pool into the deck."""
    return _slot_change(request, pk, editing.take, "Took")


@login_required
@require_POST
def return_card(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-1: return a card from the deck to the pool."""
    return _slot_change(request, pk, editing.return_card, "Returned")


def _deck_answer(request: HttpRequest, deck: Deck, notice: str, error: bool) -> HttpResponse:
    """After a token change: the deck fragment for htmx, else a redirect with the message."""
    if is_htmx(request):
        return render(request, "decks/_deck.html", _deck_context(deck, notice, error))
    (messages.error if error else messages.success)(request, notice)
    return redirect(_editor_url(deck))


@login_required
@require_POST
@transaction.atomic
def tokens(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-9: set the three token counters."""
    deck = _own_deck(request, pk)
    chosen = [request.POST.get(f"token{n}", NO_TOKEN) for n in (1, 2, 3)]
    try:
        editing.set_tokens(deck, chosen)
    except decks.DeckError as refused:
        deck.refresh_from_db()
        return _deck_answer(request, deck, str(refused), True)
    return _deck_answer(request, deck, "Token counters saved.", False)


@login_required
@require_POST
@transaction.atomic
def auto(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-10: choose the token counters from the deck's keywords."""
    deck = _own_deck(request, pk)
    chosen = editing.auto(deck)
    named = [token for token in chosen if token != NO_TOKEN]
    notice = "Token counters: " + ", ".join(named) + "." if named else (
        "No card in the deck has a token keyword.")
    return _deck_answer(request, deck, notice, False)


@login_required
@require_POST
@transaction.atomic
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-7: fill the empty slots with random cards."""
    deck = _own_deck(request, pk)
    added = editing.finish(deck)
    messages.success(request, f"Finished: {added} random cards added." if added
                     else "The deck is already complete.")
    return redirect(_editor_url(deck))


CONFIRMED = {
    "reset": (editing.reset, "Reset", "Empty all 45 slots and the three token counters?",
              "The deck is now empty."),
    "randomize": (editing.randomize, "Randomize",
                  "Replace every card with 15 random cards of each rarity? Tokens stay.",
                  "The deck now holds 45 random cards."),
}


@transaction.atomic
def _confirmed(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """C-DECK-5, C-DECK-6: ask first (GET), act only on a confirmed POST."""
    deck = _own_deck(request, pk)
    change, title, question, done = CONFIRMED[action]
    if request.method == "GET":
        return render(request, "decks/confirm.html",
                      {"deck": deck, "title": title, "question": question, "action": action})
    if request.POST.get("confirm") != "yes":
        messages.error(request, f"{title} was not confirmed; the deck is unchanged.")
    else:
        change(deck)
        messages.success(request, done)
    return redirect(_editor_url(deck))


@login_required
@require_http_methods(["GET", "POST"])
def reset(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-5: empty the deck, after confirmation."""
    return _confirmed(request, pk, "reset")


@login_required
@require_http_methods(["GET", "POST"])
def randomize(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-6: a random deck, after confirmation."""
    return _confirmed(request, pk, "randomize")


@login_required
@require_GET
def export(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-12: download the deck file."""
    deck = _own_deck(request, pk)
    response = HttpResponse(exchange.export_text(deck), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{exchange.file_name(deck)}"'
    return response


@login_required
@require_POST
@transaction.atomic
def import_deck(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-13: overwrite this deck with an uploaded deck file, or say why not."""
    deck = _own_deck(request, pk)
    upload = request.FILES.get("deck_file")
    if upload is None:
        messages.error(request, "Choose a deck file to import.")
        return redirect(_editor_url(deck))
    content = upload.read(exchange.MAX_FILE_BYTES + 1)
    try:
        exchange.import_file(deck, upload.name or "", content)
    except decks.DeckError as refused:
        messages.error(request, f"Import refused: {refused}")
    else:
        messages.success(request, f"Imported the deck {deck.name}.")
    return redirect(_editor_url(deck))


urlpatterns = [
    path("decks/<id:pk>/take/", take, name="take"),
    path("decks/<id:pk>/return/", return_card, name="return"),
    path("decks/<id:pk>/tokens/", tokens, name="tokens"),
    path("decks/<id:pk>/auto/", auto, name="auto"),
    path("decks/<id:pk>/finish/", finish, name="finish"),
    path("decks/<id:pk>/reset/", reset, name="reset"),
    path("decks/<id:pk>/randomize/", randomize, name="randomize"),
    path("decks/<id:pk>/export/", export, name="export"),
    path("decks/<id:pk>/import/", import_deck, name="import"),
    path("cards/", card_views.card_list, name="cards"),
    path("cards/keywords/", card_views.keyword_list, name="keywords"),
    path("cards/<id:card_id>/", card_views.card_detail, name="card"),
]
"""The MArcomage deck pages and the card database, in the decks app's URL namespace."""


WIDGET = DeckEditor(
    urlpatterns=urlpatterns,
    edit=edit,
    deck_slots=deck_slots,
    deck_size=DECK_SIZE,
    list_hint_template=LIST_HINT_TEMPLATE,
)
"""The deck editor as the widget registry hands it out (`core.widgets.deck_editor_of`)."""
