"""What the Games section reads: a game's system and state, the game row locked for a
change, slots (C-GAME-1 .. C-GAME-4), activity, and the lists of the Games page and the
menubar icon. Nothing here changes the database."""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from marcomage.games import DEFAULT_RULESET, UnknownRuleset, find_ruleset
from marcomage.platform.protocol import Outcome, Ruleset, State
from marcomage.platform.rating import game_slots
from marcomage.web.accounts.activity import INACTIVE, ONLINE
from marcomage.web.core.joined import Joined, rows_together
from marcomage.web.scores.services import level_of

from .errors import GameError, NotFound, whole_number
from .models import Game, Seat, Status

STARTED = (Status.RUNNING, Status.FINISHED)
OPEN = (Status.CHALLENGE, Status.HOSTED)


def ruleset_of(game: Game | str) -> Ruleset:
    """The game system of a game (or of a ruleset id)."""
    ruleset_id = game if isinstance(game, str) else game.ruleset
    try:
        return find_ruleset(ruleset_id)
    except UnknownRuleset as problem:
        raise GameError(str(problem.args[0])) from None


def with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    """The games with their seats and the seats' players, in two more queries at most."""
    return games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user")))


def with_players(games: QuerySet[Game]) -> QuerySet[Game]:
    """The games with their seats, the seats' players and the players' profile and settings
    (what a board shows), in two queries: a move's board reads no player's row again
    (issue 36)."""
    return games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related(
            "user", "user__profile", "user__preferences")))


SEAT_ROWS = Joined(Seat, ("user", "user__profile", "user__preferences"),
                   f"t0.{Seat._meta.get_field('game').column} = %s")
"""A game's seats with their players, profiles and settings (core/joined.py)."""


class SeatRows(dict[str, Any]):
    """A game's `_prefetched_objects_cache` holding seats read already (issue 36, eleventh
    pass): `Game.seat_list` takes `rows` as they are, and the QuerySet that Django's related
    manager expects under "seats" (`game.seats.all()`, `.filter(...)`) is built only when
    something asks for it. Building it on every move (`Seat.objects.filter(game_id=...)`,
    the ORM's lookup and WHERE machinery) cost ~0.1 ms, about what reading the rows does. Django
    empties or replaces the cache on `refresh_from_db`, so the rows go with it."""

    def __init__(self, game: Game, rows: list[Seat]) -> None:
        super().__init__()
        self.game_id = game.pk  # not the game: it holds this (no ring of references)
        self.rows: list[Seat] | None = rows

    def __contains__(self, name: object) -> bool:
        return (name == "seats" and self.rows is not None) or super().__contains__(name)

    def __delitem__(self, name: str) -> None:
        if name == "seats" and self.rows is not None:
            self.rows = None  # refresh_from_db(fields=["seats"]): read them again
            self.pop(name, None)
            return
        super().__delitem__(name)

    def __missing__(self, name: str) -> Any:
        if name != "seats" or self.rows is None:
            raise KeyError(name)
        seats = Seat.objects.filter(game_id=self.game_id)
        seats._result_cache = self.rows  # game.seats.all() reads no row again
        seats._prefetch_done = True
        self[name] = seats
        return seats


def untie(game: Game) -> None:
    """Let reference counting free a game read with its seats (`_with_seat_rows`) once
    nothing holds it: the seats' links back to the game, and the profile's and settings'
    links back to their player, made the graph a ring of references that only the cyclic
    garbage collector could free. Served, every move dropped one such graph (~70 objects),
    and the collector's passes over them stopped the process for tens of milliseconds a
    few times a second, ~100 ms at a time for the middle generation (issue 36, eleventh
    pass). A reader still holding the game reads a link it needs again from the database
    (Django's lazy relations), so nothing it shows changes."""
    cache = getattr(game, "_prefetched_objects_cache", None)
    rows = getattr(cache, "rows", None)
    for seat in rows or ():
        seat._state.fields_cache.pop("game", None)
        user = seat._state.fields_cache.get("user")
        if user is None:
            continue
        for name in ("profile", "preferences"):
            related = user._state.fields_cache.get(name)
            if related is not None:
                related._state.fields_cache.pop("user", None)


def _with_seat_rows(game: Game, read: list[Seat] | None = None) -> Game:
    """The game with its seats, their players and the players' profile and settings read
    in one query (or `read` already) and kept as the game's prefetched seats (what
    `with_players` gives, without the ORM's building of a four-table SELECT on every move,
    issue 36)."""
    # In the seats' own order (Seat.Meta.ordering: by number), as `game.seats.all()` reads
    # them: the joined SELECT has no ORDER BY, and PostgreSQL returns an updated row last.
    rows = sorted(SEAT_ROWS.rows([game.pk]) if read is None else read,
                  key=lambda seat: seat.number)
    for seat in rows:
        seat.game = game
    game._prefetched_objects_cache = SeatRows(game, rows)
    return game


GAME_ROW = Joined(Game, (), f"t0.{Game._meta.pk.column} = %s")
LOCKED_GAME_ROW = Joined(Game, (), f"t0.{Game._meta.pk.column} = %s", lock=True)
BIGGEST_ID = 2**63 - 1
"""Ids past a 64-bit integer name no game (the ORM's lookups said so too; the database
would refuse the number)."""


def _game_id(value: Any) -> int:
    """A game id from the outside, or OverflowError when no game can have it."""
    found = whole_number(value, "game id")
    if not 0 < found <= BIGGEST_ID:
        raise OverflowError(found)
    return found


def _game_and_seats(row: Joined, game_id: Any) -> Game | None:
    """The game of `row`'s statement with its seats, both read in one round trip where the
    database allows (PostgreSQL: `rows_together`, issue 36, fourteenth pass), or None."""
    try:
        wanted = _game_id(game_id)
    except (GameError, OverflowError):
        return None
    found, seats = rows_together(row, [wanted], SEAT_ROWS, [wanted])
    return _with_seat_rows(found[0], seats) if found else None


def find_game(game_id: Any) -> Game | None:
    """The game with its seats and their players (with profile and settings), or None."""
    return _game_and_seats(GAME_ROW, game_id)


def lock_game(game_id: Any) -> Game:
    """The game row with its seats, locked for the rest of the transaction where the
    database can (PostgreSQL; SQLite's IMMEDIATE transactions are serial already). The
    seats are read after the lock is taken (the statement after it, in the same round
    trip on PostgreSQL), so they are as stored."""
    found = _game_and_seats(LOCKED_GAME_ROW, game_id)
    if found is None:
        raise NotFound("There is no such game.")
    return found


def player_game(user: Any, game_id: Any) -> tuple[Game, Seat]:
    """The locked started game and the player's seat, unless he left it; others learn
    nothing about it (NotFound)."""
    game = lock_game(game_id)
    seat = game.seat_of(user)
    if seat is None or game.status not in STARTED or seat.left:
        raise NotFound("There is no such game of yours.")
    return game, seat


def game_state(game: Game) -> State:
    """The ruleset's state stored in the row, decoded once per move (issue 36): the act,
    the store and every board of that version take the same decoded state (`decoded`)."""
    if game.state is None:
        raise GameError("The game has not started.")
    mine = getattr(game, "_decoded", None)
    if mine is not None and mine[0] is game.state:  # this row's document, as decoded
        return mine[1]
    state = decoded.get(game)
    if state is None:
        state = ruleset_of(game).from_json(game.state)
    game._decoded = (game.state, state)
    return state


def keep_state(game: Game, state: State) -> None:
    """`state` is what the game's row now holds (`game.state` its document, just stored):
    the caller's game keeps it decoded, and the process's other readers of that version
    take it once the transaction commits (a rolled-back move leaves nothing behind)."""
    game._decoded = (game.state, state)
    key, doc = decoded.key(game), game.state
    transaction.on_commit(lambda: decoded.put(key, doc, state))


class DecodedStates:
    """The decoded state of each of the process's games at its latest stored version, by
    game, with its start, version and the document it was decoded from. A reader takes it
    only for that very start and version and when its row's document equals that document,
    so a state written behind the site's back at the same version (tests, an administrator)
    is decoded anew, never mistaken. States are never changed in place (the rulesets'
    `apply` returns a new one, PL-PROTO-5), so readers may share them.

    One entry a game, replaced by its next version (issue 36, eleventh pass): a move reads
    only the latest, and keeping older versions (4,096 states and documents, ~20 s of
    moves at 200 games) only made the cyclic garbage collector walk them again and again."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._kept: OrderedDict[int, tuple[tuple[Any, ...], Any, State]] = OrderedDict()

    @staticmethod
    def key(game: Game) -> tuple[Any, ...]:
        return (game.pk, game.created, game.version)

    def get(self, game: Game) -> State | None:
        """The decoded state of the game's row, if kept for this very document."""
        key = self.key(game)
        with self._lock:
            found = self._kept.get(key[0])
        if found is None or found[0] != key or found[1] != game.state:
            return None
        return found[2]

    def put(self, key: tuple[Any, ...], doc: Any, state: State) -> None:
        with self._lock:
            kept = self._kept.get(key[0])
            if kept is not None and kept[0][1] == key[1] and kept[0][2] > key[2]:
                return  # a later version of the game is kept already
            self._kept[key[0]] = (key, doc, state)
            self._kept.move_to_end(key[0])
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


decoded = DecodedStates()
"""The process's decoded states (one per game, its latest version)."""


class StoredGames:
    """Each game as the process's last move stored it (the row, its seats and players),
    kept from the commit on: the other seats' sockets of this process draw their boards
    of that version from it instead of reading the game again (issue 36). A reader takes
    it only for the very version and start its own marks query read."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._kept: OrderedDict[int, Game] = OrderedDict()

    def keep(self, game: Game) -> None:
        """Keep `game` once the transaction commits (the version it then holds)."""
        transaction.on_commit(lambda: self._put(game))

    def _put(self, game: Game) -> None:
        with self._lock:
            dropped = [self._kept.get(game.pk)]
            self._kept[game.pk] = game
            self._kept.move_to_end(game.pk)
            while len(self._kept) > self.size:
                dropped.append(self._kept.popitem(last=False)[1])
        for old in dropped:
            if old is not None and old is not game:
                untie(old)

    def get(self, game_id: int, version: int, created: Any, status: str) -> Game | None:
        with self._lock:
            found = self._kept.get(game_id)
        if (found is None or found.version != version or found.created != created
                or found.status != status):
            return None
        return found

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


stored_games = StoredGames()
"""The games as this process last stored them."""


def outcome_of(ruleset: Ruleset, state: State) -> Outcome | None:
    """The ruleset's outcome as the platform's Outcome."""
    found: Any = ruleset.outcome(state)
    if found is None or isinstance(found, Outcome):
        return found
    return Outcome.from_json(found)


def round_of(ruleset: Ruleset, state: State) -> int:
    """The round the public view shows (0 when the game has no rounds)."""
    found = ruleset.view(state, None).get("round", 0)
    return found if isinstance(found, int) and found >= 0 else 0


def user_ids(game: Game) -> list[int]:
    """The accounts seated in the game (the computer's included)."""
    return [seat.user_id for seat in game.seat_list() if seat.user_id is not None]


# --- slots and limits (C-GAME-1 .. C-GAME-4, PL-SHARED-1) ----------------------------------


def total_slots(user: Any) -> int:
    """C-GAME-1: 15 slots plus one for every 4th level (of MArcomage, the site's first
    game: the slots are shared by every game system)."""
    return game_slots(level_of(user, DEFAULT_RULESET))


def playing(user: Any) -> Q:
    """Started games the player has not left (C-GAME-2, last item)."""
    return Q(status__in=STARTED, seats__user=user, seats__left=False)


def used_slots(user: Any, *, incoming: bool = True) -> int:
    """C-GAME-2: open challenges sent (and, unless `incoming` is off, received), hosted
    games not yet full that the player hosts or joined, and started games not yet left."""
    mine = (Q(status=Status.HOSTED, seats__user=user)
            | Q(status=Status.CHALLENGE, seats__user=user, seats__number=0) | playing(user))
    if incoming:
        mine |= Q(status=Status.CHALLENGE, seats__user=user)
    return Game.objects.filter(mine).distinct().count()


def free_slots(user: Any, *, incoming: bool = True) -> int:
    """Slots still free (never negative)."""
    return max(0, total_slots(user) - used_slots(user, incoming=incoming))


def initiated(by: Any, against: Any) -> bool:
    """C-GAME-4: `by` challenged or hosted a game record that `against` is in and that not
    every player has left; a finished game never counts (issue 31: it blocked rematches
    while no open game showed why)."""
    return (Game.objects.filter(seats__number=0, seats__user=by)
            .exclude(status=Status.FINISHED)
            .filter(seats__user=against)
            .filter(seats__left=False).exists())


# --- activity (C-ACT-2) --------------------------------------------------------------------


def dead(user: Any, now: datetime | None = None) -> bool:
    """C-ACT-2 / C-GAME-13: no request for more than 21 days."""
    return (now or timezone.now()) - user.last_activity > INACTIVE


def online(user: Any, now: datetime | None = None) -> bool:
    """C-ACT-2: a request in the last 10 minutes."""
    return (now or timezone.now()) - user.last_activity <= ONLINE


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
    return with_seats(Game.objects.filter(playing(user)).distinct())


def next_game(user: Any, after: int | None = None) -> int | None:
    """The next game where the player is to act, online opponents first (C-GAME-18)."""
    now = timezone.now()
    games = list(with_seats(your_turn(user)))

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
    return with_seats(Game.objects.filter(
        status=Status.CHALLENGE, seats__user=user, seats__number=1))


def challenges_from(user: Any) -> QuerySet[Game]:
    """Open challenges the player sent."""
    return with_seats(Game.objects.filter(
        status=Status.CHALLENGE, seats__user=user, seats__number=0))


def hosted_by(user: Any) -> QuerySet[Game]:
    """Hosted games the player is in that have not started yet."""
    return with_seats(Game.objects.filter(status=Status.HOSTED, seats__user=user))


def open_games(user: Any) -> QuerySet[Game]:
    """C-GAME-8: other players' hosted games with a free seat, newest first."""
    mine = Game.objects.filter(status=Status.HOSTED, seats__user=user).values("pk")
    return (with_seats(Game.objects.filter(status=Status.HOSTED).exclude(pk__in=mine))
            .order_by("-created", "-id"))


def player_by_name(name: str) -> Any:
    """An active account by name in any letter case, or None."""
    users = get_user_model().objects
    try:
        return users.get_by_natural_key(name)
    except users.model.DoesNotExist:
        return None
