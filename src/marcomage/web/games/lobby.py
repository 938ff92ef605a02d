"""Starting games: the game system, format, deck and options a player chooses; challenges
(C-GAME-6, C-GAME-7), hosted games (C-GAME-8), the slot check (C-GAME-3) and the deal.

The computer's games (computer.py) start through the same public steps: `need_slot`,
`choose_system`, `choose_deck`, `create_game`, `sit`, `new_seed` and `deal`.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from marcomage.games import DEFAULT_RULESET
from marcomage.platform.protocol import DeckDoc, IllegalAction, Ruleset
from marcomage.web.core.events import challenge_answered
from marcomage.web.core.widgets import computer_of
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import (
    DeckNotReady,
    deck_document,
    format_violations,
    ready_decks,
)
from marcomage.web.preferences.models import preferences_of

from . import queries
from .errors import GameError, NotFound
from .models import CHALLENGE_LENGTH, Game, Seat, Status
from .play import wake_computer
from .queries import initiated, lock_game, round_of, ruleset_of, user_ids, with_seats
from .realtime import wake_game

RANDOM_DECK = "random"


def hold(*users: Any) -> None:
    """Lock the player's account row for the rest of the transaction: a player's requests
    that take a slot or start a game against someone then run one after another, so the
    slot count (C-GAME-3) and the one-game-per-opponent rule (C-GAME-4) see every game the
    player's other requests stored. PostgreSQL's READ COMMITTED would otherwise let ten
    parallel challenges each count the others as missing; SQLite's IMMEDIATE transactions
    are serial already (its `select_for_update` is a no-op). Several rows are locked in id
    order, so two requests holding the same players never wait for each other in a circle."""
    ids = sorted({int(user.pk) for user in users})
    list(get_user_model().objects.select_for_update().filter(pk__in=ids).order_by("pk")
         .values_list("pk", flat=True))


def need_slot(user: Any, *, incoming: bool = True) -> None:
    """C-GAME-3: refuse when no slot is free (holding the player's row, see `hold`)."""
    hold(user)
    if queries.free_slots(user, incoming=incoming) < 1:
        raise GameError(
            f"All your {queries.total_slots(user)} game slots are in use (games, hosted games "
            "and challenges count). Finish or leave a game first."
        )


# --- the game system, its format, deck and options ------------------------------------------


@dataclass(frozen=True)
class Choice:
    """What a player chose to start a game: the system, the format and the options (JSON)."""

    ruleset: str
    format: str
    options: dict[str, Any]


def option_fields(ruleset: Ruleset) -> list[dataclasses.Field[Any]]:
    """The ruleset's Options fields, in order (the lobby's form)."""
    return list(dataclasses.fields(ruleset.options_type))


def choose_system(ruleset_id: Any, fmt: Any = None, options: Mapping[str, Any] | None = None
                  ) -> Choice:
    """The game system, one of its formats (its first by default) and its options, checked
    by the ruleset (PL-PROTO-7)."""
    ruleset = ruleset_of(str(ruleset_id or DEFAULT_RULESET))
    fmt = str(fmt or next(iter(ruleset.formats)))
    if fmt not in ruleset.formats:
        raise GameError(f"{ruleset.name} has no deck format {fmt!r}.")
    try:
        parsed = ruleset.options_from_json(dict(options or {}))
    except (TypeError, ValueError) as problem:
        raise GameError(f"Those options are not valid: {problem}") from None
    return Choice(ruleset.id, fmt, ruleset.options_to_json(parsed))


def choose_deck(user: Any, ruleset_id: str, choice: Any, fmt: str | None = None) -> Deck:
    """The player's ready deck of this game by id, or a random ready one when the setting
    allows it (C-GAME-5); with `fmt`, one that also fits the game's format (Arcana's
    Collection format: only cards the player owns)."""
    deck = _ready_deck(user, ruleset_id, choice)
    if fmt is not None:
        problems = format_violations(user, deck_document(deck), fmt)
        if problems:
            raise GameError(f"The deck {deck.name!r} does not fit the game's format: "
                            f"{problems[0].message}")
    return deck


def _ready_deck(user: Any, ruleset_id: str, choice: Any) -> Deck:
    if str(choice) == RANDOM_DECK:
        if not preferences_of(user).random_deck_selection:
            raise GameError("Random deck selection is off in your settings.")
        decks = ready_decks(user, ruleset_id)
        if not decks:
            raise GameError("You have no ready deck for this game.")
        return secrets.choice(decks)
    try:
        deck = Deck.objects.get(pk=int(choice), owner=user)
    except (TypeError, ValueError, Deck.DoesNotExist):
        raise GameError("Choose one of your decks.") from None
    try:
        deck_document(deck)
    except DeckNotReady as problem:
        raise GameError(str(problem)) from None
    if deck.pk not in {d.pk for d in ready_decks(user, ruleset_id)}:
        raise GameError(f"The deck {deck.name!r} is not a deck of this game.")
    return deck


def _check_modes_text(message: str) -> str:
    """C-GAME-6: the challenge text, at most 250 characters."""
    if len(message) > CHALLENGE_LENGTH:
        raise GameError(f"The challenge text may have at most {CHALLENGE_LENGTH} characters "
                        f"(it has {len(message)}).")
    return message


def create_game(choice: Choice, status: Any, seats: int, message: str = "") -> Game:
    """A new game record of the chosen system, without seats yet."""
    ruleset = ruleset_of(choice.ruleset)
    return Game.objects.create(
        ruleset=ruleset.id, ruleset_version=ruleset.version, options=choice.options,
        format=choice.format, status=status, seats_count=seats, message=message,
        friendly=bool(choice.options.get("friendly", False)))


def sit(game: Game, number: int, user: Any, deck: Deck | None, deck_name: str = "", *,
        computer: bool = False) -> Seat:
    """Seat `user` (None: an empty seat) in seat `number` with `deck` (or only its name);
    `computer` marks a seat the computer plays (its account is `user`)."""
    return Seat.objects.create(game=game, number=number, user=user, deck=deck,
                               deck_name=deck.name if deck is not None else deck_name,
                               computer=computer)


def computer_deck(ruleset_id: str, seed: int, fmt: str | None = None) -> DeckDoc:
    """The computer's deck for a game of format `fmt` (the system's first by default): the
    game's own choice from the seed when it fits the format, else a starter deck that does
    (FW-DECK-8: both armies follow the game's format); GameError when none does."""
    ruleset = ruleset_of(ruleset_id)
    fmt = fmt or next(iter(ruleset.formats))
    candidates: list[DeckDoc] = []
    widgets = computer_of(ruleset_id)
    if widgets is not None and widgets.deck is not None:
        candidates.append(widgets.deck(seed))
    starters = list(ruleset.starter_decks())
    candidates += starters[seed % len(starters):] + starters[:seed % len(starters)] \
        if starters else []
    for doc in candidates:
        if not ruleset.validate_deck(doc, fmt):
            return doc
    name = ruleset.formats[fmt].name if fmt in ruleset.formats else fmt
    raise GameError(f"The computer has no deck for the {name} format of {ruleset.name}.")


def computer_seed(seed: int, number: int) -> int:
    """The seed of the computer's deck in seat `number`: the game's own in seat 1 (as in
    every two-seat game), a neighbour in the others, so that its seats bring different
    decks where the game's widgets choose by the seed (issue 35)."""
    return (seed + number - 1) % (1 << 63)


# --- challenges (C-GAME-6, C-GAME-7) -----------------------------------------------------------


@transaction.atomic
def challenge(challenger: Any, opponent: Any, deck_choice: Any, message: str = "", *,
              ruleset: Any = DEFAULT_RULESET, format: Any = None,
              options: Mapping[str, Any] | None = None) -> Game:
    """Send a challenge (two seats); the challenged player's slots are not checked (C-GAME-3)."""
    if opponent is None or not opponent.is_active:
        raise GameError("There is no such player.")
    if opponent.pk == challenger.pk:
        raise GameError("You cannot challenge yourself.")
    choice = choose_system(ruleset, format, options)
    if 2 not in ruleset_of(choice.ruleset).seats:
        raise GameError(f"{ruleset_of(choice.ruleset).name} is not played by two; host it.")
    text = _check_modes_text(message.strip())
    hold(challenger)
    if initiated(challenger, opponent):
        raise GameError(f"You already have a game you started against {opponent.username}; "
                        "only one such game per opponent is allowed.")
    need_slot(challenger)
    deck = choose_deck(challenger, choice.ruleset, deck_choice, choice.format)
    game = create_game(choice, Status.CHALLENGE, 2, text)
    sit(game, 0, challenger, deck)
    sit(game, 1, opponent, None)
    wake_game(game.pk, game.version, [opponent.pk])
    return game


def _challenge(user: Any, game_id: Any, number: int, missing: str) -> Game:
    game = lock_game(game_id)
    seat = game.seat_of(user)
    if game.status != Status.CHALLENGE or seat is None or seat.number != number:
        raise NotFound(missing)
    return game


@transaction.atomic
def withdraw(user: Any, game_id: Any) -> None:
    """The challenger takes back a challenge not yet answered (C-GAME-7)."""
    game = _challenge(user, game_id, 0, "There is no such challenge of yours.")
    others = [uid for uid in user_ids(game) if uid != user.pk]
    game.delete()
    wake_game(int(game_id), 0, others)


@transaction.atomic
def accept(user: Any, game_id: Any, deck_choice: Any) -> Game:
    """The challenged player accepts with a ready deck: the game starts (C-GAME-7)."""
    game = _challenge(user, game_id, 1, "There is no such challenge to you.")
    need_slot(user, incoming=False)
    deck = choose_deck(user, game.ruleset, deck_choice, game.format)
    Seat.objects.filter(game=game, number=1).update(deck=deck, deck_name=deck.name)
    game = with_seats(Game.objects.filter(pk=game.pk)).get()
    _start(game, user)
    challenge_answered.send(sender=Game, challenger=game.host, challenged=user,
                            accepted=True, game_id=game.pk)
    return game


@transaction.atomic
def reject(user: Any, game_id: Any) -> None:
    """The challenged player refuses: the challenge is deleted (C-GAME-7)."""
    game = _challenge(user, game_id, 1, "There is no such challenge to you.")
    challenger = game.host
    game.delete()
    challenge_answered.send(sender=Game, challenger=challenger, challenged=user,
                            accepted=False, game_id=None)
    wake_game(int(game_id), 0, [challenger.pk])


# --- hosted games (C-GAME-8) -------------------------------------------------------------------


@transaction.atomic
def host(user: Any, deck_choice: Any, *, ruleset: Any = DEFAULT_RULESET, format: Any = None,
         options: Mapping[str, Any] | None = None, seats: Any = None) -> Game:
    """Offer a game anyone may join; it starts when all its seats are filled."""
    choice = choose_system(ruleset, format, options)
    system = ruleset_of(choice.ruleset)
    try:
        count = int(seats) if seats not in (None, "") else system.seats.start
    except (TypeError, ValueError):
        raise GameError("The number of players must be a number.") from None
    if count not in system.seats:
        raise GameError(f"{system.name} is played by {system.seats.start} to "
                        f"{system.seats.stop - 1} players.")
    need_slot(user)
    deck = choose_deck(user, choice.ruleset, deck_choice, choice.format)
    game = create_game(choice, Status.HOSTED, count)
    sit(game, 0, user, deck)
    for number in range(1, count):
        sit(game, number, None, None)
    return game


@transaction.atomic
def unhost(user: Any, game_id: Any) -> None:
    """The host cancels a hosted game that has not started yet; a player who joined it
    gives his seat back instead."""
    game = lock_game(game_id)
    seat = game.seat_of(user)
    if game.status != Status.HOSTED or seat is None:
        raise NotFound("There is no such hosted game of yours.")
    others = [uid for uid in user_ids(game) if uid != user.pk]
    if seat.number == 0:
        game.delete()
    else:
        Seat.objects.filter(pk=seat.pk).update(user=None, deck=None, deck_name="")
    wake_game(int(game_id), game.version, others)


@transaction.atomic
def join(user: Any, game_id: Any, deck_choice: Any) -> Game:
    """Take the next free seat of a hosted game; the last seat filled starts it (C-GAME-8)."""
    game = lock_game(game_id)
    if game.status == Status.CHALLENGE:  # a challenge is not the others' business
        raise NotFound("There is no such game.")
    if game.status != Status.HOSTED:  # a hosted game was public: say why, not "not found"
        raise GameError("This game is no longer open: all its seats were taken.")
    mine = game.seat_of(user)
    if mine is not None:
        raise GameError("You cannot join your own game." if mine.number == 0
                        else "You are in this game already.")
    hold(game.host, user)  # a challenge between the two waits for us, or we for it
    if initiated(game.host, user):
        raise GameError(f"{game.host.username} already started a game against you; only "
                        "one such game per opponent is allowed.")
    need_slot(user)
    deck = choose_deck(user, game.ruleset, deck_choice, game.format)
    free = [seat for seat in game.seat_list() if seat.user_id is None]
    if not free:
        raise GameError("This game is no longer open: all its seats were taken.")
    Seat.objects.filter(pk=free[0].pk).update(user=user, deck=deck, deck_name=deck.name)
    game = with_seats(Game.objects.filter(pk=game.pk)).get()
    if len(free) == 1:
        _start(game, user)
    else:
        wake_game(game.pk, game.version, user_ids(game))
    return game


# --- the deal ----------------------------------------------------------------------------------


def new_seed() -> int:
    """A fresh random seed for one game (tests replace it to get a known game)."""
    return secrets.randbits(63)


def _start(game: Game, user: Any) -> None:
    """Deal the game with every seat's deck (copied now, PL-SHARED-2) and a secret seed;
    `user` is the player whose answer starts it. The computer's seats get its decks from
    the seed (`computer_deck`)."""
    docs: list[DeckDoc] = []
    seed = new_seed()
    for seat in game.seat_list():
        if seat.computer:
            docs.append(computer_deck(game.ruleset, computer_seed(seed, seat.number),
                                      game.format))
            continue
        if seat.user_id == user.pk:
            whose = "Your deck"
        elif game.seats_count == 2:
            whose = "Your opponent's deck"
        else:
            whose = f"The deck of {seat.user.username}"
        if seat.deck is None:
            raise GameError(f"{whose} no longer exists.")
        try:
            doc = deck_document(seat.deck)
        except DeckNotReady as problem:
            raise GameError(f"{whose}: {problem}") from None
        problems = format_violations(seat.user, doc, game.format)
        if problems:
            raise GameError(f"{whose}: {problems[0].message}")
        docs.append(doc)
    deal(game, docs, seed)


def deal(game: Game, decks: Sequence[DeckDoc], seed: int) -> None:
    """Start the game from these decks (in seat order) and `seed`, and wake every player;
    the computer, when it is in the game and to act, is woken too."""
    ruleset = ruleset_of(game)
    try:
        state = ruleset.new_game(ruleset.options_from_json(game.options), list(decks), seed)
    except (IllegalAction, ValueError) as problem:
        raise GameError(f"The game cannot start: {problem}") from None
    now = timezone.now()
    game.status = Status.RUNNING
    game.seed = seed
    game.ruleset_version = ruleset.version
    game.state = ruleset.to_json(state)
    game.version += 1
    game.created = game.last_move = now
    game.round = round_of(ruleset, state)
    game.save()
    acting = ruleset.to_act(state)
    for seat, doc in zip(game.seat_list(), decks, strict=True):
        seat.deck_doc = dict(doc)
        seat.to_act = seat.number in acting
        seat.save(update_fields=["deck_doc", "to_act"])
    wake_game(game.pk, game.version, user_ids(game))
    wake_computer(game)
