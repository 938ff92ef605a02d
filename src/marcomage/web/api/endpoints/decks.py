"""Decks: list, read, create, update, validate against a format, import and export, all
through web/decks/services.py and each ruleset's own validator."""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction
from django.http import HttpRequest
from ninja import Router, Status
from ninja.errors import HttpError

from marcomage.games import DEFAULT_RULESET
from marcomage.platform.protocol import DeckDoc
from marcomage.web.decks import services
from marcomage.web.decks.entries import EntriesError, entries_text, parse_entries
from marcomage.web.decks.models import Deck

from ..auth import need
from ..schemas import REFUSALS, DeckImport, DeckIn, DeckOut, DeckUpdate, Validation

router = Router(tags=["decks"])
MAX_EXTRA = 20_000
"""Characters of a deck's `extra` part as JSON."""


def _own(user: Any, deck_id: int) -> Deck:
    deck = Deck.objects.filter(pk=deck_id, owner=user).first()
    if deck is None:
        raise HttpError(404, "There is no such deck of yours.")
    return deck


def _violations(deck: Deck) -> list[dict[str, str]]:
    """The format validator's findings; a deck it cannot even read is refused (400)."""
    try:
        return [{"code": v.code, "message": v.message} for v in deck.violations]
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as problem:
        raise HttpError(400, f"The game cannot read this deck: {problem}") from None


def _out(deck: Deck) -> dict[str, Any]:
    """The deck as the API shows it; `extra` as the game takes it (`Deck.document`: a game
    may rebuild parts of it, as Elder Tale does its custom cards from the collection)."""
    problems = _violations(deck)
    return {"id": deck.pk, "game": deck.game, "format": deck.format, "name": deck.name,
            "ready": not problems, "cards": deck.card_count, "entries": deck.entries,
            "extra": deck.document()["extra"], "violations": problems}


def _entries(raw: list[dict[str, Any]]) -> list[Any]:
    """Entries {"card", "count"} checked like the generic editor's "card count" lines."""
    for entry in raw:
        card, count = entry.get("card"), entry.get("count")
        if not isinstance(card, (int, str)) or isinstance(card, bool) or not str(card).strip() \
                or any(ch.isspace() for ch in str(card)):
            raise HttpError(400, "Each entry needs a card id (a number or a word).")
        if not isinstance(count, int) or isinstance(count, bool):
            raise HttpError(400, "Each entry needs a whole-number count.")
    try:
        return list(parse_entries(entries_text(raw)))
    except EntriesError as problem:
        raise HttpError(400, str(problem)) from None


def _extra(raw: dict[str, Any]) -> dict[str, Any]:
    if len(json.dumps(raw)) > MAX_EXTRA:
        raise HttpError(400, f"A deck's extra part has at most {MAX_EXTRA} characters.")
    return raw


@router.get("/decks", response={200: list[DeckOut], **REFUSALS})
def decks(request: HttpRequest, game: str = DEFAULT_RULESET) -> Any:
    """Your decks of one game system, oldest first."""
    user = need(request, "read")
    return [_out(deck) for deck in services.decks_of(user, game)]


@router.get("/decks/{int:deck_id}", response={200: DeckOut, **REFUSALS})
def deck(request: HttpRequest, deck_id: int) -> Any:
    """One of your decks with its validator's findings."""
    return _out(_own(need(request, "read"), deck_id))


@router.post("/decks", response={201: DeckOut, **REFUSALS})
def create(request: HttpRequest, body: DeckIn) -> Any:
    """A new deck (empty, or a copy of a starter deck) while a deck slot is free."""
    user = need(request, "decks")
    made = services.create_deck(user, body.game, body.format or None, body.name,
                                starter=body.starter)
    return Status(201, _out(made))


@router.put("/decks/{int:deck_id}", response={200: DeckOut, **REFUSALS})
def update(request: HttpRequest, deck_id: int, body: DeckUpdate) -> Any:
    """Change a deck's name, format, entries or extra part; it is stored even when its
    validator finds violations (it is then not ready), as the editors do."""
    user = need(request, "decks")
    with transaction.atomic():
        found = _own(user, deck_id)
        if body.name is not None and body.name.strip() != found.name:
            found.name = services.check_name(user, body.name, found)
        if body.format is not None:
            _game, found.format = services.check_game(found.game, body.format)
        if body.entries is not None:
            found.entries = _entries(body.entries)
        if body.extra is not None:
            found.extra = _extra(body.extra)
        answer = _out(found)
        found.save()
    answer["id"] = found.pk
    return answer


@router.post("/decks/{int:deck_id}/validate", response={200: Validation, **REFUSALS})
def validate(request: HttpRequest, deck_id: int, format: str = "") -> Any:
    """What the format's validator says against the deck (its own format by default)."""
    found = _own(need(request, "read"), deck_id)
    _game, fmt = services.check_game(found.game, format or found.format)
    found.format = fmt  # not saved: only asked
    problems = _violations(found)
    return {"format": fmt, "ready": not problems, "violations": problems}


@router.get("/decks/{int:deck_id}/export", response={200: dict[str, Any], **REFUSALS})
def export(request: HttpRequest, deck_id: int) -> Any:
    """The deck as the platform deck document (PL-SHARED-2), for import elsewhere."""
    doc: DeckDoc = _own(need(request, "read"), deck_id).document()
    return doc


@router.post("/decks/import", response={201: DeckOut, **REFUSALS})
def import_deck(request: HttpRequest, body: DeckImport) -> Any:
    """A new deck from a platform deck document (as `export` gives it)."""
    user = need(request, "decks")
    doc = body.document
    game, fmt = doc.get("game"), doc.get("format", "")
    if not isinstance(game, str) or not isinstance(fmt, str):
        raise HttpError(400, "A deck document names its game and format.")
    entries, extra = doc.get("entries", []), doc.get("extra", {})
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries) \
            or not isinstance(extra, dict):
        raise HttpError(400, "A deck document has a list of entries and an extra object.")
    name = body.name or doc.get("name")
    if not isinstance(name, str):
        raise HttpError(400, "Give the deck a name.")
    with transaction.atomic():
        made = services.create_deck(user, game, fmt or None, name)
        made.entries = _entries(entries)
        made.extra = _extra(extra)
        answer = _out(made)
        made.save()
    return Status(201, answer)
