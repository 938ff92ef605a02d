"""The Far Wilds army editor: every card of the set with its count, filters by card type and
domain, the format, and the format's violations shown live as counts change (FW-DECK). The
formats offered are the ruleset's playable ones: not sealed or draft, which need a card pool
the site cannot hand out (see `FarWilds.formats`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_POST

from marcomage.games.far_wilds.cards import CARDS, DOMAINS, domain_name
from marcomage.games.far_wilds.ruleset import RULESET
from marcomage.platform.protocol import DeckEntry
from marcomage.web.core.widgets import DeckEditor
from marcomage.web.decks.models import Deck
from marcomage.web.rulesets.far_wilds.board import TYPE_NAMES

MAX_COUNT = 99
DECKABLE = [c for c in CARDS.values() if c.deckable]


def _own(request: HttpRequest, pk: int) -> Deck:
    return get_object_or_404(Deck, pk=pk, owner=request.user, game=RULESET.id)


def _counts(deck: Deck) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in deck.entries:
        counts[str(entry["card"])] = counts.get(str(entry["card"]), 0) + int(entry["count"])
    return counts


def _posted(request: HttpRequest) -> tuple[list[DeckEntry], str]:
    """The counts and format a form posted; ValueError names a bad field."""
    entries: list[DeckEntry] = []
    for card in DECKABLE:
        raw = request.POST.get(f"count_{card.id}", "0").strip() or "0"
        if not raw.isascii() or not raw.isdigit() or int(raw) > MAX_COUNT:
            raise ValueError(f"The count of {card.name} is a number from 0 to {MAX_COUNT}.")
        if int(raw):
            entries.append({"card": card.id, "count": int(raw)})
    fmt = request.POST.get("format", "")
    if fmt not in RULESET.formats:
        raise ValueError("Choose one of the formats.")
    return entries, fmt


def _violations(entries: list[DeckEntry], fmt: str, extra: dict[str, Any]) -> list[Any]:
    return list(RULESET.validate_deck({"game": RULESET.id, "format": fmt, "name": "",
                                       "entries": entries, "extra": extra}, fmt))


def edit(request: HttpRequest, deck: Deck) -> HttpResponse:
    """The editor page; `?type=` and `?domain=` narrow the cards listed (the others keep
    their counts in hidden fields)."""
    shown_type = request.GET.get("type", "")
    shown_domain = request.GET.get("domain", "")
    counts = _counts(deck)
    rows = []
    for card in DECKABLE:
        domain = card.domain or "unaligned"
        visible = (shown_type in ("", card.type)) and (shown_domain in ("", domain))
        rows.append({"id": card.id, "name": card.name, "type": TYPE_NAMES[card.type],
                     "domain": domain_name(card.domain), "level": card.level,
                     "cost": card.cost, "text": card.text, "basic": card.basic,
                     "count": counts.get(card.id, 0), "visible": visible})
    return render(request, "rulesets/far_wilds/deck_editor.html", {
        "deck": deck, "rows": rows, "formats": list(RULESET.formats.values()),
        "types": list(TYPE_NAMES.items()),
        "domains": [(d, domain_name(d)) for d in DOMAINS] + [("unaligned", "Unaligned")],
        "shown_type": shown_type, "shown_domain": shown_domain,
        "violations": deck.violations, "total": sum(counts.values()),
        "offered": deck.format in RULESET.formats,
    })


@login_required
@require_POST
def save(request: HttpRequest, pk: int) -> HttpResponse:
    """Store the counts and the format; an unreadable form changes nothing."""
    deck = _own(request, pk)
    try:
        entries, fmt = _posted(request)
    except ValueError as refused:
        messages.error(request, f"Nothing saved: {refused}")
    else:
        deck.entries, deck.format = entries, fmt
        deck.save()
        messages.success(request, "Army saved." if deck.ready
                         else "Army saved; it is not ready to play yet.")
    return redirect(reverse("decks:edit", args=[deck.pk]) + "?" + request.GET.urlencode())


@login_required
@require_POST
def check(request: HttpRequest, pk: int) -> HttpResponse:
    """The violations of the counts on the form now, without saving (the live check)."""
    deck = _own(request, pk)
    try:
        entries, fmt = _posted(request)
    except ValueError as refused:
        return render(request, "rulesets/far_wilds/_deck_check.html",
                      {"error": str(refused), "violations": [], "total": 0})
    return render(request, "rulesets/far_wilds/_deck_check.html", {
        "violations": _violations(entries, fmt, dict(deck.extra or {})),
        "total": sum(e["count"] for e in entries), "error": ""})


urlpatterns = [
    path("decks/<id:pk>/far-wilds/save/", save, name="far_wilds_save"),
    path("decks/<id:pk>/far-wilds/check/", check, name="far_wilds_check"),
]
"""The Far Wilds army pages, in the decks app's URL namespace."""


WIDGET = DeckEditor(
    urlpatterns=urlpatterns,
    edit=edit,
)
"""The deck editor as the widget registry hands it out (`core.widgets.deck_editor_of`)."""
