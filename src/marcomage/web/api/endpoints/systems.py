"""Game systems and their card sets: formats, options, starter decks and the cards in
them, read from each ruleset through the platform protocol."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.http import HttpRequest
from ninja import Router
from ninja.errors import HttpError

from marcomage.games import RULESETS, registered
from marcomage.platform.protocol import Ruleset
from marcomage.web.core.widgets import cards_of
from marcomage.web.games import computer
from marcomage.web.stats.services import card_label

from ..auth import need
from ..schemas import REFUSALS, CardSet, SystemOut

router = Router(tags=["game systems"])


def _system(game: str) -> Ruleset:
    found = RULESETS.get(game)
    if found is None:
        raise HttpError(404, f"There is no game system {game!r}.")
    return found


def _default(field: dataclasses.Field[Any]) -> Any:
    if field.default is not dataclasses.MISSING:
        value = field.default
    elif field.default_factory is not dataclasses.MISSING:
        value = field.default_factory()
    else:
        return None
    return value if isinstance(value, (bool, int, float, str, type(None))) else str(value)


def _formats(ruleset: Ruleset) -> list[dict[str, str]]:
    return [{"id": f.id, "name": f.name, "description": f.description}
            for f in ruleset.formats.values()]


@router.get("/systems", response={200: list[SystemOut], **REFUSALS})
def systems(request: HttpRequest) -> Any:
    """Every game system the site hosts, its seats, deck formats and options."""
    need(request, "read")
    found = []
    for game, _name in registered():
        ruleset = RULESETS[game]
        found.append({
            "id": ruleset.id, "name": ruleset.name, "version": ruleset.version,
            "seats": list(ruleset.seats), "formats": _formats(ruleset),
            "options": [{"name": f.name, "default": _default(f)}
                        for f in dataclasses.fields(ruleset.options_type)],
            "computer": computer.plays(ruleset.id)})
    return found


@router.get("/systems/{game}/cards", response={200: CardSet, **REFUSALS})
def card_set(request: HttpRequest, game: str) -> Any:
    """A game system's card set: its formats, its starter decks (platform deck documents)
    and every card with its name, kind and printed text (from the system's `cards` widget;
    a system without one lists the cards of its starter decks)."""
    need(request, "read")
    ruleset = _system(game)
    starters: list[dict[str, Any]] = [dict(doc) for doc in ruleset.starter_decks()]
    listed = cards_of(ruleset.id)
    if listed is not None:
        cards = listed.catalog()
    else:
        ids = sorted({str(entry["card"]) for doc in starters
                      for entry in doc.get("entries", [])}, key=lambda c: (len(c), c))
        cards = [{"card": card, "name": card_label(ruleset.id, card)} for card in ids]
    return {"game": ruleset.id, "formats": _formats(ruleset), "starter_decks": starters,
            "cards": cards}
