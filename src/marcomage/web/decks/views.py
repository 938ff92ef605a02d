"""Deck pages: the list, the editor and its actions. Rules live in services and exchange;
htmx requests (filtering, Take, Return, tokens) get page fragments, others a redirect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marcomage.games.marcomage.cards import NO_TOKEN, TOKEN_KEYWORDS
from marcomage.web.scores.services import score_of

from . import exchange, filters, services
from .cardface import face
from .models import Deck

SECTION_LABELS = ("Common", "Uncommon", "Rare")


def _own_deck(request: HttpRequest, pk: int) -> Deck:
    """The player's own deck; anyone else's is "not found"."""
    return get_object_or_404(Deck, pk=pk, owner=request.user)


def is_htmx(request: HttpRequest) -> bool:
    """An htmx request for a fragment (a history restore wants the whole page)."""
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


def _filter_params(card_filter: filters.CardFilter) -> str:
    """The filters as a query string, kept across Take and Return; the class is always
    written, since no class in the editor means its default, Common."""
    return urlencode({field: value for field in filters.FIELDS
                      if (value := getattr(card_filter, field)) or field == "cls"})


def _posted_filters(request: HttpRequest) -> str:
    """The pool filters a Take or Return form carried, cleaned."""
    params = QueryDict(request.POST.get("filters", ""))
    return _filter_params(filters.CardFilter.from_params(params, default_class="common"))


def _editor_url(deck: Deck, query: str = "") -> str:
    url = reverse("decks:edit", args=[deck.pk])
    return f"{url}?{query}" if query else url


def _deck_context(
    deck: Deck, notice: str = "", error: bool = False, filter_query: str = ""
) -> dict[str, Any]:
    """What the deck part of the editor shows."""
    return {
        "filter_query": filter_query,
        "deck": deck,
        "sections": [
            (label, slots, sum(1 for card_id in slots if card_id))
            for label, slots in zip(SECTION_LABELS, deck.sections, strict=True)
        ],
        "average": services.average_cost(deck),
        "token_choices": [NO_TOKEN, *TOKEN_KEYWORDS],
        "notice": notice,
        "notice_error": error,
    }


def filter_context(card_filter: filters.CardFilter) -> dict[str, Any]:
    """The filter form's choices and state."""
    return {
        "filter": card_filter,
        "classes": filters.CLASSES,
        "keywords": filters.KEYWORDS,
        "costs": filters.COSTS,
        "advanced": filters.ADVANCED_CHOICES,
        "supports": filters.SUPPORTS,
        "filter_query": _filter_params(card_filter),
    }


@login_required
@require_GET
def deck_list(request: HttpRequest) -> HttpResponse:
    """C-DECK-2, C-DECK-4: the player's decks, ready ones highlighted."""
    decks = list(Deck.objects.filter(owner=request.user))
    score = score_of(request.user)
    context = {
        "decks": decks,
        "level": score.level,
        "deck_slots": score.deck_slots,
        "next_bonus_level": (score.level // 6 + 1) * 6,
    }
    return render(request, "decks/list.html", context)


@login_required
@require_GET
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck editor; an htmx filter request gets only the card pool."""
    deck = _own_deck(request, pk)
    card_filter = filters.CardFilter.from_params(request.GET, default_class="common")
    context = {
        **filter_context(card_filter),
        **_deck_context(deck, filter_query=_filter_params(card_filter)),
        "pool": filters.pool(card_filter),
        "taken": services.in_deck(deck),
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
    deck = _own_deck(request, pk)
    card_id = _card_id(request)
    try:
        change(deck, card_id)
    except services.DeckError as refused:
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
            {"item": face(card_id), "taken": services.in_deck(deck), "deck": deck,
             "oob": True, "filter_query": query},
            request,
        )
    return HttpResponse(html)


@login_required
@require_POST
def take(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-1: put a card from the pool into the deck."""
    return _slot_change(request, pk, services.take, "Took")


@login_required
@require_POST
def return_card(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-1: return a card from the deck to the pool."""
    return _slot_change(request, pk, services.return_card, "Returned")


def _deck_answer(request: HttpRequest, deck: Deck, notice: str, error: bool) -> HttpResponse:
    """After a token change: the deck fragment for htmx, else a redirect with the message."""
    if is_htmx(request):
        return render(request, "decks/_deck.html", _deck_context(deck, notice, error))
    (messages.error if error else messages.success)(request, notice)
    return redirect(_editor_url(deck))


@login_required
@require_POST
def tokens(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-9: set the three token counters."""
    deck = _own_deck(request, pk)
    chosen = [request.POST.get(f"token{n}", NO_TOKEN) for n in (1, 2, 3)]
    try:
        services.set_tokens(deck, chosen)
    except services.DeckError as refused:
        deck.refresh_from_db()
        return _deck_answer(request, deck, str(refused), True)
    return _deck_answer(request, deck, "Token counters saved.", False)


@login_required
@require_POST
def auto(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-10: choose the token counters from the deck's keywords."""
    deck = _own_deck(request, pk)
    chosen = services.auto(deck)
    named = [token for token in chosen if token != NO_TOKEN]
    notice = "Token counters: " + ", ".join(named) + "." if named else (
        "No card in the deck has a token keyword.")
    return _deck_answer(request, deck, notice, False)


@login_required
@require_POST
def rename(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-3: rename the deck."""
    deck = _own_deck(request, pk)
    try:
        services.rename(deck, request.POST.get("name", ""))
    except services.DeckError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, f"Deck renamed to {deck.name}.")
    return redirect(_editor_url(deck))


@login_required
@require_POST
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    """C-DECK-7: fill the empty slots with random cards."""
    deck = _own_deck(request, pk)
    added = services.finish(deck)
    messages.success(request, f"Finished: {added} random cards added." if added
                     else "The deck is already complete.")
    return redirect(_editor_url(deck))


CONFIRMED = {
    "reset": (services.reset, "Reset", "Empty all 45 slots and the three token counters?",
              "The deck is now empty."),
    "randomize": (services.randomize, "Randomize",
                  "Replace every card with 15 random cards of each rarity? Tokens stay.",
                  "The deck now holds 45 random cards."),
}


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
    except services.DeckError as refused:
        messages.error(request, f"Import refused: {refused}")
    else:
        messages.success(request, f"Imported the deck {deck.name}.")
    return redirect(_editor_url(deck))
