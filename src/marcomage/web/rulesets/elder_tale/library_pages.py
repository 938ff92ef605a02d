"""The library's pages (issue 35): the published cards with their filters and the Learn
button, publishing one's own card from the hub, and the moderators' queue where a card
published to everyone is approved or rejected with a reason. Thin: the rules are in
`library`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from marcomage.games.elder_tale.cards import EFFECT_NAMES, KINDS

from . import library
from .cardtext import card_summary


@login_required
@require_GET
def browse(request: HttpRequest) -> HttpResponse:
    """The published cards, narrowed by rarity, deck, effect and price (EN)."""
    filters = library.Filters.from_query(request.GET)
    learned = library.learned_ids(request.user)
    cards = [{"card": c, "face": card_summary(c.card_json()), "mine": c.owner_id == request.user.pk,
              "learned": c.pk in learned} for c in library.browse(filters)]
    return render(request, "rulesets/elder_tale/library.html", {
        "cards": cards, "filters": filters, "rarities": library.RARITIES, "kinds": KINDS,
        "effects": sorted(EFFECT_NAMES.items(), key=lambda kv: kv[1]),
        "prices": library.PRICES, "cap": library.learn_cap(),
        "learned_now": library.learned_this_month(request.user),
        "moderator": library.is_moderator(request.user),
        "waiting": library.waiting().count() if library.is_moderator(request.user) else 0})


@login_required
@require_POST
def learn(request: HttpRequest, pk: int) -> HttpResponse:
    """Learn a published card into the player's collection."""
    try:
        entry = library.learn(request.user, pk)
    except library.LibraryRefused as refused:
        messages.error(request, f"Not learned: {refused}")
    else:
        messages.success(request, f"You learned {entry.card.name}: put it in a deck by its id, "
                                  f"{entry.card.card_id}, in the deck editor.")
    return redirect("decks:et_library")


@login_required
@require_POST
def publish(request: HttpRequest, pk: int) -> HttpResponse:
    """Send one of the player's cards to the moderators for publication."""
    try:
        card = library.publish(request.user, pk)
    except library.LibraryRefused as refused:
        messages.error(request, f"Not published: {refused}")
    else:
        messages.success(request, f"{card.name} waits for a moderator; once approved, every "
                                  "player can learn it.")
    return redirect("decks:et_hub")


def _moderator(request: HttpRequest) -> None:
    if not library.is_moderator(request.user):
        raise PermissionDenied("Only moderators review published cards.")


@login_required
@require_GET
def queue(request: HttpRequest) -> HttpResponse:
    """The cards waiting for a moderator, each with its design report (moderators only)."""
    _moderator(request)
    cards = [{"card": c, "face": card_summary(c.card_json())} for c in library.waiting()]
    return render(request, "rulesets/elder_tale/review.html", {
        "cards": cards, "reason_max": library.REASON_MAX})


@login_required
@require_POST
def decide(request: HttpRequest, pk: int) -> HttpResponse:
    """Approve or reject a waiting card, with a reason (required to reject)."""
    _moderator(request)
    approve = request.POST.get("decision") == "approve"
    if request.POST.get("decision") not in ("approve", "reject"):
        messages.error(request, "Choose to approve or to reject the card.")
        return redirect("decks:et_review")
    try:
        card = library.review(request.user, pk, approve, str(request.POST.get("reason", "")))
    except library.LibraryRefused as refused:
        messages.error(request, f"Nothing changed: {refused}")
    else:
        messages.success(request, f"{card.name} is {'published' if approve else 'rejected'}.")
    return redirect("decks:et_review")
