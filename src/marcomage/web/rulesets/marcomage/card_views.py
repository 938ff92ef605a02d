"""The card database: every card with the deck editor's filters, a page per card, and the
keywords' descriptions. Open to visitors too."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from marcomage.games.marcomage.cards import CARDS
from marcomage.web.decks.views import is_htmx

from . import filters
from .cardface import face
from .keywords import KEYWORDS

PER_PAGE = 60


@require_GET
def card_list(request: HttpRequest) -> HttpResponse:
    """All cards passing the filters, by name, a page at a time."""
    card_filter = filters.CardFilter.from_params(request.GET)
    found = filters.pool(card_filter)
    page = Paginator(found, PER_PAGE).get_page(request.GET.get("page"))
    context = {**filters.filter_context(card_filter), "page": page, "total": len(found)}
    if is_htmx(request):
        return render(request, "cards/_results.html", context)
    return render(request, "cards/list.html", context)


@require_GET
def card_detail(request: HttpRequest, card_id: int) -> HttpResponse:
    """One card, its facts and what its keywords do."""
    if not 0 < card_id < len(CARDS):
        raise Http404("No such card.")
    card = CARDS[card_id]
    context = {
        "card": face(card_id),
        "keywords": [KEYWORDS[name] for name in card.keywords],
        "modes": card.modes,
    }
    return render(request, "cards/detail.html", context)


@require_GET
def keyword_list(request: HttpRequest) -> HttpResponse:
    """Every keyword and what it does, in the manual's execution order."""
    return render(request, "cards/keywords.html", {"keywords": KEYWORDS.values()})
