"""The Elder Tale pages: the hub (the card set and your collection), the card designer whose
DP and CoPo breakdowns and findings follow the form as it is edited (htmx), and saving a
card to the player's collection."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from marcomage.games.elder_tale.cards import KINDS, CardError, card_set
from marcomage.games.elder_tale.design import DESIGN_RULES_VERSION, report

from . import collection, library
from .cardtext import card_summary
from .design_form import SAMPLE, card_from_form, choices, form_rows
from .models import CustomCard


def _report(data: Any) -> dict[str, Any]:
    """The calculator's report on the form, or the reason it cannot be read."""
    try:
        card = card_from_form(data)
    except CardError as problem:
        return {"unreadable": str(problem)}
    return report(card)


@login_required
@require_GET
def hub(request: HttpRequest) -> HttpResponse:
    """The card set by deck and rarity, and the player's custom cards; a newcomer gets the two
    prebuilt characters as decks."""
    collection.welcome(request.user)
    cards = card_set().cards.values()
    groups = [{"kind": kind, "cards": [card_summary(c.to_json()) for c in cards
                                       if c.kind == kind]} for kind in (*KINDS, "clutter")]
    mine = list(CustomCard.objects.filter(owner=request.user))
    learners = library.learners_of(request.user)
    for card in mine:
        card.learner_names = learners.get(card.pk, [])
    moderator = library.is_moderator(request.user)
    return render(request, "rulesets/elder_tale/hub.html", {
        "groups": groups, "mine": mine, "rules_version": DESIGN_RULES_VERSION,
        "learned": library.learned_cards(request.user), "moderator": moderator,
        "waiting": library.waiting().count() if moderator else 0,
        "approval": collection.approval_needed(), "cap": collection.monthly_cap(),
        "made": collection.made_this_month(request.user)})


@login_required
@require_GET
def designer(request: HttpRequest) -> HttpResponse:
    """The designer form with the page's own example loaded, and its report."""
    data = request.GET if request.GET.get("name") else SAMPLE
    return render(request, "rulesets/elder_tale/designer.html", {
        "form": data, "rows": form_rows(data), "report": _report(data), **choices(),
        "approval": collection.approval_needed(), "cap": collection.monthly_cap()})


@login_required
@require_POST
def preview(request: HttpRequest) -> HttpResponse:
    """The report on the posted form: the fragment htmx swaps in as the player types."""
    return render(request, "rulesets/elder_tale/_report.html",
                  {"report": _report(request.POST)})


@login_required
@require_POST
def save(request: HttpRequest) -> HttpResponse:
    """Keep the designed card in the player's collection (legal cards, within the cap)."""
    try:
        card = card_from_form(request.POST)
        saved = collection.save_card(request.user, card)
    except (CardError, collection.CardRefused) as refused:
        messages.error(request, f"Not saved: {refused}")
        return render(request, "rulesets/elder_tale/designer.html", {
            "form": request.POST, "rows": form_rows(request.POST),
            "report": _report(request.POST), **choices(),
            "approval": collection.approval_needed(), "cap": collection.monthly_cap()},
            status=400)
    note = (" It waits for a moderator's approval before it can go into a deck."
            if saved.status == "pending" else f" Its id in decks is {saved.card_id}.")
    messages.success(request, f"{saved.name} is in your collection.{note}")
    return redirect("decks:et_hub")


@login_required
@require_POST
def revalidate(request: HttpRequest, pk: int) -> HttpResponse:
    """Judge one of the player's outdated cards again under the current design rules
    (ET-SCOPE-5); the hub's "Revalidate" button. Not a new card: no monthly cap."""
    try:
        card = collection.revalidate(request.user, pk)
    except collection.CardRefused as refused:
        messages.error(request, f"Not revalidated: {refused}")
    else:
        messages.success(request, f"{card.name} passes the design rules of "
                                  f"{card.rules_version} and may go into decks again.")
    return redirect("decks:et_hub")
