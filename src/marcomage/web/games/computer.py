"""The computer as an opponent (issue 11, "On the site").

The computer is one system account, "Computer": inactive (so it cannot log in and is left
out of the players list, the ladder, challenges and player pages) with an unusable
password; its name is reserved like "MArcomage" (accounts/names.py). It plays friendly games
only (no score, no EXP), with a deck its game system's widgets draw from the game's own
seed (web/rulesets/<id>/computer.py). In a two-seat game it sits in seat 1 and the game
starts at once. In a game of more seats (issue 35: Elder Tale's group duels, Mage Wars for
3 or 4) it may hold any seat but the first, each marked `Seat.computer`, all at the game's
one difficulty: `start` gives it every other seat (one person and the computer as allies
and enemies, as the game's teams say), `host` some of them (the others are for people who
join; the game starts when the last one does). The computer acts for each of its seats in
turn, never for a person's.

Its moves go through the games' write path (`play.store`: version-checked,
a Step, the same wake-ups), so the human sees them live. The bot is built afresh for every
move from the game id and version (its seed) and sees only the computer's view and its
legal actions (PL-SHARED-5): nothing it keeps between moves can be lost by a restart, and
every process may move for it.

The worker runs outside page requests: after a commit that leaves the computer to act,
`schedule(game_id)` starts a worker thread for that game unless one is already running for
it (then it only marks the game as pending, so the running worker looks again before it
stops). The worker thinks outside any transaction, then stores the move against the
version it read; a stale version (the human surrendered meanwhile, or another process moved
first) only makes it read the game again. It keeps moving while the computer is to act
(Quick and Swift cards give it extra turns). `marcomage serve` calls `resume_all` at start,
which repairs moves lost to a restart; opening a page never schedules a move.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, close_old_connections, connections, transaction
from django.dispatch import receiver
from django.utils import timezone

from marcomage.games import DEFAULT_RULESET
from marcomage.platform.bots import Bot, bot_action, make_bot
from marcomage.platform.protocol import Action, DeckDoc
from marcomage.web.accounts.names import COMPUTER_NAME, name_key
from marcomage.web.core.events import game_stored
from marcomage.web.core.widgets import computer_of
from marcomage.web.decks.services import DeckNotReady, deck_document, format_violations

from . import lobby, play, queries
from .errors import GameError, StaleVersion
from .lobby import computer_deck
from .models import COMPUTER_SEAT, AiLevel, Game, Seat, Status
from .thinker import Thought, thinker

logger = logging.getLogger(__name__)

COMPUTER_DECK = "Random deck"
"""The name the seat gives the computer's deck (it is not a stored deck)."""

MAX_MOVES_IN_A_ROW = 50
"""A guard against a loop: no game gives one player this many turns in a row (a worker
allows this many per computer seat of its game)."""


# --- the account --------------------------------------------------------------------------


def computer_player() -> Any:
    """The computer's account, created on first use; GameError if a person holds its name
    (an account from before the name was reserved: a moderator must rename it)."""
    users = get_user_model().objects
    found = users.filter(username_key=name_key(COMPUTER_NAME)).first()
    if found is None:
        try:
            with transaction.atomic():
                found = users.create_user(COMPUTER_NAME, None, is_active=False)
        except IntegrityError:  # another request created it first
            found = users.get(username_key=name_key(COMPUTER_NAME))
    if found.is_active or found.has_usable_password():
        raise GameError(f"The computer is not available: a player holds the name "
                        f"{COMPUTER_NAME}.")
    return found


def computer_seat(game: Game) -> int | None:
    """The computer's (first) seat in the game, or None in a game between people."""
    return game.computer_seat()


@receiver(game_stored, dispatch_uid="games.computer.game_stored")
def on_game_stored(sender: Any, *, game: Game, **_: Any) -> None:
    """Once the transaction commits, let the computer act if one of its seats is to act."""
    if game.ai_level and any(seat.computer and seat.to_act for seat in game.seat_list()):
        transaction.on_commit(partial(schedule, game.pk))


# --- the game system's side ---------------------------------------------------------------


def plays(ruleset_id: str) -> bool:
    """Can the computer play this game system? Any two-player one: with the game's own bots
    where its widgets give them, else with the platform's random bot."""
    try:
        return COMPUTER_SEAT + 1 in queries.ruleset_of(ruleset_id).seats
    except GameError:
        return False


# --- starting a game ----------------------------------------------------------------------


def level_of(choice: Any) -> AiLevel:
    """The difficulty chosen on the form."""
    try:
        return AiLevel(str(choice))
    except ValueError:
        raise GameError("Choose a difficulty: easy, normal or hard.") from None


def seat_count(system: Any, seats: Any) -> int:
    """The number of seats chosen on the form (two when not given), one the game allows."""
    try:
        count = int(seats) if seats not in (None, "") else 2
    except (TypeError, ValueError):
        raise GameError("The number of players must be a number.") from None
    if count not in system.seats:
        raise GameError(f"{system.name} is played by {system.seats.start} to "
                        f"{system.seats.stop - 1} players.")
    return count


def _friendly_choice(system: Any, format: Any, options: dict[str, Any] | None
                     ) -> lobby.Choice:
    """The game's system, format and options, with the system's own friendly option set
    where it has one (the computer plays friendly games only)."""
    fields = {field.name for field in lobby.option_fields(system)}
    friendly = {"friendly": True} if "friendly" in fields else {}
    return lobby.choose_system(system.id, format, {**(options or {}), **friendly})


def _computer_system(ruleset: Any) -> Any:
    """The chosen game system, refused when the computer does not play it."""
    system = queries.ruleset_of(str(ruleset or DEFAULT_RULESET))
    if not plays(system.id):
        raise GameError("The computer does not play this game.")
    return system


@transaction.atomic
def start(user: Any, deck_choice: Any, level: Any, *, ruleset: Any = DEFAULT_RULESET,
          format: Any = None, options: dict[str, Any] | None = None,
          adapt_deck: Callable[[DeckDoc], DeckDoc] | None = None, seats: Any = None) -> Game:
    """A running friendly game of `user` (seat 0, one of his ready decks or a random one)
    against the computer at `level`, which takes every other seat of the `seats` chosen
    (two by default: seat 1; the game's teams, such as Elder Tale's `teams`, make some of
    them allies); it takes a game slot (C-GAME-1, C-GAME-3). `adapt_deck` may change the
    player's deck document for this game only (a card concept being tried rides in its
    "extra"); a ValueError from it refuses the game."""
    chosen = level_of(level)
    system = _computer_system(ruleset)
    count = seat_count(system, seats)
    choice = _friendly_choice(system, format, options)
    computer = computer_player()
    lobby.need_slot(user)
    deck = lobby.choose_deck(user, choice.ruleset, deck_choice)
    try:
        mine = deck_document(deck)
        problems = format_violations(user, mine, choice.format)  # the game's format
        if problems:
            raise GameError(f"Your deck: {problems[0].message}")
        if adapt_deck is not None:
            mine = adapt_deck(mine)
    except (DeckNotReady, ValueError) as problem:
        raise GameError(str(problem)) from None
    seed = lobby.new_seed()
    theirs = [computer_deck(choice.ruleset, lobby.computer_seed(seed, number), choice.format)
              for number in range(1, count)]
    game = lobby.create_game(choice, Status.RUNNING, count)
    game.ai_level = chosen
    game.friendly = True  # whether or not the game system has a friendly option
    game.save(update_fields=["ai_level", "friendly"])
    lobby.sit(game, 0, user, deck)
    for number in range(1, count):
        lobby.sit(game, number, computer, None, COMPUTER_DECK, computer=True)
    seated = queries.find_game(game.pk)
    assert seated is not None
    lobby.deal(seated, [mine, *theirs], seed)
    return seated


def seats_chosen(values: Any) -> list[int]:
    """The seat numbers ticked on the form for the computer."""
    try:
        return sorted({int(value) for value in values or ()})
    except (TypeError, ValueError):
        raise GameError("Choose the computer's seats by their numbers.") from None


@transaction.atomic
def host(user: Any, deck_choice: Any, level: Any, computers: Any, *,
         ruleset: Any = DEFAULT_RULESET, format: Any = None,
         options: dict[str, Any] | None = None, seats: Any = None) -> Game:
    """A hosted friendly game of `seats` (issue 35) in which the computer at `level` holds
    the seats `computers` (any but seat 0, at least one left for people); it starts when
    people fill the others (C-GAME-8), the computer's decks then drawn from the game's
    seed."""
    chosen = level_of(level)
    system = _computer_system(ruleset)
    count = seat_count(system, seats)
    robots = seats_chosen(computers)
    if not robots:
        raise GameError("Choose at least one seat for the computer.")
    if robots[0] < 1 or robots[-1] >= count:
        raise GameError(f"The computer may take seats 1 to {count - 1} of a game of {count}; "
                        "seat 0 is yours.")
    if len(robots) == count - 1:
        raise GameError("Leave a seat for another player, or play against the computer.")
    choice = _friendly_choice(system, format, options)
    computer = computer_player()
    game = lobby.host(user, deck_choice, ruleset=choice.ruleset, format=choice.format,
                      options=choice.options, seats=count)
    Game.objects.filter(pk=game.pk).update(ai_level=chosen, friendly=True)
    Seat.objects.filter(game=game, number__in=robots).update(
        user=computer, deck_name=COMPUTER_DECK, computer=True)
    found = queries.find_game(game.pk)
    assert found is not None
    return found


# --- one move -----------------------------------------------------------------------------


def computers_turn(game: Game) -> bool:
    """Is the computer to act in this game now (in one of its seats)?"""
    if not (game.ai_level and game.status == Status.RUNNING):
        return False
    return Seat.objects.filter(game=game, computer=True, to_act=True).exists()


def robots_to_act(game: Game, state: Any) -> list[int]:
    """The computer's seats that the ruleset says are to act, in seat order; never a
    person's seat (only seats marked `computer` count)."""
    acting = queries.ruleset_of(game).to_act(state)
    robots = set(Seat.objects.filter(game=game, computer=True).values_list("number", flat=True))
    return sorted(robots & set(acting))


def bot_for(game: Game) -> Bot:
    """A fresh bot for the computer's next move, seeded by the game's id and version (never
    by the game's own seed), with the level's budget from the settings (iterations when
    set, else seconds); the platform's random bot for a game without bots of its own."""
    level = AiLevel(game.ai_level)
    seed = (int(game.pk) << 32) | int(game.version)
    widgets = computer_of(game.ruleset)
    if widgets is None:
        return make_bot(queries.ruleset_of(game), "random", seed)
    iterations = settings.AI_ITERATIONS.get(level.value)
    think = None if iterations is not None else settings.AI_THINK_SECONDS.get(level.value)
    return widgets.bot(level.value, seed, think=think, iterations=iterations)


def thought_for(game: Game, seat: int = COMPUTER_SEAT) -> Thought | None:
    """What the thinking process needs for the computer's next move (the same level, seed
    and budget as `bot_for`, the computer's view and legal actions), or None for a game
    without bots of its own (the random bot costs nothing: it chooses in this thread)."""
    if computer_of(game.ruleset) is None:
        return None
    ruleset = queries.ruleset_of(game)
    state = queries.game_state(game)
    legal = list(ruleset.legal_actions(state, seat))
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to decide now.")
    level = AiLevel(game.ai_level)
    iterations = settings.AI_ITERATIONS.get(level.value)
    return Thought(game.ruleset, level.value, (int(game.pk) << 32) | int(game.version),
                   None if iterations is not None else settings.AI_THINK_SECONDS.get(level.value),
                   iterations, ruleset.view(state, seat), legal)


def choose(game: Game, seat: int = COMPUTER_SEAT) -> Action:
    """The computer's choice for `seat` in the game as stored: its bot sees only that
    seat's view and legal actions (PL-SHARED-5). A game's own bot thinks in a separate
    process (thinker.py) unless AI_PROCESSES is 0."""
    thought = thought_for(game, seat) if settings.AI_PROCESSES else None
    if thought is None:
        ruleset, state, bot = queries.ruleset_of(game), queries.game_state(game), bot_for(game)
        _let_go()
        return bot_action(ruleset, state, seat, bot)
    _let_go()  # a hard bot thinks for seconds: hold no connection of the pool meanwhile
    return thinker().choose(thought)


def _let_go() -> None:
    """Give this thread's database connection back (outside a transaction only)."""
    if not connections["default"].in_atomic_block:
        connections.close_all()


_database_turns: list[threading.BoundedSemaphore] = []
"""How many of the computer's worker threads use the database at once (AI_DB_CONNECTIONS),
made on first use."""


@contextmanager
def _database_turn() -> Iterator[None]:
    """A database phase of the computer (read the game, store a move), at most
    AI_DB_CONNECTIONS at once, its connection given back at the end: a thread that then
    waits seconds for a hard bot's thought holds no connection of the pool (issue 37: 15
    hard games held the PostgreSQL pool and pages waited 1.4 s for a connection)."""
    with _lock:
        if not _database_turns:
            _database_turns.append(threading.BoundedSemaphore(max(1, settings.AI_DB_CONNECTIONS)))
    with _database_turns[0]:
        try:
            yield
        finally:
            _let_go()


def play_turns(game_id: int) -> int:
    """Let the computer act while one of its seats is to act in the game (the first such
    seat each time); the number of moves stored. Thinks outside any transaction and stores
    each move against the version it read."""
    moves = tries = 0
    limit = MAX_MOVES_IN_A_ROW
    while tries < limit:
        tries += 1
        with _database_turn():
            game = Game.objects.filter(pk=game_id).first()
            if game is None or not computers_turn(game):
                return moves
            robots = robots_to_act(game, queries.game_state(game))
            if not robots:
                return moves  # the rows and the state disagree: never guess
            robot = robots[0]
            limit = MAX_MOVES_IN_A_ROW * max(1, game.seats_count - 1)
        try:
            action = choose(game, robot)
        except ValueError:
            logger.exception("the computer found nothing to choose in game %s", game_id)
            return moves
        try:
            with _database_turn(), transaction.atomic():
                locked = queries.lock_game(game.pk)
                if locked.version != game.version:
                    continue  # the game changed while the computer thought: look again
                play.apply_action(locked, robot, action)
                get_user_model().objects.filter(
                    seats__game=locked, seats__number=robot).update(
                    last_activity=timezone.now())
        except StaleVersion:
            continue
        except GameError:
            logger.exception("the computer chose an illegal action in game %s", game_id)
            return moves
        moves += 1
    return moves


# --- the worker ---------------------------------------------------------------------------

_lock = threading.Lock()
_pending: dict[int, bool] = {}
"""Games with a worker, and whether it must look at its game once more."""
_done: dict[int, threading.Event] = {}
"""Set when the game's worker has stopped (`wait` uses it)."""

WORKERS = 16
"""Worker threads of the server's pool: games beyond this wait for a free one."""
_pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="computer")


async def _current_loop() -> asyncio.AbstractEventLoop:
    return asyncio.get_running_loop()


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The ASGI server's event loop when called from a request (a sync view runs in a
    thread that asgiref ties to it), else None (also when called from async code, which
    no caller does today)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        return None
    loop = async_to_sync(_current_loop)()
    return loop if loop.is_running() else None


def schedule(game_id: int) -> None:
    """Make sure a worker looks at the game soon (at most one per game).

    Under the ASGI server the worker runs through `sync_to_async` on the server's loop, in
    a pool thread: its wake-ups (`async_to_sync(group_send)`) then reach the in-memory
    channel layer on that loop, as a request's do. Elsewhere (tests, server start) it is a
    plain daemon thread."""
    if not settings.AI_AUTOPLAY:
        return
    with _lock:
        if game_id in _pending:
            _pending[game_id] = True
            return
        _pending[game_id] = True
        done = _done[game_id] = threading.Event()
    try:
        loop = _server_loop()
        if loop is None:
            threading.Thread(target=_work, args=(game_id, done), name=f"computer-{game_id}",
                             daemon=True).start()
        else:
            work = sync_to_async(_work, thread_sensitive=False, executor=_pool)
            asyncio.run_coroutine_threadsafe(work(game_id, done), loop)
    except Exception:
        _forget(game_id, done)
        raise


def _forget(game_id: int, done: threading.Event) -> None:
    with _lock:
        _pending.pop(game_id, None)
        _done.pop(game_id, None)
    done.set()


def _take(game_id: int) -> bool:
    """True when the game is pending (and clear that); else forget the game's worker, in
    the same locked step, so that a `schedule` never lands between the check and the end."""
    with _lock:
        if _pending.get(game_id):
            _pending[game_id] = False
            return True
        _pending.pop(game_id, None)
        _done.pop(game_id, None)
        return False


def _again(game_id: int) -> None:
    """Mark the game pending once more, so its worker looks at it again."""
    with _lock:
        if game_id in _pending:
            _pending[game_id] = True


RETRY_SECONDS = (0.5, 2.0, 8.0)
"""The pauses before a worker looks again at a game whose move failed with an unexpected
error (a database busy or briefly gone); after the last one it gives up until the next
wake-up or the server's restart."""


def _work(game_id: int, done: threading.Event) -> None:
    """The worker of one game: play the computer's turns until nothing is pending. An
    unexpected error is retried after a pause; it never drops a wake-up that arrived while
    the worker was busy (the game would then wait for the computer for ever)."""
    failures = 0
    try:
        while _take(game_id):
            try:
                close_old_connections()
                play_turns(game_id)
            except Exception:
                logger.exception("the computer failed to move in game %s", game_id)
                if failures < len(RETRY_SECONDS):
                    time.sleep(RETRY_SECONDS[failures])
                    failures += 1
                    _again(game_id)
            else:
                failures = 0
    finally:
        connections.close_all()
        done.set()


def wait(timeout: float = 30.0) -> None:
    """Wait for every worker to finish (for tests and a clean shutdown)."""
    while True:
        with _lock:
            running = list(_done.values())
        if not running:
            return
        for done in running:
            if not done.wait(timeout):
                raise TimeoutError("the computer is still thinking")


def resume(games: Any) -> None:
    """Schedule the computer in each of these games where it should be acting."""
    for game in games:
        if computers_turn(game):
            schedule(game.pk)


def waiting() -> Any:
    """Running games where the computer is to act."""
    return (Game.objects.filter(status=Status.RUNNING, seats__computer=True,
                                seats__to_act=True)
            .exclude(ai_level="").distinct())


def resume_all() -> int:
    """On server start: schedule the computer wherever it is to act; how many games."""
    games = list(waiting())
    resume(games)
    return len(games)
