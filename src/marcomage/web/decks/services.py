"""What the site does with decks of every game system (PL-SHARED-2): which are ready, the
document a game takes, names, deck slots, new decks and the decks a newcomer is given.

The rules of a deck are its ruleset's (`validate_deck`, `formats`, `starter_decks`); a
game's own editor lives in its widget folder (`web/rulesets/<id>/deck_editor.py`)."""

from __future__ import annotations

import time
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from marcomage.games import DEFAULT_RULESET, UnknownRuleset, find_ruleset, ruleset_name
from marcomage.platform.protocol import DeckDoc
from marcomage.platform.rating import DECK_SLOTS
from marcomage.web.core.widgets import deck_editor_of
from marcomage.web.scores.services import level_of

from .models import NAME_LENGTH, Deck, name_key
from .models import format_violations as format_violations  # the lobby's check of a game's format


class DeckNotReady(ValueError):
    """A deck its format's validator refuses was asked to start or join a game (C-DECK-2)."""


class DeckError(ValueError):
    """A deck change the rules refuse; the message says why, for the player."""


def format_name(game: str, fmt: str) -> str:
    """A deck format's name for players ("Standard"), or its id when it is unknown."""
    try:
        return str(find_ruleset(game).formats[fmt].name)
    except (UnknownRuleset, KeyError):
        return fmt


def slots_at_level(game: str, level: int) -> int:
    """Decks a player may have in `game` at `level`: the game's own rule where its widgets
    give one (`deck_editor.deck_slots`, MArcomage's bonus every 6th level), else 8."""
    editor = deck_editor_of(game)
    rule = editor.deck_slots if editor is not None else None
    return DECK_SLOTS if rule is None else rule(level)


def level_bonus(game: str) -> bool:
    """Whether levels in `game` bring deck slots."""
    return slots_at_level(game, 0) != slots_at_level(game, 1000)


def deck_slots(user: Any, game: str) -> int:
    """PL-SHARED-2: 8 decks per game system, plus the level bonus where the game has one."""
    return slots_at_level(game, level_of(user, game))


def next_bonus_level(game: str, level: int) -> int | None:
    """The next level that brings a deck slot in `game`, or None when levels bring none."""
    if not level_bonus(game):
        return None
    later = level + 1
    while slots_at_level(game, later) == slots_at_level(game, level):
        later += 1
    return later


def decks_of(user: Any, game: str) -> list[Deck]:
    """The player's decks of one game system, oldest first."""
    return list(Deck.objects.filter(owner=user, game=game))


def ready_decks(user: Any, game: str = DEFAULT_RULESET) -> list[Deck]:
    """The player's decks of `game` that may start or join a game (their format's validator
    finds nothing against them)."""
    return [deck for deck in decks_of(user, game) if deck.ready]


def deck_document(deck: Deck) -> DeckDoc:
    """The deck as the game takes it (PL-SHARED-2: copied when its owner commits it); a deck
    its validator refuses raises DeckNotReady with the first reason."""
    problems = deck.violations
    if problems:
        raise DeckNotReady(f"The deck {deck.name!r} is not ready: {problems[0].message}")
    doc = deck.document()
    doc["extra"] = {key: value for key, value in doc.get("extra", {}).items()
                    if key != "empty"}  # where MArcomage's editor left empty slots
    return doc


def check_name(owner: Any, name: str, deck: Deck | None = None,
               game: str = DEFAULT_RULESET) -> str:
    """C-DECK-3: the trimmed name if it is usable for `deck` (or a new deck of `game`), else
    DeckError. Unique among the owner's decks of the same game system, ignoring letter case
    and surrounding spaces; the deck itself excluded."""
    name = name.strip()
    if not name:
        raise DeckError("A deck name must not be blank.")
    if len(name) > NAME_LENGTH:
        raise DeckError(f"A deck name has at most {NAME_LENGTH} characters.")
    others = Deck.objects.filter(owner=owner, game=deck.game if deck else game,
                                 name_key=name_key(name))
    if deck is not None:
        others = others.exclude(pk=deck.pk)
    if others.exists():
        raise _taken(name)
    return name


def _taken(name: str) -> DeckError:
    return DeckError(f"You already have a deck named {name!r}.")


def _save_named(deck: Deck) -> None:
    """Store the deck; a name another request took meanwhile (the unique constraint on the
    name's key, checked by the database) is refused like one taken before (C-DECK-3)."""
    try:
        with transaction.atomic():
            deck.save()
    except IntegrityError:
        raise _taken(deck.name) from None


def rename(deck: Deck, name: str) -> None:
    """C-DECK-3: give the deck a new name, unique among the owner's decks of its game."""
    new = check_name(deck.owner, name, deck)
    if new == deck.name:
        raise DeckError(f"The deck is already named {new!r}.")
    old = deck.name
    deck.name = new
    try:
        _save_named(deck)
    except DeckError:
        deck.name = old
        raise


def check_game(game: str, fmt: str | None = None) -> tuple[str, str]:
    """A registered game system and one of its formats (its first when none is given)."""
    try:
        ruleset = find_ruleset(game)
    except UnknownRuleset as unknown:
        raise DeckError(f"There is no game system {game!r}.") from unknown
    formats = list(ruleset.formats)
    if fmt is None or fmt == "":
        fmt = formats[0]
    if fmt not in ruleset.formats:
        raise DeckError(f"{ruleset.name} has no deck format {fmt!r}.")
    return game, fmt


@transaction.atomic
def create_deck(owner: Any, game: str, fmt: str | None, name: str, starter: str = "") -> Deck:
    """A new deck of `game` in `fmt`, empty or a copy of the game's starter deck named
    `starter`, while the player has a free deck slot of that game (PL-SHARED-2, C-DECK-4);
    refused with DeckError otherwise."""
    game, fmt = check_game(game, fmt)
    name = check_name(owner, name, game=game)
    copied: DeckDoc | None = None
    if starter:
        found = [doc for doc in find_ruleset(game).starter_decks() if doc.get("name") == starter]
        if not found:
            raise DeckError(f"{ruleset_name(game)} has no starter deck {starter!r}.")
        copied = found[0]
        fmt = copied.get("format", fmt)
    slots = deck_slots(owner, game)
    # The owner's row is held so that parallel requests count each other's new decks.
    get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk").first()
    if Deck.objects.filter(owner=owner, game=game).count() >= slots:
        raise DeckError(f"All your {slots} {ruleset_name(game)} deck slots hold a deck.")
    deck = Deck(owner=owner, game=game, format=fmt, name=name)
    if copied is not None:
        _copy(deck, copied)
    _save_named(deck)
    return deck


def _copy(deck: Deck, doc: DeckDoc) -> None:
    """Give the deck the cards and extra part of a deck document."""
    deck.entries = [{"card": entry["card"], "count": int(entry["count"])}
                    for entry in doc.get("entries", [])]
    deck.extra = dict(doc.get("extra", {}))


@transaction.atomic
def give_starter_decks(user: Any, game: str = DEFAULT_RULESET) -> list[Deck]:
    """C-DECK-4, C-DECK-11 for every game system: "deck 1" to "deck 8", the first ones the
    ruleset's starter decks, the rest empty. Only for a player with no deck of that game."""
    if Deck.objects.filter(owner=user, game=game).exists():
        return []
    ruleset = find_ruleset(game)
    starters = list(ruleset.starter_decks())
    default_format = next(iter(ruleset.formats))
    decks = []
    for number in range(1, DECK_SLOTS + 1):
        deck = Deck(owner=user, game=game, format=default_format, name=f"deck {number}")
        if number <= len(starters):
            deck.format = starters[number - 1].get("format", default_format)
            _copy(deck, starters[number - 1])
        deck.save()
        decks.append(deck)
    return decks


def grant_bonus_deck(user: Any, game: str = DEFAULT_RULESET) -> Deck:
    """C-DECK-4: one more empty deck when a level brings a deck slot. The 2010 engine named it
    with the Unix time; the name is unique among the player's decks of that game."""
    name = str(int(time.time()))
    taken = set(Deck.objects.filter(owner=user, game=game).values_list("name_key", flat=True))
    suffix = 0
    while (candidate := name if not suffix else f"{name}-{suffix}").casefold() in taken:
        suffix += 1
    _, fmt = check_game(game)
    return Deck.objects.create(owner=user, game=game, format=fmt, name=candidate)

