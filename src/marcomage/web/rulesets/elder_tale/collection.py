"""A player's custom Elder Tale cards: saving one from the designer (legal cards only, within
the monthly cap, waiting for a moderator where the site asks for approval), the cards a
player may put in decks, and the deck's `extra.custom` kept in step with its entries."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from marcomage.games.elder_tale.cards import Card
from marcomage.games.elder_tale.deck_format import CUSTOM_PREFIX
from marcomage.games.elder_tale.design import DESIGN_RULES_VERSION, report
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks

from .models import CustomCard, Status

GAME = "elder_tale"


class CardRefused(ValueError):
    """A card that cannot be saved; the message says why."""


def approval_needed() -> bool:
    return bool(getattr(settings, "ELDER_TALE_APPROVAL", False))


def monthly_cap() -> int | None:
    cap = getattr(settings, "ELDER_TALE_CARDS_PER_MONTH", 2)
    return None if cap is None else int(cap)


def made_this_month(owner: Any) -> int:
    """How many custom cards `owner` made in the current calendar month (UTC)."""
    now = timezone.now()
    start = now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return CustomCard.objects.filter(owner=owner, created__gte=start).count()


@transaction.atomic
def save_card(owner: Any, card: Card) -> CustomCard:
    """Keep a legal custom card in `owner`'s collection; CardRefused when it has errors or
    the month's cap is reached."""
    doc = report(card)
    if doc["errors"]:
        codes = ", ".join(e["code"] for e in doc["errors"])
        raise CardRefused(f"{card.name} breaks the design rules ({codes}); fix it first.")
    cap = monthly_cap()
    # Lock the owner's row so two saves at once cannot both pass the cap.
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
    if cap is not None and made_this_month(owner) >= cap:
        raise CardRefused(f"You have made {cap} custom cards this month already; the cap is "
                          f"{cap} a month.")
    body = card.to_json()
    body.pop("id", None)
    body.pop("name", None)
    return CustomCard.objects.create(
        owner=owner, name=card.name, document=body, report=doc,
        rules_version=DESIGN_RULES_VERSION,
        status=Status.PENDING if approval_needed() else Status.APPROVED)


def usable_cards(owner: Any) -> list[CustomCard]:
    """The owner's cards that may go into decks: approved, under the current rules."""
    return list(CustomCard.objects.filter(owner=owner, status=Status.APPROVED,
                                          rules_version=DESIGN_RULES_VERSION))


def attach_customs(deck: Deck) -> None:
    """Put the definitions of the custom cards the deck's entries name into `extra.custom`
    (the owner's usable ones; another id stays unknown to the validator)."""
    usable = {c.card_id: c for c in usable_cards(deck.owner)}
    named = [str(e["card"]) for e in deck.entries
             if str(e["card"]).startswith(CUSTOM_PREFIX)]
    extra = dict(deck.extra)
    extra["custom"] = [usable[c].card_json() for c in dict.fromkeys(named) if c in usable]
    if not extra["custom"]:
        extra.pop("custom")
    deck.extra = extra


def welcome(user: Any) -> None:
    """The two prebuilt characters as starter decks, for a player without Elder Tale decks."""
    give_starter_decks(user, GAME)
