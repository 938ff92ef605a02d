"""A player's custom Elder Tale cards: saving one from the designer (legal cards only, within
the monthly cap, waiting for a moderator where the site asks for approval), the cards a
player may put in decks, and the deck's `extra.custom` kept in step with its entries."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from marcomage.games.elder_tale.cards import Card, CardError, card_from_json
from marcomage.games.elder_tale.deck import CUSTOM_PREFIX
from marcomage.games.elder_tale.design import DESIGN_RULES_VERSION, report
from marcomage.platform.protocol import DeckDoc
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks

from . import library
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


@transaction.atomic
def revalidate(owner: Any, pk: int) -> CustomCard:
    """ET-SCOPE-5: bring `owner`'s card `pk`, saved under older design rules, up to the
    current version: the validator judges it again, and a card without errors records the
    new report and version and so may go into decks again. The card is not new, so this
    does not count against the monthly cap, and its status (approved, waiting or rejected)
    stays as the moderator left it. CardRefused says why when it is not done."""
    card = CustomCard.objects.select_for_update().filter(owner=owner, pk=pk).first()
    if card is None:
        raise CardRefused("There is no such custom card of yours.")
    if card.rules_version == DESIGN_RULES_VERSION:
        raise CardRefused(f"{card.name} already passed the current design rules "
                          f"({DESIGN_RULES_VERSION}).")
    try:
        doc = report(card_from_json(card.card_json(), custom=True))
    except CardError as problem:
        raise CardRefused(f"{card.name} cannot be read under the current rules: "
                          f"{problem}") from None
    if doc["errors"]:
        codes = ", ".join(e["code"] for e in doc["errors"])
        raise CardRefused(f"{card.name} breaks the design rules of {DESIGN_RULES_VERSION} "
                          f"({codes}); it stays out of play. Design a new card instead.")
    card.report, card.rules_version = doc, DESIGN_RULES_VERSION
    card.save(update_fields=["report", "rules_version"])
    return card


def own_usable_cards(owner: Any) -> list[CustomCard]:
    """The owner's own cards that may go into decks: approved, under the current rules."""
    return list(CustomCard.objects.filter(owner=owner, status=Status.APPROVED,
                                          rules_version=DESIGN_RULES_VERSION))


def usable_cards(owner: Any) -> list[CustomCard]:
    """The cards `owner` may put in decks: their own usable ones, then the published cards
    of others they learned that are still published and current (issue 35)."""
    return own_usable_cards(owner) + list(library.playable_learned(owner))


def illegal_named(owner: Any, entries: Iterable[Mapping[str, Any]]) -> list[CustomCard]:
    """The cards `entries` name that `owner` holds (made or learned) but may not play now
    because they are outdated, so the deck editor can say why (ET-SCOPE-2, ET-SCOPE-5)."""
    named = {str(e["card"]) for e in entries if str(e["card"]).startswith(CUSTOM_PREFIX)}
    held = (CustomCard.objects.filter(owner=owner) | CustomCard.objects.filter(
        learned_by__learner=owner)).distinct()
    return [c for c in held.exclude(rules_version=DESIGN_RULES_VERSION)
            if c.card_id in named]


def playable_customs(owner: Any, entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The definitions of the custom cards `entries` name that `owner` may play (their own
    usable cards, as stored in the collection); another custom id gets no definition and
    stays unknown to the validator. The site never takes a definition from a client: what
    a deck document carries in `extra.custom` is made here."""
    usable = {c.card_id: c for c in usable_cards(owner)}
    named = [str(e["card"]) for e in entries if str(e["card"]).startswith(CUSTOM_PREFIX)]
    return [usable[c].card_json() for c in dict.fromkeys(named) if c in usable]


def with_playable_customs(owner: Any, doc: DeckDoc) -> DeckDoc:
    """The deck document with `extra.custom` rebuilt from `owner`'s usable cards, whatever
    it held before (sent by a client, or stored when a card was still usable)."""
    extra = {k: v for k, v in dict(doc.get("extra") or {}).items() if k != "custom"}
    customs = playable_customs(owner, doc.get("entries", []))
    if customs:
        extra["custom"] = customs
    return {**doc, "extra": extra}


def attach_customs(deck: Deck) -> None:
    """Put the definitions of the custom cards the deck's entries name into `extra.custom`
    (the owner's usable ones; another id stays unknown to the validator)."""
    extra = dict(deck.extra)
    extra.pop("custom", None)
    customs = playable_customs(deck.owner, deck.entries)
    if customs:
        extra["custom"] = customs
    deck.extra = extra


def welcome(user: Any) -> None:
    """The two prebuilt characters as starter decks, for a player without Elder Tale decks."""
    give_starter_decks(user, GAME)
