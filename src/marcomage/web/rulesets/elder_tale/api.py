"""Elder Tale's card library through the API (issue 35): the published custom cards, with
the filters of the library page, and learning one into the caller's collection (then it
goes into decks by its id through the deck endpoints). The rules are the site's own
(`library.py`); publishing and reviewing stay on the site's pages. Mounted on /api/v1/ by
the widget registry (`core.widgets.api_routers`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema, Status
from ninja.errors import HttpError

from marcomage.web.api.auth import need
from marcomage.web.api.schemas import REFUSALS
from marcomage.web.core.widgets import ApiRoutes

from . import library
from .cardtext import card_summary
from .models import CustomCard

router = Router(tags=["elder tale library"])


class LibraryCard(Schema):
    """A published custom card: its id in decks, its face, its price and who may play it."""

    card: str
    name: str
    author: str
    rarity: str
    kind: str
    en: int
    body: str
    effects: list[str]
    dp: int
    dp_budget: int
    learners: int
    learned: bool
    legal: bool
    illegal_reason: str
    definition: dict[str, Any]


def _out(card: CustomCard, learned: set[int]) -> dict[str, Any]:
    face = card_summary(card.card_json())
    dp = card.report.get("dp", {})
    return {"card": card.card_id, "name": card.name, "author": card.owner.username,
            "rarity": face["rarity"], "kind": face["kind"], "en": int(face["en"]),
            "body": face["body"], "effects": face["effects"], "dp": int(dp.get("total", 0)),
            "dp_budget": int(dp.get("budget", 0)),
            "learners": int(getattr(card, "learners", card.learned_by.count())),
            "learned": card.pk in learned, "legal": not card.outdated,
            "illegal_reason": card.illegal_reason, "definition": card.card_json()}


@router.get("/systems/elder_tale/library", response={200: list[LibraryCard], **REFUSALS})
def published(request: HttpRequest, rarity: str = "", kind: str = "", effect: str = "",
              en: str = "") -> Any:
    """The published custom cards, newest first, narrowed by rarity (uncommon, rare), deck
    (attack, defense, utility), effect type (e.g. heal_over_time) and price (en: 1 or 2);
    an unknown filter value is ignored."""
    user = need(request, "read")
    filters = library.Filters.from_query({"rarity": rarity, "kind": kind, "effect": effect,
                                          "en": en})
    learned = library.learned_ids(user)
    return [_out(card, learned) for card in library.browse(filters)]


@router.post("/systems/elder_tale/library/{int:card_id}/learn",
             response={201: LibraryCard, **REFUSALS})
def learn(request: HttpRequest, card_id: int) -> Any:
    """Learn a published card into your collection (once, not your own, while it is legal,
    within the month's cap): then put its `card` id in a deck."""
    user = need(request, "decks")
    try:
        entry = library.learn(user, card_id)
    except library.LibraryRefused as refused:
        raise HttpError(400, str(refused)) from None
    return Status(201, _out(entry.card, {entry.card.pk}))


WIDGET = ApiRoutes(router=router)
"""The library's endpoints as the widget registry hands them out."""
