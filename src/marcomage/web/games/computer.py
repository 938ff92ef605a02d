"""The computer as an opponent (issue 11, "On the site").

The computer is one system account, "Computer": inactive (so it cannot log in and is left
out of the players list, the ladder, challenges and player pages) with an unusable
password; its name is reserved like "MArcomage" (accounts/names.py). It always sits in
seat 2 of a friendly game (no score, no EXP) that starts at once, and plays a random legal
deck drawn from the game's own seed (the implemented cards, as in `marcomage simulate`)
with automatic tokens (C-DECK-10).

Its moves go through the games service's write path (`services._store`: version-checked,
same wake-ups), so the human sees them live. The bot is built afresh for every move from
the game id and version (its seed) and reads only `view(game, 2)` and the legal actions:
nothing it keeps between moves can be lost by a restart, and every process may move for
it. The search bot therefore forgets, between two moves, the opponent cards it saw and
that have left the view since; the view's history and discard piles still show the
recent ones.

The worker: after a commit that leaves the computer to move, `schedule(game_id)` starts a
worker thread for that game unless one is already running for it (then it only marks the
game as pending, so the running worker looks again before it stops). The worker thinks
outside any transaction, then stores the move against the version it read; a stale
version (the human surrendered meanwhile, or another process moved first) only makes it
read the game again. It keeps moving while the computer is to move (Quick and Swift
cards give it extra turns). Opening the game page, the board, or the games list calls
`resume`, which schedules every game where the computer should be moving: this repairs a
move lost to a server restart.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, close_old_connections, connections, transaction
from django.utils import timezone

from marcomage.games.marcomage import Action, IllegalAction, Rng, auto_tokens, push, random_deck
from marcomage.games.marcomage.bots import Bot, deck_pool, make_bot
from marcomage.games.marcomage.bots.match import DECK_STREAM
from marcomage.games.marcomage.state import Game as EngineGame
from marcomage.web.accounts.names import COMPUTER_NAME, name_key
from marcomage.web.decks.services import DeckNotReady
from marcomage.web.rulesets.marcomage.slots import engine_deck

from . import services
from .models import COMPUTER_SEAT, AiLevel, Game, Status
from .services import Dealt, GameError, StaleVersion

logger = logging.getLogger(__name__)

COMPUTER_DECK = "Random deck"
"""The name the game row gives the computer's deck (it is not a stored deck)."""

BOT_OF_LEVEL = {AiLevel.EASY: "greedy", AiLevel.NORMAL: "mcts", AiLevel.HARD: "mcts"}
"""Which bot plays each difficulty; the search levels differ by their budget."""

MAX_MOVES_IN_A_ROW = 50
"""A guard against a loop: no game gives one player this many turns in a row."""


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


# --- starting a game ----------------------------------------------------------------------


def computer_deck(seed: int) -> Dealt:
    """The computer's deck for a game dealt from `seed`: 15 random cards of each rarity from
    the implemented ones, on a stream apart from the game's, with automatic tokens."""
    deck = random_deck(Rng.from_seed(seed, stream=DECK_STREAM), deck_pool())
    return deck, auto_tokens(deck)


def level_of(choice: Any) -> AiLevel:
    """The difficulty chosen on the form."""
    try:
        return AiLevel(str(choice))
    except ValueError:
        raise GameError("Choose a difficulty: easy, normal or hard.") from None


@transaction.atomic
def start(user: Any, deck_choice: Any, level: Any, *, hidden: bool = False) -> Game:
    """A running friendly game of `user` (seat 1, one of his ready decks or a random one)
    against the computer at `level`; it takes a game slot (C-GAME-1, C-GAME-3)."""
    chosen = level_of(level)
    computer = computer_player()
    services._need_slot(user)
    deck = services.choose_deck(user, deck_choice)
    try:
        mine = engine_deck(deck)
    except DeckNotReady as problem:
        raise GameError(str(problem)) from None
    seed = services.new_seed()
    game = Game(player1=user, player2=computer, status=Status.RUNNING, hidden=hidden,
                friendly=True, deck1=deck, deck1_name=deck.name, deck2_name=COMPUTER_DECK,
                ai_level=chosen)
    services._deal(game, mine, computer_deck(seed), seed)
    return game


# --- one move -----------------------------------------------------------------------------


def bot_for(game: Game) -> Bot:
    """A fresh bot for the computer's next move, seeded by the game and its version, with
    the level's budget from the settings (iterations when set, else seconds)."""
    level = AiLevel(game.ai_level)
    seed = f"{game.pk}:{game.version}"
    name = BOT_OF_LEVEL[level]
    iterations = settings.AI_ITERATIONS.get(level.value)
    think = None if iterations is not None else settings.AI_THINK_SECONDS.get(level.value)
    return make_bot(name, seed, think=think, iterations=iterations)


def computers_turn(game: Game) -> bool:
    """Is the computer to move in this game now?"""
    return bool(game.ai_level and game.status == Status.RUNNING
                and game.current == COMPUTER_SEAT)


def choose(game: Game, state: EngineGame) -> Action:
    """The computer's choice in `state` (the game's stored state); the bot reads only the
    computer's view and the legal actions."""
    return bot_for(game).choose(state, COMPUTER_SEAT - 1)


def play_turns(game_id: int) -> int:
    """Let the computer move while it is its turn in the game; the number of moves stored.
    Thinks outside any transaction and stores each move against the version it read."""
    moves = 0
    for _ in range(MAX_MOVES_IN_A_ROW):
        game = Game.objects.filter(pk=game_id).first()
        if game is None or not computers_turn(game):
            return moves
        state = services.engine_state(game)
        if state.current != COMPUTER_SEAT - 1:  # the row and its state disagree: never guess
            return moves
        action = choose(game, state)
        try:
            push(state, action, COMPUTER_SEAT - 1)
        except IllegalAction:
            logger.exception("the computer chose an illegal action in game %s", game_id)
            return moves
        try:
            with transaction.atomic():
                locked = services._locked(game.pk)
                if locked.version != game.version:
                    continue  # the game changed while the computer thought: look again
                services._store(locked, state, turn={
                    "player": COMPUTER_SEAT - 1, "kind": action.kind, "pos": action.pos,
                    "mode": action.mode})
                get_user_model().objects.filter(pk=locked.player2_id).update(
                    last_activity=timezone.now())
        except StaleVersion:
            continue
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


def _work(game_id: int, done: threading.Event) -> None:
    """The worker of one game: play the computer's turns until nothing is pending."""
    try:
        while _take(game_id):
            close_old_connections()
            play_turns(game_id)
    except Exception:
        logger.exception("the computer failed to move in game %s", game_id)
        _forget(game_id, done)
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
    """Schedule the computer in each of these games where it should be moving."""
    for game in games:
        if computers_turn(game):
            schedule(game.pk)


def waiting() -> Any:
    """Running games where the computer is to move."""
    return (Game.objects.filter(status=Status.RUNNING, current=COMPUTER_SEAT)
            .exclude(ai_level=""))


def resume_for(user: Any) -> None:
    """Schedule the computer in the player's games where it is its turn (a server restart
    may have lost the move)."""
    resume(waiting().filter(player1=user))


def resume_all() -> int:
    """On server start: schedule the computer wherever it is to move; how many games."""
    games = list(waiting())
    resume(games)
    return len(games)
