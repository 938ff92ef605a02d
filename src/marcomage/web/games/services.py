"""Everything the Games section does, for every game system: challenges, hosting, joining,
actions, ending, leaving, chat and notes. Views are thin; each refusal raises `GameError`
with the reason in words a player understands, and leaves the database unchanged.

The rules come only through the platform protocol (`find_ruleset(game.ruleset)`). Every
change of a running game goes through `_store`, which writes the new state, raises the
version in one conditional UPDATE and records the `Step` with the state hash after it, all
inside the caller's transaction: an action built against a stale version is refused
(`StaleVersion`), so a double click, two tabs or a replayed form never play twice.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Prefetch, Q, QuerySet
from django.utils import timezone

from marcomage.games import DEFAULT_RULESET, UnknownRuleset, find_ruleset
from marcomage.platform.protocol import (
    ABANDON,
    ABORT,
    SURRENDER,
    Action,
    DeckDoc,
    IllegalAction,
    Outcome,
    Ruleset,
    State,
)
from marcomage.platform.rating import game_slots
from marcomage.platform.replay import state_hash
from marcomage.web.accounts.activity import INACTIVE, ONLINE
from marcomage.web.core.events import challenge_answered, game_finished, game_stored
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckNotReady, deck_document, ready_decks
from marcomage.web.preferences.models import preferences_of
from marcomage.web.scores.services import level_of

from .models import (
    CHALLENGE_LENGTH,
    CHAT_LENGTH,
    NOTE_LENGTH,
    ChatMessage,
    Game,
    Seat,
    Status,
    Step,
    StepKind,
)
from .realtime import wake_game

RANDOM_DECK = "random"
FINISH_AFTER = timedelta(days=21)  # C-GAME-14: 21 × 24 hours without a turn
STARTED = (Status.RUNNING, Status.FINISHED)
OPEN = (Status.CHALLENGE, Status.HOSTED)
LEFT_TEXT = "has left the game"  # C-GAME-17


class GameError(ValueError):
    """A refused request; the message says why, and `code` names the reason for programs
    (a ruleset's IllegalAction code, e.g. "illegal" or "not-your-turn"; "refused" else)."""

    def __init__(self, message: str = "", code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


class NotFound(GameError):
    """No such game for this player (views answer 404: others may not even know it exists)."""


class StaleVersion(GameError):
    """The action was built against another version of the game; the client resyncs."""


def ruleset_of(game: Game | str) -> Ruleset:
    """The game system of a game (or of a ruleset id)."""
    ruleset_id = game if isinstance(game, str) else game.ruleset
    try:
        return find_ruleset(ruleset_id)
    except UnknownRuleset as problem:
        raise GameError(str(problem.args[0])) from None


def _with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user")))


# --- slots and limits (C-GAME-1 .. C-GAME-4, PL-SHARED-1) ----------------------------------


def total_slots(user: Any) -> int:
    """C-GAME-1: 15 slots plus one for every 4th level (of MArcomage, the site's first
    game: the slots are shared by every game system)."""
    return game_slots(level_of(user, DEFAULT_RULESET))


def _playing(user: Any) -> Q:
    """Started games the player has not left (C-GAME-2, last item)."""
    return Q(status__in=STARTED, seats__user=user, seats__left=False)


def used_slots(user: Any, *, incoming: bool = True) -> int:
    """C-GAME-2: open challenges sent (and, unless `incoming` is off, received), hosted
    games not yet full that the player hosts or joined, and started games not yet left."""
    mine = (Q(status=Status.HOSTED, seats__user=user)
            | Q(status=Status.CHALLENGE, seats__user=user, seats__number=0) | _playing(user))
    if incoming:
        mine |= Q(status=Status.CHALLENGE, seats__user=user)
    return Game.objects.filter(mine).distinct().count()


def free_slots(user: Any, *, incoming: bool = True) -> int:
    """Slots still free (never negative)."""
    return max(0, total_slots(user) - used_slots(user, incoming=incoming))


def _hold(*users: Any) -> None:
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


def _need_slot(user: Any, *, incoming: bool = True) -> None:
    """C-GAME-3: refuse when no slot is free (holding the player's row, see `_hold`)."""
    _hold(user)
    if free_slots(user, incoming=incoming) < 1:
        raise GameError(
            f"All your {total_slots(user)} game slots are in use (games, hosted games and "
            "challenges count). Finish or leave a game first."
        )


def initiated(by: Any, against: Any) -> bool:
    """C-GAME-4: `by` challenged or hosted a game record that `against` is in and that not
    every player has left."""
    return (Game.objects.filter(seats__number=0, seats__user=by)
            .filter(seats__user=against)
            .filter(seats__left=False).exists())


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


def choose_deck(user: Any, ruleset_id: str, choice: Any) -> Deck:
    """The player's ready deck of this game by id, or a random ready one when the setting
    allows it (C-GAME-5)."""
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


def _new(choice: Choice, status: Any, seats: int, message: str = "") -> Game:
    ruleset = ruleset_of(choice.ruleset)
    return Game.objects.create(
        ruleset=ruleset.id, ruleset_version=ruleset.version, options=choice.options,
        format=choice.format, status=status, seats_count=seats, message=message,
        friendly=bool(choice.options.get("friendly", False)))


def _sit(game: Game, number: int, user: Any, deck: Deck | None, deck_name: str = "") -> Seat:
    return Seat.objects.create(game=game, number=number, user=user, deck=deck,
                               deck_name=deck.name if deck is not None else deck_name)


def _user_ids(game: Game) -> list[int]:
    return [seat.user_id for seat in game.seat_list() if seat.user_id is not None]


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
    _hold(challenger)
    if initiated(challenger, opponent):
        raise GameError(f"You already have a game you started against {opponent.username}; "
                        "only one such game per opponent is allowed.")
    _need_slot(challenger)
    deck = choose_deck(challenger, choice.ruleset, deck_choice)
    game = _new(choice, Status.CHALLENGE, 2, text)
    _sit(game, 0, challenger, deck)
    _sit(game, 1, opponent, None)
    wake_game(game.pk, game.version, [opponent.pk])
    return game


def _locked(game_id: Any) -> Game:
    """The game row, locked for the rest of the transaction where the database can."""
    try:
        game = Game.objects.select_for_update().get(pk=_int(game_id, "game id"))
    except (GameError, Game.DoesNotExist):
        raise NotFound("There is no such game.") from None
    return _with_seats(Game.objects.filter(pk=game.pk)).get()


def _challenge(user: Any, game_id: Any, number: int, missing: str) -> Game:
    game = _locked(game_id)
    seat = game.seat_of(user)
    if game.status != Status.CHALLENGE or seat is None or seat.number != number:
        raise NotFound(missing)
    return game


@transaction.atomic
def withdraw(user: Any, game_id: Any) -> None:
    """The challenger takes back a challenge not yet answered (C-GAME-7)."""
    game = _challenge(user, game_id, 0, "There is no such challenge of yours.")
    others = [uid for uid in _user_ids(game) if uid != user.pk]
    game.delete()
    wake_game(int(game_id), 0, others)


@transaction.atomic
def accept(user: Any, game_id: Any, deck_choice: Any) -> Game:
    """The challenged player accepts with a ready deck: the game starts (C-GAME-7)."""
    game = _challenge(user, game_id, 1, "There is no such challenge to you.")
    _need_slot(user, incoming=False)
    deck = choose_deck(user, game.ruleset, deck_choice)
    Seat.objects.filter(game=game, number=1).update(deck=deck, deck_name=deck.name)
    game = _with_seats(Game.objects.filter(pk=game.pk)).get()
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
    _need_slot(user)
    deck = choose_deck(user, choice.ruleset, deck_choice)
    game = _new(choice, Status.HOSTED, count)
    _sit(game, 0, user, deck)
    for number in range(1, count):
        _sit(game, number, None, None)
    return game


@transaction.atomic
def unhost(user: Any, game_id: Any) -> None:
    """The host cancels a hosted game that has not started yet; a player who joined it
    gives his seat back instead."""
    game = _locked(game_id)
    seat = game.seat_of(user)
    if game.status != Status.HOSTED or seat is None:
        raise NotFound("There is no such hosted game of yours.")
    others = [uid for uid in _user_ids(game) if uid != user.pk]
    if seat.number == 0:
        game.delete()
    else:
        Seat.objects.filter(pk=seat.pk).update(user=None, deck=None, deck_name="")
    wake_game(int(game_id), game.version, others)


@transaction.atomic
def join(user: Any, game_id: Any, deck_choice: Any) -> Game:
    """Take the next free seat of a hosted game; the last seat filled starts it (C-GAME-8)."""
    game = _locked(game_id)
    if game.status == Status.CHALLENGE:  # a challenge is not the others' business
        raise NotFound("There is no such game.")
    if game.status != Status.HOSTED:  # a hosted game was public: say why, not "not found"
        raise GameError("This game is no longer open: all its seats were taken.")
    mine = game.seat_of(user)
    if mine is not None:
        raise GameError("You cannot join your own game." if mine.number == 0
                        else "You are in this game already.")
    _hold(game.host, user)  # a challenge between the two waits for us, or we for it
    if initiated(game.host, user):
        raise GameError(f"{game.host.username} already started a game against you; only "
                        "one such game per opponent is allowed.")
    _need_slot(user)
    deck = choose_deck(user, game.ruleset, deck_choice)
    free = [seat for seat in game.seat_list() if seat.user_id is None]
    if not free:
        raise GameError("This game is no longer open: all its seats were taken.")
    Seat.objects.filter(pk=free[0].pk).update(user=user, deck=deck, deck_name=deck.name)
    game = _with_seats(Game.objects.filter(pk=game.pk)).get()
    if len(free) == 1:
        _start(game, user)
    else:
        wake_game(game.pk, game.version, _user_ids(game))
    return game


def new_seed() -> int:
    """A fresh random seed for one game (tests replace it to get a known game)."""
    return secrets.randbits(63)


def _start(game: Game, user: Any) -> None:
    """Deal the game with every seat's deck (copied now, PL-SHARED-2) and a secret seed;
    `user` is the player whose answer starts it."""
    ruleset = ruleset_of(game)
    docs: list[DeckDoc] = []
    for seat in game.seat_list():
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
        problems = ruleset.validate_deck(doc, game.format)
        if problems:
            raise GameError(f"{whose}: {problems[0].message}")
        docs.append(doc)
    deal(game, docs, new_seed())


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
    game.round = _round(ruleset, state)
    game.save()
    acting = ruleset.to_act(state)
    for seat, doc in zip(game.seat_list(), decks, strict=True):
        seat.deck_doc = dict(doc)
        seat.to_act = seat.number in acting
        seat.save(update_fields=["deck_doc", "to_act"])
    wake_game(game.pk, game.version, _user_ids(game))
    _wake_computer(game)


def _round(ruleset: Ruleset, state: State) -> int:
    """The round the public view shows (0 when the game has no rounds)."""
    found = ruleset.view(state, None).get("round", 0)
    return found if isinstance(found, int) and found >= 0 else 0


def _wake_computer(game: Game) -> None:
    """Tell the computer's worker (which builds on this module, not the reverse) that a
    running game changed; it acts once the transaction commits if it is to act (issue 11)."""
    if game.status == Status.RUNNING:
        game_stored.send(sender=Game, game=game)


# --- actions and the end of a game -------------------------------------------------------------


def game_state(game: Game) -> State:
    """The ruleset's state stored in the row."""
    if game.state is None:
        raise GameError("The game has not started.")
    return ruleset_of(game).from_json(game.state)


def outcome_of(ruleset: Ruleset, state: State) -> Outcome | None:
    """The ruleset's outcome as the platform's Outcome."""
    found: Any = ruleset.outcome(state)
    if found is None or isinstance(found, Outcome):
        return found
    return Outcome.from_json(found)


def _player_game(user: Any, game_id: Any) -> tuple[Game, Seat]:
    """The locked game and the player's seat; others learn nothing about it."""
    game = _locked(game_id)
    seat = game.seat_of(user)
    if seat is None or game.status not in STARTED or seat.left:
        raise NotFound("There is no such game of yours.")
    return game, seat


def _running(user: Any, game_id: Any, version: Any = None, *, check: bool = False
             ) -> tuple[Game, Seat, State]:
    """The locked running game, the seat and the state; with `check`, the version must be
    the game's (a missing version is refused too)."""
    game, seat = _player_game(user, game_id)
    if game.status != Status.RUNNING:
        raise GameError("The game is over.")
    if check:
        if version in (None, ""):
            raise GameError("The move names no version of the game; reload the page.")
        if _int(version, "version") != game.version:
            raise StaleVersion("The game changed since your page showed it; here it is now. "
                               "Nothing was played.")
    return game, seat, game_state(game)


def _int(value: Any, what: str) -> int:
    # A whole number or its digits: not a boolean (`true` is no version, issue 38), not a
    # fraction, not an infinity (int() of one raised OverflowError, issue 37).
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise GameError(f"The {what} must be a whole number.")
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise GameError(f"The {what} must be a number.") from None


def _last_action(game: Game) -> tuple[int, Action] | None:
    step = game.steps.filter(kind=StepKind.ACTION).order_by("-index").first()
    if step is None or step.seat is None:
        return None
    return int(step.seat), dict(step.action or {})


def store(game: Game, state: State, kind: Any, seat: int | None,
          action: Action | None = None, winners: Sequence[int] = ()) -> None:
    """Write the new state, raise the version (stale → refused) and record the step, all in
    the caller's transaction; keep the seats' to_act in step; send game_finished in the same
    transaction when the game has just ended."""
    ruleset = ruleset_of(game)
    now = timezone.now()
    outcome = outcome_of(ruleset, state)
    fields: dict[str, Any] = {
        "state": ruleset.to_json(state),
        "version": F("version") + 1,
        "status": Status.FINISHED if outcome else Status.RUNNING,
        "round": _round(ruleset, state),
    }
    if outcome is not None:
        fields.update(outcome=outcome.to_json(), end_type=outcome.end_type, finished_at=now)
    elif kind == StepKind.ACTION:
        fields["last_move"] = now  # C-GAME-14: set after every turn that does not end it
    updated = Game.objects.filter(pk=game.pk, version=game.version).update(**fields)
    if updated != 1:
        raise StaleVersion("The game changed meanwhile; here it is now. Nothing was played.")
    index = game.steps.count() + 1
    Step.objects.create(game=game, index=index, seat=seat, kind=kind, action=action,
                        winners=list(winners), hash_after=state_hash(ruleset, state),
                        created=now)
    acting = ruleset.to_act(state) if outcome is None else frozenset()
    Seat.objects.filter(game=game).update(to_act=False)
    Seat.objects.filter(game=game, number__in=list(acting)).update(to_act=True)
    game.refresh_from_db()
    game = _with_seats(Game.objects.filter(pk=game.pk)).get()
    if outcome is not None:
        game_finished.send(sender=Game, game_id=game.pk, ruleset=game.ruleset, state=state,
                           outcome=outcome, players=tuple(game.players()),
                           friendly=game.friendly, last=_last_action(game))
    wake_game(game.pk, game.version, _user_ids(game))
    _wake_computer(game)


def apply_action(game: Game, seat: int, action: Any) -> None:
    """Let the ruleset apply one seat's action to the locked game and store it."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise GameError("An action is a JSON object with a type.")
    ruleset = ruleset_of(game)
    state = game_state(game)
    if seat not in ruleset.to_act(state):
        raise GameError("It is not your turn.")
    try:
        after, _events = ruleset.apply(state, seat, action)
    except IllegalAction as problem:
        raise GameError(str(problem), problem.code) from None
    except ValueError as problem:
        raise GameError(str(problem), "illegal") from None
    store(game, after, StepKind.ACTION, seat, action)


@transaction.atomic
def act(user: Any, game_id: Any, version: Any, action: Any) -> Game:
    """One seat's action (the ruleset's JSON), against `version`, which is required: a
    missing or stale version is refused, so a replayed form never plays twice. When several
    seats are to act, each submits once and the ruleset resolves them when the last arrives."""
    game, seat, _state = _running(user, game_id, version, check=True)
    apply_action(game, seat.number, action)
    return game


def dead(user: Any, now: datetime | None = None) -> bool:
    """C-ACT-2 / C-GAME-13: no request for more than 21 days."""
    return (now or timezone.now()) - user.last_activity > INACTIVE


def online(user: Any, now: datetime | None = None) -> bool:
    """C-ACT-2: a request in the last 10 minutes."""
    return (now or timezone.now()) - user.last_activity <= ONLINE


@dataclass(frozen=True)
class EndOptions:
    """Which way of ending the game the UI offers the player now (C-GAME-15)."""

    surrender: bool
    abort: bool
    finish: bool


def end_options(game: Game, seat: Seat, now: datetime | None = None) -> EndOptions:
    """Abort when an opponent is dead; Finish when the seats to act have not moved for 21
    days, none of them is the player and nobody is dead; otherwise Surrender (C-GAME-11,
    -12, -14, -15)."""
    if game.status != Status.RUNNING:
        return EndOptions(False, False, False)
    if game.ai_level:  # the computer is never inactive: only surrender ends it early
        return EndOptions(True, False, False)
    now = now or timezone.now()
    others = game.others(seat)
    if any(other.user is not None and dead(other.user, now) for other in others):
        return EndOptions(False, True, False)
    waiting = [other for other in others if other.to_act]
    can_finish = (bool(waiting) and not seat.to_act and not dead(seat.user, now)
                  and now - game.last_move >= FINISH_AFTER)
    return EndOptions(not can_finish, False, can_finish)


@transaction.atomic
def surrender(user: Any, game_id: Any) -> Game:
    """C-GAME-11: at any time, on anyone's turn; the ruleset says who wins."""
    game, seat, state = _running(user, game_id)
    try:
        after = ruleset_of(game).resign(state, seat.number)
    except (IllegalAction, ValueError) as problem:
        raise GameError(str(problem)) from None
    store(game, after, SURRENDER, seat.number)
    return game


def _end(game: Game, state: State, end_type: str, winners: Sequence[int], seat: int) -> None:
    """The platform ends the game (PL-PROTO-6) at the request of `seat`, which the step
    keeps (the replay itself names no seat for an abort or abandon)."""
    ruleset = ruleset_of(game)
    try:
        after = ruleset.end(state, end_type, list(winners))
    except (IllegalAction, ValueError) as problem:
        raise GameError(str(problem)) from None
    store(game, after, end_type, seat, None, winners)


@transaction.atomic
def abort(user: Any, game_id: Any) -> Game:
    """C-GAME-12: when a participant is dead; no winner, no score."""
    game, seat, state = _running(user, game_id)
    if game.ai_level:
        raise GameError("The computer is never inactive; surrender to end the game.")
    if not any(s.user is not None and dead(s.user) for s in game.seat_list()):
        raise GameError("You may abort only when your opponent has been inactive for more "
                        "than three weeks.")
    _end(game, state, ABORT, (), seat.number)
    return game


@transaction.atomic
def finish(user: Any, game_id: Any) -> Game:
    """C-GAME-14: the seats to act have not moved for 21 days and nobody is dead; the
    players who were waiting win."""
    game, seat, state = _running(user, game_id)
    if not end_options(game, seat).finish:
        raise GameError("You may finish the game only when it is your opponent's turn, he "
                        "has not moved for more than three weeks and is not dead.")
    winners = [s.number for s in game.seat_list() if not s.to_act]
    _end(game, state, ABANDON, winners, seat.number)
    return game


@transaction.atomic
def leave(user: Any, game_id: Any) -> bool:
    """C-GAME-17: leaving a finished game hides it from the player's lists and posts "has
    left the game"; the game itself stays (every finished game is a replay, PL-SHARED-3).
    When every person has left (the computer never leaves), the chat goes. True then."""
    game, seat = _player_game(user, game_id)
    if game.status != Status.FINISHED:
        raise GameError("A game can be left only once it is over; surrender first.")
    Seat.objects.filter(pk=seat.pk).update(left=True)
    robot = game.computer_seat()
    remaining = [s for s in game.others(seat)
                 if not s.left and s.user_id is not None and s.number != robot]
    if not remaining:
        ChatMessage.objects.filter(game=game).delete()
        return True
    ChatMessage.objects.create(game=game, author=user, text=LEFT_TEXT)
    wake_game(game.pk, game.version, [s.user_id for s in remaining])
    return False


# --- chat and notes (C-SITE-3, C-GAME-16) ------------------------------------------------------


@transaction.atomic
def post_chat(user: Any, game_id: Any, text: str) -> ChatMessage:
    """A chat line by one of the players; does not change the game's last move time."""
    game, _seat = _player_game(user, game_id)
    text = text.strip()
    if not text:
        raise GameError("Write something before sending.")
    if "\x00" in text:  # PostgreSQL cannot store it (the request guard refuses it earlier)
        raise GameError("A chat line cannot hold a NUL character.")
    if len(text) > CHAT_LENGTH:
        raise GameError(f"A chat message may have at most {CHAT_LENGTH} characters "
                        f"(it has {len(text)}).")
    line = ChatMessage.objects.create(game=game, author=user, text=text)
    wake_game(game.pk, game.version, [])
    return line


@transaction.atomic
def save_note(user: Any, game_id: Any, text: str) -> None:
    """The player's private note on this game (at most 1000 characters)."""
    _game, seat = _player_game(user, game_id)
    if len(text) > NOTE_LENGTH:
        raise GameError(f"A game note may have at most {NOTE_LENGTH} characters "
                        f"(it has {len(text)}).")
    Seat.objects.filter(pk=seat.pk).update(note=text)


# --- lists and the icon ------------------------------------------------------------------------


def your_turn(user: Any) -> QuerySet[Game]:
    """Running games where the player is to act."""
    return Game.objects.filter(status=Status.RUNNING, seats__user=user, seats__to_act=True)


def your_turn_anywhere(user: Any, mark: datetime) -> bool:
    """The crossed-swords icon's source: is the player to act in any game?"""
    return your_turn(user).exists()


def new_challenge(user: Any, mark: datetime) -> bool:
    """The envelope icon's second source: a challenge arrived after the notification mark
    (manual, "Messages": a new challenge or message lights the letter)."""
    return challenges_to(user).filter(created__gt=mark).exists()


def visible_games(user: Any) -> QuerySet[Game]:
    """Started games the player has not left, newest move first."""
    return _with_seats(Game.objects.filter(_playing(user)).distinct())


def next_game(user: Any, after: int | None = None) -> int | None:
    """The next game where the player is to act, online opponents first (C-GAME-18)."""
    now = timezone.now()
    games = list(_with_seats(your_turn(user)))

    def opponents_online(game: Game) -> bool:
        seat = game.seat_of(user)
        assert seat is not None
        return any(o.user is not None and online(o.user, now) for o in game.others(seat))

    games.sort(key=lambda g: (not opponents_online(g), g.last_move, g.pk))
    ids = [g.pk for g in games]
    if not ids:
        return None
    if after in ids:
        position = ids.index(after)
        return ids[(position + 1) % len(ids)] if len(ids) > 1 else None
    return ids[0]


def challenges_to(user: Any) -> QuerySet[Game]:
    """Open challenges the player received."""
    return _with_seats(Game.objects.filter(
        status=Status.CHALLENGE, seats__user=user, seats__number=1))


def challenges_from(user: Any) -> QuerySet[Game]:
    """Open challenges the player sent."""
    return _with_seats(Game.objects.filter(
        status=Status.CHALLENGE, seats__user=user, seats__number=0))


def hosted_by(user: Any) -> QuerySet[Game]:
    """Hosted games the player is in that have not started yet."""
    return _with_seats(Game.objects.filter(status=Status.HOSTED, seats__user=user))


def open_games(user: Any) -> QuerySet[Game]:
    """C-GAME-8: other players' hosted games with a free seat, newest first."""
    mine = Game.objects.filter(status=Status.HOSTED, seats__user=user).values("pk")
    return (_with_seats(Game.objects.filter(status=Status.HOSTED).exclude(pk__in=mine))
            .order_by("-created", "-id"))


def player_by_name(name: str) -> Any:
    """An active account by name in any letter case, or None."""
    users = get_user_model().objects
    try:
        return users.get_by_natural_key(name)
    except users.model.DoesNotExist:
        return None


def find_game(game_id: Any) -> Game | None:
    """The game with its seats and their players, or None."""
    try:
        return _with_seats(Game.objects.filter(pk=_int(game_id, "game id"))).first()
    except GameError:
        return None
