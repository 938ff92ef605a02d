"""Deck pages of every game system: the list by game system, a new deck, renaming, and the
editor, which is the game's own (its widget folder's `deck_editor.edit`) or, for a game
without one, the generic list of card ids and counts checked by its ruleset."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from marcomage.games import DEFAULT_RULESET, find_ruleset, registered, ruleset_name
from marcomage.web.core.widgets import deck_editor_of
from marcomage.web.scores.services import level_of

from . import services
from .entries import EntriesError, entries_text, parse_entries
from .models import Deck


def is_htmx(request: HttpRequest) -> bool:
    """An htmx request for a fragment (a history restore wants the whole page)."""
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


def _own_deck(request: HttpRequest, pk: int) -> Deck:
    """The player's own deck; anyone else's is "not found"."""
    return get_object_or_404(Deck, pk=pk, owner=request.user)


def _shown_game(request: HttpRequest) -> str:
    """The game system the list shows: ?game=<id> when it is registered, else the default."""
    chosen = request.GET.get("game", DEFAULT_RULESET)
    return chosen if chosen in dict(registered()) else DEFAULT_RULESET


@login_required
@require_GET
def deck_list(request: HttpRequest) -> HttpResponse:
    """C-DECK-2, C-DECK-4, PL-SHARED-2: the player's decks of one game system, ready ones
    highlighted, and a new deck while a deck slot of that game is free."""
    game = _shown_game(request)
    ruleset = find_ruleset(game)
    decks = services.decks_of(request.user, game)
    slots = services.deck_slots(request.user, game)
    level = level_of(request.user, game)
    editor = deck_editor_of(game)
    context: dict[str, Any] = {
        "games": registered(),
        "game": game,
        "game_name": ruleset.name,
        "decks": decks,
        "level": level,
        "deck_slots": slots,
        "next_bonus_level": services.next_bonus_level(game, level),
        "deck_size": editor.deck_size if editor is not None else None,
        "hint_template": editor.list_hint_template if editor is not None else None,
        "free_slots": max(0, slots - len(decks)),
        "formats": list(ruleset.formats.values()),
        "starters": [doc.get("name", f"starter {n}")
                     for n, doc in enumerate(ruleset.starter_decks(), start=1)],
    }
    return render(request, "decks/list.html", context)


def _list_url(game: str) -> str:
    url = reverse("decks:list")
    return url if game == DEFAULT_RULESET else f"{url}?game={game}"


@login_required
@require_POST
def new_deck(request: HttpRequest) -> HttpResponse:
    """PL-SHARED-2: a new deck of the chosen game system and format, empty or a copy of one
    of its starter decks, while a deck slot of that game is free."""
    game = request.POST.get("game", DEFAULT_RULESET)
    try:
        deck = services.create_deck(request.user, game, request.POST.get("format"),
                                    request.POST.get("name", ""),
                                    starter=request.POST.get("starter", ""))
    except services.DeckError as refused:
        messages.error(request, str(refused))
        return redirect(_list_url(game if game in dict(registered())
                                  else DEFAULT_RULESET))
    messages.success(request, f"New deck {deck.name}.")
    return redirect("decks:edit", deck.pk)


@login_required
@require_GET
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck editor of the deck's game system: its own, or the generic one."""
    deck = _own_deck(request, pk)
    editor = deck_editor_of(deck.game)
    if editor is not None:
        return editor.edit(request, deck)
    return render(request, "decks/edit_generic.html", {
        "deck": deck, "game_name": ruleset_name(deck.game),
        "format_name": services.format_name(deck.game, deck.format),
        "violations": deck.violations, "entries_text": entries_text(deck.entries),
    })


@login_required
@require_POST
def save_entries(request: HttpRequest, pk: int) -> HttpResponse:
    """The generic editor's save: the deck's cards from "card count" lines; a list that cannot
    be read changes nothing. The deck is stored even when its validator finds violations (it
    is then not ready), as any editor does."""
    deck = _own_deck(request, pk)
    try:
        deck.entries = parse_entries(request.POST.get("entries", ""))
    except EntriesError as refused:
        messages.error(request, f"Nothing saved: {refused}")
    else:
        deck.save()
        messages.success(request, "Deck saved." if deck.ready
                         else "Deck saved; it is not ready to play yet.")
    return redirect("decks:edit", deck.pk)


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
    return redirect("decks:edit", deck.pk)
