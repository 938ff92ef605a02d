"""The library of published Elder Tale cards (issue 35; the seed: a character grows "by
creating custom cards and by learning custom cards from others"): an author publishes a card
of theirs, a moderator approves or rejects it with a reason (the seed's staff queue), every
player browses the published cards and learns one into their collection within the seed's
limits, and an author sees who learned their cards.

What a character may learn (our reading of the seed, see docs/elder_tale.md):
- a custom card (Uncommon or Rare, ET-SCOPE-1) another player published and a moderator
  approved; never one's own card, never the same card twice;
- only a card legal under the current design rules: an outdated card is illegal for play
  until its author re-prices it (ET-SCOPE-2, ET-SCOPE-5), and it cannot be learned until then;
- at most `ELDER_TALE_LEARNED_PER_MONTH` cards a calendar month (2, like the wiki's cap on new
  cards: learning is growth too; None for no cap).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, QuerySet
from django.utils import timezone

from marcomage.games.elder_tale.cards import EFFECT_NAMES, KINDS
from marcomage.games.elder_tale.design import DESIGN_RULES_VERSION

from .models import CustomCard, LearnedCard, Publication, Status

RARITIES = ("uncommon", "rare")
PRICES = (1, 2)
REASON_MAX = 500
SHOWN = 200
"""The library lists at most this many cards, newest first, after the filters."""


class LibraryRefused(ValueError):
    """A publication, review or learning that cannot be done; the message says why."""


def is_moderator(user: Any) -> bool:
    """Staff, or a player given the permission to review published cards."""
    return bool(user is not None and user.is_authenticated and (
        user.is_staff or user.has_perm("elder_tale_widgets.review_customcard")))


def learn_cap() -> int | None:
    cap = getattr(settings, "ELDER_TALE_LEARNED_PER_MONTH", 2)
    return None if cap is None else int(cap)


def learned_this_month(learner: Any) -> int:
    """How many cards `learner` learned in the current calendar month (UTC)."""
    start = timezone.now().replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return LearnedCard.objects.filter(learner=learner, learned__gte=start).count()


@transaction.atomic
def publish(owner: Any, pk: int) -> CustomCard:
    """Send `owner`'s card `pk` to the moderators for publication to every player; a legal,
    current card of theirs only, not one already waiting or published."""
    card = CustomCard.objects.select_for_update().filter(owner=owner, pk=pk).first()
    if card is None:
        raise LibraryRefused("There is no such custom card of yours.")
    if card.status != Status.APPROVED:
        raise LibraryRefused(f"{card.name} is not approved for play on this site yet, so it "
                             "cannot be published.")
    if card.outdated:
        raise LibraryRefused(f"{card.name}: {card.illegal_reason}")
    if card.publication == Publication.PENDING:
        raise LibraryRefused(f"{card.name} already waits for a moderator.")
    if card.publication == Publication.PUBLISHED:
        raise LibraryRefused(f"{card.name} is already published.")
    card.publication, card.review_reason, card.reviewed_by = Publication.PENDING, "", None
    card.save(update_fields=["publication", "review_reason", "reviewed_by"])
    return card


def waiting() -> QuerySet[CustomCard]:
    """The cards waiting for a moderator, oldest first."""
    return (CustomCard.objects.filter(publication=Publication.PENDING)
            .select_related("owner").order_by("created", "id"))


@transaction.atomic
def review(moderator: Any, pk: int, approve: bool, reason: str) -> CustomCard:
    """A moderator's decision on a waiting card: approved, it is published to every player;
    rejected, it goes back to its author with the reason (a reason is required to reject)."""
    if not is_moderator(moderator):
        raise LibraryRefused("Only moderators approve or reject published cards.")
    reason = reason.strip()
    if len(reason) > REASON_MAX:
        raise LibraryRefused(f"Give the reason in at most {REASON_MAX} characters.")
    if not approve and not reason:
        raise LibraryRefused("Say why the card is rejected: its author reads the reason.")
    card = CustomCard.objects.select_for_update().filter(
        pk=pk, publication=Publication.PENDING).first()
    if card is None:
        raise LibraryRefused("That card does not wait for a moderator (any more).")
    if approve and card.outdated:
        raise LibraryRefused(f"{card.name}: {card.illegal_reason}")
    card.publication = Publication.PUBLISHED if approve else Publication.REJECTED
    card.published = timezone.now() if approve else None
    card.review_reason, card.reviewed_by = reason, moderator
    card.save(update_fields=["publication", "published", "review_reason", "reviewed_by"])
    return card


@dataclass(frozen=True)
class Filters:
    """What the library is narrowed to; each field empty for "any"."""

    rarity: str = ""
    kind: str = ""
    effect: str = ""
    en: int | None = None

    @classmethod
    def from_query(cls, data: Any) -> Filters:
        """The filters of a query string; an unknown value is ignored (shown as "any")."""
        rarity = str(data.get("rarity", ""))
        kind = str(data.get("kind", ""))
        effect = str(data.get("effect", ""))
        en = str(data.get("en", ""))
        return cls(rarity if rarity in RARITIES else "", kind if kind in KINDS else "",
                   effect if effect in EFFECT_NAMES else "",
                   int(en) if en in ("1", "2") else None)


def browse(filters: Filters) -> list[CustomCard]:
    """The published cards that pass `filters`, newest first, each with `learners` (how many
    learned it)."""
    found = (CustomCard.objects.filter(publication=Publication.PUBLISHED,
                                       status=Status.APPROVED)
             .select_related("owner").annotate(learners=Count("learned_by"))
             .order_by("-published", "-id"))
    if filters.rarity:
        found = found.filter(document__rarity=filters.rarity)
    if filters.kind:
        found = found.filter(document__kind=filters.kind)
    cards = []
    for card in found:
        if filters.en is not None and int(card.document.get("en", 0)) != filters.en:
            continue
        if filters.effect and not any(e.get("type") == filters.effect
                                      for e in card.document.get("effects", [])):
            continue
        cards.append(card)
        if len(cards) >= SHOWN:
            break
    return cards


@transaction.atomic
def learn(learner: Any, pk: int) -> LearnedCard:
    """`learner` learns the published card `pk` into their collection, within the limits
    of the module's docstring; LibraryRefused says which one stops it."""
    # Lock the learner's row so two requests at once cannot both pass the cap.
    get_user_model().objects.select_for_update().filter(pk=learner.pk).first()
    card = CustomCard.objects.filter(pk=pk, publication=Publication.PUBLISHED,
                                     status=Status.APPROVED).first()
    if card is None:
        raise LibraryRefused("There is no such published card.")
    if card.owner_id == learner.pk:
        raise LibraryRefused(f"{card.name} is your own card: it is in your collection "
                             "already.")
    if LearnedCard.objects.filter(learner=learner, card=card).exists():
        raise LibraryRefused(f"You have learned {card.name} already.")
    if card.outdated:
        raise LibraryRefused(f"{card.name} cannot be learned now. {card.illegal_reason}")
    cap = learn_cap()
    if cap is not None and learned_this_month(learner) >= cap:
        raise LibraryRefused(f"You have learned {cap} cards this month already; a character "
                             f"learns at most {cap} a month.")
    return LearnedCard.objects.create(learner=learner, card=card)


def learned_cards(learner: Any) -> list[CustomCard]:
    """The cards `learner` learned, newest first (outdated or withdrawn ones included, so
    the hub can say why they do not play)."""
    return [entry.card for entry in LearnedCard.objects.filter(learner=learner)
            .select_related("card", "card__owner")]


def learned_ids(learner: Any) -> set[int]:
    return set(LearnedCard.objects.filter(learner=learner).values_list("card_id", flat=True))


def learners_of(owner: Any) -> dict[int, list[str]]:
    """For each of `owner`'s cards that someone learned, who learned it (names, first
    learner first)."""
    found: dict[int, list[str]] = {}
    for card_id, name in (LearnedCard.objects.filter(card__owner=owner)
                          .order_by("learned", "id")
                          .values_list("card_id", "learner__username")):
        found.setdefault(card_id, []).append(str(name))
    return found


def playable_learned(learner: Any) -> QuerySet[CustomCard]:
    """The learned cards that may go into decks: still published, under the current rules."""
    return CustomCard.objects.filter(learned_by__learner=learner, status=Status.APPROVED,
                                     publication=Publication.PUBLISHED,
                                     rules_version=DESIGN_RULES_VERSION)
