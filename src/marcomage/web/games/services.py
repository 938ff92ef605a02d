"""Everything the Games section does: challenges, hosting, joining, turns, ending, leaving,
chat and notes. Views are thin; each refusal raises `GameError` with the reason in words a
player understands, and leaves the database unchanged.

Every change of a running game goes through `_store`, which writes the new engine state and
raises the version in one conditional UPDATE inside the caller's transaction: an action built
against a stale version is refused (`StaleVersion`), so a double click, two tabs or two
devices never apply a move twice.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from marcomage.games.marcomage import (
    Action,
    EndType,
    IllegalAction,
    end,
    from_json,
    new_game,
    push,
    resign,
    to_json,
)
from marcomage.games.marcomage import awards as rating
from marcomage.games.marcomage.ruleset import RULESET
from marcomage.games.marcomage.state import Deck as EngineDeck
from marcomage.games.marcomage.state import Game as EngineGame
from marcomage.web.core.events import challenge_answered, game_finished
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckNotReady, ready_decks
from marcomage.web.players.activity import INACTIVE, ONLINE
from marcomage.web.preferences.models import preferences_of
from marcomage.web.rulesets.marcomage.slots import engine_deck
from marcomage.web.scores.services import level_of

from .models import (
    CHALLENGE_LENGTH,
    CHAT_LENGTH,
    COMPUTER_SEAT,
    NOTE_LENGTH,
    ChatMessage,
    Game,
    Status,
)
from .realtime import wake_game

RANDOM_DECK = "random"
FINISH_AFTER = timedelta(days=21)  # C-GAME-14: 21 × 24 hours without a turn
STARTED = (Status.RUNNING, Status.FINISHED)
LEFT_TEXT = "has left the game"  # C-GAME-17


class GameError(ValueError):
    """A refused request; the message says why."""


class NotFound(GameError):
    """No such game for this player (views answer 404: others may not even know it exists)."""


class StaleVersion(GameError):
    """The action was built against an older version of the game; the client resyncs."""


# --- slots and limits (C-GAME-1 .. C-GAME-4) -------------------------------------------------


def total_slots(user: Any) -> int:
    """C-GAME-1: 15 slots plus one for every 4th level."""
    return rating.game_slots(level_of(user))


def _playing(user: Any) -> Q:
    """Started games the player has not left (C-GAME-2, last item)."""
    return Q(status__in=STARTED) & (
        Q(player1=user, left1=False) | Q(player2=user, left2=False)
    )


def used_slots(user: Any, *, incoming: bool = True) -> int:
    """C-GAME-2: open challenges sent (and, unless `incoming` is off, received), hosted
    games nobody joined, and started games not yet left."""
    mine = Q(player1=user, status__in=(Status.CHALLENGE, Status.HOSTED)) | _playing(user)
    if incoming:
        mine |= Q(player2=user, status=Status.CHALLENGE)
    return Game.objects.filter(mine).count()


def free_slots(user: Any, *, incoming: bool = True) -> int:
    """Slots still free (never negative)."""
    return max(0, total_slots(user) - used_slots(user, incoming=incoming))


def _need_slot(user: Any, *, incoming: bool = True) -> None:
    """C-GAME-3: refuse when no slot is free."""
    if free_slots(user, incoming=incoming) < 1:
        raise GameError(
            f"All your {total_slots(user)} game slots are in use (games, hosted games and "
            "challenges count). Finish or leave a game first."
        )


def initiated(by: Any, against: Any) -> bool:
    """C-GAME-4: `by` challenged or hosted a game record that `against` is in."""
    return Game.objects.filter(player1=by, player2=against).exists()


# --- decks (C-GAME-5) --------------------------------------------------------------------------


def choose_deck(user: Any, choice: Any) -> Deck:
    """The player's ready deck by id, or a random ready one when the setting allows it."""
    if str(choice) == RANDOM_DECK:
        if not preferences_of(user).random_deck_selection:
            raise GameError("Random deck selection is off in your settings.")
        decks = ready_decks(user)
        if not decks:
            raise GameError("You have no ready deck (a deck needs all 45 cards).")
        return secrets.choice(decks)
    try:
        deck = Deck.objects.get(pk=int(choice), owner=user)
    except (TypeError, ValueError, Deck.DoesNotExist):
        raise GameError("Choose one of your decks.") from None
    if not deck.ready:
        raise GameError(f"The deck {deck.name!r} is not ready: it holds {deck.card_count} of "
                        "45 cards.")
    return deck


def _check_modes_text(message: str) -> str:
    """C-GAME-6: the challenge text, at most 250 characters."""
    if len(message) > CHALLENGE_LENGTH:
        raise GameError(f"The challenge text may have at most {CHALLENGE_LENGTH} characters "
                        f"(it has {len(message)}).")
    return message


# --- challenges (C-GAME-6, C-GAME-7) -----------------------------------------------------------


@transaction.atomic
def challenge(challenger: Any, opponent: Any, deck_choice: Any, message: str = "", *,
              hidden: bool = False, friendly: bool = False) -> Game:
    """Send a challenge; the challenged player's slots are not checked (C-GAME-3)."""
    if opponent is None or not opponent.is_active:
        raise GameError("There is no such player.")
    if opponent.pk == challenger.pk:
        raise GameError("You cannot challenge yourself.")
    text = _check_modes_text(message.strip())
    if initiated(challenger, opponent):
        raise GameError(f"You already have a game you started against {opponent.username}; "
                        "only one such game per opponent is allowed.")
    _need_slot(challenger)
    deck = choose_deck(challenger, deck_choice)
    game = Game.objects.create(
        player1=challenger, player2=opponent, status=Status.CHALLENGE, hidden=hidden,
        friendly=friendly, deck1=deck, deck1_name=deck.name, message=text,
    )
    wake_game(game.pk, game.version, [opponent.pk])
    return game


def _locked(game_id: Any) -> Game:
    """The game row, locked for the rest of the transaction where the database can."""
    try:
        return Game.objects.select_for_update().get(pk=int(game_id))
    except (TypeError, ValueError, Game.DoesNotExist):
        raise NotFound("There is no such game.") from None


@transaction.atomic
def withdraw(user: Any, game_id: Any) -> None:
    """The challenger takes back a challenge not yet answered (C-GAME-7)."""
    game = _locked(game_id)
    if game.status != Status.CHALLENGE or game.player1_id != user.pk:
        raise NotFound("There is no such challenge of yours.")
    opponent_id = game.player2_id
    game.delete()
    wake_game(int(game_id), 0, [opponent_id])


@transaction.atomic
def accept(user: Any, game_id: Any, deck_choice: Any) -> Game:
    """The challenged player accepts with a ready deck: the game starts (C-GAME-7)."""
    game = _locked(game_id)
    if game.status != Status.CHALLENGE or game.player2_id != user.pk:
        raise NotFound("There is no such challenge to you.")
    _need_slot(user, incoming=False)
    deck = choose_deck(user, deck_choice)
    game.deck2, game.deck2_name = deck, deck.name
    _start(game)
    challenge_answered.send(sender=Game, challenger=game.player1, challenged=game.player2,
                            accepted=True, game_id=game.pk)
    return game


@transaction.atomic
def reject(user: Any, game_id: Any) -> None:
    """The challenged player refuses: the challenge is deleted (C-GAME-7)."""
    game = _locked(game_id)
    if game.status != Status.CHALLENGE or game.player2_id != user.pk:
        raise NotFound("There is no such challenge to you.")
    challenger = game.player1
    game.delete()
    challenge_answered.send(sender=Game, challenger=challenger, challenged=user,
                            accepted=False, game_id=None)
    wake_game(int(game_id), 0, [challenger.pk])


# --- hosted games (C-GAME-8) -------------------------------------------------------------------


@transaction.atomic
def host(user: Any, deck_choice: Any, *, hidden: bool = False, friendly: bool = False) -> Game:
    """Offer a game anyone may join."""
    _need_slot(user)
    deck = choose_deck(user, deck_choice)
    return Game.objects.create(player1=user, status=Status.HOSTED, hidden=hidden,
                               friendly=friendly, deck1=deck, deck1_name=deck.name)


@transaction.atomic
def unhost(user: Any, game_id: Any) -> None:
    """The host cancels a hosted game nobody joined yet."""
    game = _locked(game_id)
    if game.status != Status.HOSTED or game.player1_id != user.pk:
        raise NotFound("There is no such hosted game of yours.")
    game.delete()


@transaction.atomic
def join(user: Any, game_id: Any, deck_choice: Any) -> Game:
    """Join a hosted game: it starts at once, the host in seat 1 (C-GAME-8)."""
    game = _locked(game_id)
    if game.status != Status.HOSTED:
        raise NotFound("This game is no longer open: someone joined it or its host "
                       "cancelled it.")
    if game.player1_id == user.pk:
        raise GameError("You cannot join your own game.")
    if initiated(game.player1, user):
        raise GameError(f"{game.player1.username} already started a game against you; only "
                        "one such game per opponent is allowed.")
    _need_slot(user)
    deck = choose_deck(user, deck_choice)
    game.player2, game.deck2, game.deck2_name = user, deck, deck.name
    _start(game)
    return game


def new_seed() -> int:
    """A fresh random seed for one game (tests replace it to get a known game)."""
    return secrets.randbits(63)


def _start(game: Game) -> None:
    """Deal the game with both decks (copied now) and a secret seed (C-SETUP)."""
    decks = []
    for deck, whose in ((game.deck1, "Your opponent's deck"), (game.deck2, "Your deck")):
        if deck is None:
            raise GameError(f"{whose} no longer exists.")
        try:
            decks.append(engine_deck(deck))
        except DeckNotReady as problem:
            raise GameError(f"{whose}: {problem}") from None
    _deal(game, decks[0], decks[1], new_seed())


Dealt = tuple[EngineDeck, tuple[str, str, str]]
"""A deck and its three token keywords, as the engine takes them."""


def _deal(game: Game, first: Dealt, second: Dealt, seed: int) -> None:
    """Store the new engine game in the row (seat 1 plays `first`) and wake both players;
    the computer, when it is in the game and moves first, is woken too."""
    (cards1, tokens1), (cards2, tokens2) = first, second
    state = new_game(cards1, cards2, seed=seed, tokens1=tokens1, tokens2=tokens2,
                     hidden=game.hidden, friendly=game.friendly)
    now = timezone.now()
    game.status = Status.RUNNING
    game.state = to_json(state)
    game.version += 1
    game.created = game.last_move = now
    game.current, game.round = state.current + 1, state.round
    game.save()
    wake_game(game.pk, game.version, [game.player1_id, game.player2_id])
    _wake_computer(game)


def _wake_computer(game: Game) -> None:
    """Once the transaction commits, let the computer move if it is its turn (issue 11)."""
    if game.ai_level and game.status == Status.RUNNING and game.current == COMPUTER_SEAT:
        from .computer import schedule  # the computer builds on this module

        transaction.on_commit(partial(schedule, game.pk))


# --- turns and the end of a game ---------------------------------------------------------------


def engine_state(game: Game) -> EngineGame:
    """The engine game stored in the row."""
    if game.state is None:
        raise GameError("The game has not started.")
    return from_json(game.state)


def _player_game(user: Any, game_id: Any) -> tuple[Game, int]:
    """The locked game and the player's seat (1 or 2); others learn nothing about it."""
    game = _locked(game_id)
    seat = game.seat_of(user)
    if not seat or game.status not in STARTED or (game.left1 if seat == 1 else game.left2):
        raise NotFound("There is no such game of yours.")
    return game, seat


def _running(user: Any, game_id: Any, version: Any = None) -> tuple[Game, int, EngineGame]:
    """The locked running game, the seat and the engine state; checks the version if given."""
    game, seat = _player_game(user, game_id)
    if game.status != Status.RUNNING:
        raise GameError("The game is over.")
    if version is not None and _int(version, "version") != game.version:
        raise StaleVersion("The game changed since your page showed it; here it is now. "
                           "Nothing was played.")
    return game, seat, engine_state(game)


def _int(value: Any, what: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise GameError(f"The {what} must be a number.") from None


def _store(game: Game, state: EngineGame, *, turn: dict[str, Any] | None = None) -> None:
    """Write the new state and raise the version in one conditional UPDATE (stale → refused);
    send game_finished in the same transaction when the game has just ended."""
    now = timezone.now()
    finished = state.outcome is not None
    fields: dict[str, Any] = {
        "state": to_json(state),
        "version": F("version") + 1,
        "status": Status.FINISHED if finished else Status.RUNNING,
        "current": 0 if finished else state.current + 1,
        "round": state.round,
    }
    if turn is not None:
        fields["last_turn"] = turn
        if not finished:
            fields["last_move"] = now  # C-GAME-14: set after every turn that does not end it
    updated = Game.objects.filter(pk=game.pk, version=game.version).update(**fields)
    if updated != 1:
        raise StaleVersion("The game changed meanwhile; here it is now. Nothing was played.")
    game.refresh_from_db()
    if finished:
        last = game.last_turn
        final = None if last is None else (int(last["player"]), {
            "type": str(last["kind"]), "pos": int(last["pos"]),
            **({"mode": int(last["mode"])} if last["kind"] == "play" else {})})
        game_finished.send(sender=Game, game_id=game.pk, ruleset=RULESET.id, state=state,
                           outcome=RULESET.outcome(state), players=(game.player1, game.player2),
                           friendly=state.friendly, last=final)
    wake_game(game.pk, game.version, [game.player1_id, game.player2_id])
    _wake_computer(game)


@transaction.atomic
def act(user: Any, game_id: Any, version: Any, kind: Any, pos: Any, mode: Any = 0) -> Game:
    """Play (in a mode) or discard the card at position `pos` (1..8), against `version`."""
    game, seat, state = _running(user, game_id, version)
    if kind not in ("play", "discard"):
        raise GameError("Play or discard a card.")
    action = Action(str(kind), _int(pos, "card position"),
                    _int(mode or 0, "mode") if kind == "play" else 0)
    try:
        push(state, action, seat - 1)
    except IllegalAction as problem:
        raise GameError(str(problem)) from None
    _store(game, state, turn={"player": seat - 1, "kind": action.kind, "pos": action.pos,
                              "mode": action.mode})
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


def end_options(game: Game, seat: int, now: datetime | None = None) -> EndOptions:
    """Abort when the opponent is dead; Finish when the opponent has not moved for 21 days
    and nobody is dead; otherwise Surrender (C-GAME-11, -12, -14, -15)."""
    if game.status != Status.RUNNING:
        return EndOptions(False, False, False)
    if game.ai_level:  # the computer is never inactive: only surrender ends it early
        return EndOptions(True, False, False)
    now = now or timezone.now()
    opponent = game.opponent_of(seat)
    if dead(opponent, now):
        return EndOptions(False, True, False)
    me = game.player1 if seat == 1 else game.player2
    can_finish = (game.current == 3 - seat and not dead(me, now)
                  and now - game.last_move >= FINISH_AFTER)
    return EndOptions(not can_finish, False, can_finish)


@transaction.atomic
def surrender(user: Any, game_id: Any) -> Game:
    """C-GAME-11: at any time, on either player's turn; the opponent wins."""
    game, seat, state = _running(user, game_id)
    resign(state, seat - 1)
    _store(game, state)
    return game


@transaction.atomic
def abort(user: Any, game_id: Any) -> Game:
    """C-GAME-12: when a participant is dead; no winner, no score."""
    game, _seat, state = _running(user, game_id)
    if game.ai_level:
        raise GameError("The computer is never inactive; surrender to end the game.")
    if not (dead(game.player1) or dead(game.player2)):
        raise GameError("You may abort only when your opponent has been inactive for more "
                        "than three weeks.")
    end(state, EndType.ABORT, None)
    _store(game, state)
    return game


@transaction.atomic
def finish(user: Any, game_id: Any) -> Game:
    """C-GAME-14: the opponent has not moved for 21 days and nobody is dead; you win."""
    game, seat, state = _running(user, game_id)
    if not end_options(game, seat).finish:
        raise GameError("You may finish the game only when it is your opponent's turn, he "
                        "has not moved for more than three weeks and is not dead.")
    end(state, EndType.ABANDON, seat - 1)
    _store(game, state)
    return game


@transaction.atomic
def leave(user: Any, game_id: Any) -> bool:
    """C-GAME-17: the first to leave a finished game posts "has left the game"; the second
    deletes it with its chat; the computer never leaves, so a game against it goes at
    once. True when the game is gone."""
    game, seat = _player_game(user, game_id)
    if game.status != Status.FINISHED:
        raise GameError("A game can be left only once it is over; surrender first.")
    other_left = (game.left2 if seat == 1 else game.left1) or bool(game.ai_level)
    if other_left:
        game.delete()
        return True
    Game.objects.filter(pk=game.pk).update(**{f"left{seat}": True})
    ChatMessage.objects.create(game=game, author=user, text=LEFT_TEXT)
    wake_game(game.pk, game.version, [game.opponent_of(seat).pk])
    return False


# --- chat and notes (C-SITE-3, C-GAME-16) ------------------------------------------------------


@transaction.atomic
def post_chat(user: Any, game_id: Any, text: str) -> ChatMessage:
    """A chat line by one of the two players; does not change the game's last move time."""
    game, _seat = _player_game(user, game_id)
    text = text.strip()
    if not text:
        raise GameError("Write something before sending.")
    if len(text) > CHAT_LENGTH:
        raise GameError(f"A chat message may have at most {CHAT_LENGTH} characters "
                        f"(it has {len(text)}).")
    line = ChatMessage.objects.create(game=game, author=user, text=text)
    wake_game(game.pk, game.version, [])
    return line


@transaction.atomic
def save_note(user: Any, game_id: Any, text: str) -> None:
    """The player's private note on this game (at most 1000 characters)."""
    game, seat = _player_game(user, game_id)
    if len(text) > NOTE_LENGTH:
        raise GameError(f"A game note may have at most {NOTE_LENGTH} characters "
                        f"(it has {len(text)}).")
    Game.objects.filter(pk=game.pk).update(**{f"note{seat}": text})


# --- lists and the icon ------------------------------------------------------------------------


def your_turn(user: Any) -> QuerySet[Game]:
    """Running games where it is the player's turn."""
    return Game.objects.filter(status=Status.RUNNING).filter(
        Q(player1=user, current=1) | Q(player2=user, current=2))


def your_turn_anywhere(user: Any, mark: datetime) -> bool:
    """The crossed-swords icon's source: is it the player's turn in any game?"""
    return your_turn(user).exists()


def visible_games(user: Any) -> QuerySet[Game]:
    """Started games the player has not left, newest move first."""
    return Game.objects.filter(_playing(user)).select_related("player1", "player2")


def next_game(user: Any, after: int | None = None) -> int | None:
    """The next game where it is the player's turn, online opponents first (C-GAME-18)."""
    now = timezone.now()
    games = list(your_turn(user).select_related("player1", "player2"))
    games.sort(key=lambda g: (not online(g.opponent_of(g.seat_of(user)), now), g.last_move,
                              g.pk))
    ids = [g.pk for g in games]
    if not ids:
        return None
    if after in ids:
        position = ids.index(after)
        return ids[(position + 1) % len(ids)] if len(ids) > 1 else None
    return ids[0]


def challenges_to(user: Any) -> QuerySet[Game]:
    """Open challenges the player received."""
    return Game.objects.filter(player2=user, status=Status.CHALLENGE).select_related("player1")


def challenges_from(user: Any) -> QuerySet[Game]:
    """Open challenges the player sent."""
    return Game.objects.filter(player1=user, status=Status.CHALLENGE).select_related("player2")


def hosted_by(user: Any) -> QuerySet[Game]:
    """The player's hosted games nobody joined yet."""
    return Game.objects.filter(player1=user, status=Status.HOSTED)


def open_games(user: Any) -> QuerySet[Game]:
    """C-GAME-8: other players' hosted games, newest first."""
    return (Game.objects.filter(status=Status.HOSTED).exclude(player1=user)
            .select_related("player1").order_by("-created", "-id"))


def player_by_name(name: str) -> Any:
    """An active account by name in any letter case, or None."""
    users = get_user_model().objects
    try:
        return users.get_by_natural_key(name)
    except users.model.DoesNotExist:
        return None
