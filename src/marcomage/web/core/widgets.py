"""The widget contract and its registry: what a game system's web folder
(`web/rulesets/<id>/`) may give the site, typed, and the one place the apps find it by the
game's id. Every part is a module of the folder that ends with `WIDGET = <Part>(...)`; the
registry imports the module, checks that `WIDGET` is of the part's type and hands it out, so
the apps call typed fields (never `getattr` on a module) and a game without the module gets
the default named here (the generic board, the generic deck editor, the random bot ...).

| part (module)    | contract      | without it                                        |
|------------------|---------------|---------------------------------------------------|
| `board`          | `Board`       | the generic board (`web/rulesets/generic/`)       |
| `deck_editor`    | `DeckEditor`  | the decks app's "card count" editor               |
| `computer`       | `Computer`    | the platform's random bot, a starter deck         |
| `reports`        | `Reports`     | messaging's generic battle report and level-up    |
| `cards`          | `Cards`       | the API lists the cards of the starter decks      |
| `stats`          | `Stats`       | statistics name a card by its id                  |
| `concepts`       | `Concepts`    | the game has no card concepts                     |
| `api`            | `ApiRoutes`   | the game has no endpoints of its own              |

A shared app (forum, concepts, stats ...) names no game's folder: it asks this registry.
This module imports no Django and no game's widget folder at import time, so a worker
process (the computer's thinking) loads only the part it needs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from marcomage.games import RULESETS
from marcomage.platform.protocol import (
    PLATFORM_END_TYPES,
    Action,
    DeckDoc,
    SeatAward,
    State,
    Violation,
)
from marcomage.web.rulesets.generic import board as generic

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse

    from marcomage.platform.bots import Bot

ROOT = "marcomage.web.rulesets"

View = Mapping[str, Any]
"""What `Ruleset.view` gave for one seat (or, for a replay, for everyone)."""

Players = list[Any]
"""The seats' accounts in seat order (a user, or None for an empty seat)."""


def platform_end_words(end_type: str) -> str:
    """How a game ended, in words, for a game whose board does not say: the platform's end
    types by name, any other end type from its id ("round_limit" -> "Round limit")."""
    words = {"surrender": "Surrender", "abort": "Aborted game", "abandon": "Abandoned game"}
    if end_type in PLATFORM_END_TYPES:
        return words[end_type]
    return end_type.replace("_", " ").capitalize()


@dataclass(frozen=True, slots=True)
class ReplayBoard:
    """How the replay viewer draws a position: the template and its context from the
    replay view (everything visible, PL-VIEW-4)."""

    template: str
    context: Callable[[View, Players], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Board:
    """The game page's board (`board.py`): the template with `context(view, seat, legal,
    players)`, the action a posted form means (`action_from_form`, ValueError when none),
    and the optional parts, each with its default here."""

    template: str
    context: Callable[[View, int, list[Action], Players], dict[str, Any]]
    action_from_form: Callable[[Mapping[str, Any]], Action]
    replay: ReplayBoard | None = None
    """The replay viewer's board; None: the generic fields of the view."""
    describe: Callable[[View, int, Mapping[str, Any]], str] | None = None
    """A step of a replay in words, from the replay view before it; None: the action's
    fields."""
    how_it_ended: Callable[[str], str] = platform_end_words
    """An end type in words ("Tower destruction victory")."""
    option_labels: Mapping[str, str] = field(default_factory=dict)
    """The lobby's and the replay header's words for the options (else the field name)."""
    hand_anchor: str = "game-board"
    """The element the page scrolls to when it is the player's turn."""
    draw: Callable[[Mapping[str, Any]], str] | None = None
    """The live board drawn by code from its whole context (issue 36: MArcomage's, with its
    parts counted as it is written, a `games.parts.Parted`), for the seats' shared
    renderings; None: the template draws it (the template may call the same code)."""
    auto_action: Callable[[list[Action]], Action | None] | None = None
    """The action the site takes for a player whose legal actions leave no real choice (an
    Arcana response window where only "pass" is legal, issue 34), unless the player's
    settings ask to stop there; None: the site never acts for a player."""


class DeckPage(Protocol):
    def __call__(self, request: HttpRequest, deck: Any) -> HttpResponse: ...


@dataclass(frozen=True, slots=True)
class DeckEditor:
    """The game's own deck editor (`deck_editor.py`): its pages (`urlpatterns`, mounted by
    the decks app) and `edit`, the editor page of one deck."""

    urlpatterns: list[Any]
    edit: DeckPage
    deck_slots: Callable[[int], int] | None = None
    """Decks a player may have at a level (MArcomage's bonus slots); None: 8 at every
    level (PL-SHARED-2)."""
    deck_size: int | None = None
    """The fixed number of cards of a deck, shown on the list; None: not shown."""
    list_hint_template: str | None = None
    """A template included under the deck list; None: no hint."""
    fill_document: Callable[[Any, DeckDoc], DeckDoc] | None = None
    """`fill_document(deck, doc)`: the deck's document with the parts the site makes from
    its own data rather than trust a client with (Elder Tale's custom cards)."""
    owner_violations: Callable[[Any, DeckDoc, str], list[Violation]] | None = None
    """`owner_violations(owner, doc, fmt)`: what the site's own data says against a deck of
    `owner` in format `fmt`, after the ruleset's validator (Arcana's Collection format: the
    cards the owner does not own); None: nothing."""


class BotMaker(Protocol):
    def __call__(self, level: str, seed: int, *, think: float | None,
                 iterations: int | None) -> Bot: ...


@dataclass(frozen=True, slots=True)
class Computer:
    """The computer opponent (`computer.py`, pure code without Django: it runs in the
    thinking processes): the bot of a difficulty with its budget, and its deck."""

    bot: BotMaker
    deck: Callable[[int], DeckDoc] | None = None
    """The computer's deck dealt from a seed; None: a starter deck."""


@dataclass(frozen=True, slots=True)
class Reports:
    """The game's system messages (`reports.py`): a seat's battle report (None: no report)
    and the level-up message."""

    battle_report: Callable[[SeatAward, str, str | None, State], str | None]
    level_up: Callable[[int], str]


@dataclass(frozen=True, slots=True)
class Cards:
    """The card set (`cards.py`): `catalog()` as the public API lists it, and how the forum
    draws a card a post names with [card=ID] for the viewing player (None: it does not)."""

    catalog: Callable[[], list[dict[str, Any]]]
    draw_in_post: Callable[[Any, int], str | None] | None = None
    """`draw_in_post(template_context, card_id)`: the card's HTML, or None when there is no
    such card."""


@dataclass(frozen=True, slots=True)
class Stats:
    """The statistics pages' words (`stats.py`): a card's name from its stored id."""

    card_label: Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Concepts:
    """Card concepts (`concepts.py`): the keywords the card template offers, the problems
    and the words of an effect code, and a deck document with a concept as a guest card in
    place of one of its cards (ValueError when the deck has none of its class)."""

    keywords: Sequence[str]
    code_problems: Callable[[str, int], list[str]]
    code_in_words: Callable[[str], list[str]]
    with_guest: Callable[[DeckDoc, Any], DeckDoc]


@dataclass(frozen=True, slots=True)
class ApiRoutes:
    """The game's own API endpoints (`api.py`): a django-ninja `Router` the API mounts on
    /api/v1/ (paths under /systems/<id>/)."""

    router: Any


Part = TypeVar("Part")


def _module(game: str, part: str) -> ModuleType | None:
    """The module `part` of the game's widget folder, or None when the game has none."""
    if not game.isidentifier():
        return None
    name = f"{ROOT}.{game}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name is not None and name.startswith(missing.name):
            return None
        raise


def _part(game: str, part: str, kind: type[Part]) -> Part | None:
    """The game's widget `part`, checked against its contract (TypeError when the module
    declares something else), or None when the game has no such module."""
    module = _module(game, part)
    if module is None:
        return None
    found = vars(module).get("WIDGET")
    if not isinstance(found, kind):
        raise TypeError(f"{module.__name__}.WIDGET must be a {kind.__name__}, "
                        f"not {type(found).__name__}.")
    return found


GENERIC_BOARD = Board(template=generic.TEMPLATE, context=generic.context,
                      action_from_form=generic.action_from_form)
"""The generic board (`web/rulesets/generic/`): the view's fields and a button per legal
action, for any game system."""


def board_of(game: str) -> Board:
    """The game's board, or the generic board."""
    own = _part(game, "board", Board)
    return own if own is not None else GENERIC_BOARD


def deck_editor_of(game: str) -> DeckEditor | None:
    """The game's own deck editor, or None (the generic one)."""
    return _part(game, "deck_editor", DeckEditor)


def computer_of(game: str) -> Computer | None:
    """The game's computer opponent, or None (the random bot with a starter deck)."""
    return _part(game, "computer", Computer)


def reports_of(game: str) -> Reports | None:
    """The game's system messages, or None (the generic ones)."""
    return _part(game, "reports", Reports)


def cards_of(game: str) -> Cards | None:
    """The game's card set, or None."""
    return _part(game, "cards", Cards)


def stats_of(game: str) -> Stats | None:
    """The game's words for the statistics pages, or None."""
    return _part(game, "stats", Stats)


def concepts_of(game: str) -> Concepts | None:
    """The game's card concepts, or None when it has none."""
    return _part(game, "concepts", Concepts)


def api_routers() -> list[Any]:
    """The API routers of every registered game that has its own endpoints."""
    found: list[Any] = []
    for game in RULESETS:
        own = _part(game, "api", ApiRoutes)
        if own is not None:
            found.append(own.router)
    return found


def deck_urlpatterns() -> list[Any]:
    """The deck pages of every registered game that has its own deck editor."""
    found: list[Any] = []
    for game in RULESETS:
        editor = deck_editor_of(game)
        if editor is not None:
            found += editor.urlpatterns
    return found
