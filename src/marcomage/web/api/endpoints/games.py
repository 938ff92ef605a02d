"""Games: your list, challenges, hosted games, the computer, your view, legal actions,
acting against the expected version, chat, surrender and leaving; all through
web/games/services.py (and games/computer.py for a game against the computer)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Status

from marcomage.web.core import rate_limit
from marcomage.web.games import computer, services
from marcomage.web.games.models import ChatMessage, Game
from marcomage.web.games.services import NotFound, StaleVersion

from ..auth import need
from ..gameviews import game_row, game_view, seat_view
from ..schemas import (
    REFUSALS,
    ActIn,
    ChallengeIn,
    ChatIn,
    ChatLine,
    ComputerIn,
    DeckChoice,
    GameRow,
    GameView,
    HostIn,
    Legal,
    Ok,
    Stale,
)
from ..tokens import bot_ids

router = Router(tags=["games"])

def _mine(user: Any, game_id: int) -> Game:
    """A game the caller sits in (any status), else 404 for everyone else."""
    game = services.find_game(game_id)
    if game is None or game.seat_of(user) is None:
        raise NotFound("There is no such game of yours.")
    return game

def _fresh(game_id: int) -> Game:
    found = services.find_game(game_id)
    if found is None:
        raise NotFound("There is no such game.")
    return found

def _rows(games: list[Game], user: Any) -> list[dict[str, Any]]:
    bots = bot_ids(s.user_id for g in games for s in g.seat_list() if s.user_id is not None)
    return [game_row(game, user, bots) for game in games]

@router.get("/games", response={200: list[GameRow], **REFUSALS})
def my_games(request: HttpRequest) -> Any:
    """Your games: challenges to and from you, hosted games you are in, running games and
    finished games you have not left."""
    user = need(request, "read")
    seen: dict[int, Game] = {}
    for found in (services.challenges_to(user), services.challenges_from(user),
                  services.hosted_by(user), services.visible_games(user)):
        for game in found:
            seen.setdefault(game.pk, game)
    return _rows(sorted(seen.values(), key=lambda g: -g.pk), user)

@router.get("/games/open", response={200: list[GameRow], **REFUSALS})
def open_games(request: HttpRequest) -> Any:
    """Other players' hosted games with a free seat, newest first."""
    user = need(request, "read")
    return _rows(list(services.open_games(user)[:100]), user)

@router.post("/games/challenges", response={201: GameRow, **REFUSALS})
def challenge(request: HttpRequest, body: ChallengeIn) -> Any:
    """Challenge a player (a person or a bot) with one of your ready decks."""
    user = need(request, "play")
    rate_limit.spend("challenge", user)  # the same 10 a minute as the challenge form
    game = services.challenge(user, services.player_by_name(body.opponent), body.deck,
                              body.message, ruleset=body.game, format=body.format or None,
                              options=body.options)
    return Status(201, game_row(_fresh(game.pk), user))

@router.post("/games/{int:game_id}/accept", response={200: GameView, **REFUSALS})
def accept(request: HttpRequest, game_id: int, body: DeckChoice) -> Any:
    """Accept a challenge to you with one of your ready decks: the game starts."""
    user = need(request, "play")
    game = services.accept(user, game_id, body.deck)
    return game_view(_fresh(game.pk), user)

@router.post("/games/{int:game_id}/reject", response={200: Ok, **REFUSALS})
def reject(request: HttpRequest, game_id: int) -> Any:
    """Refuse a challenge to you; it is deleted."""
    services.reject(need(request, "play"), game_id)
    return {"detail": "Challenge rejected."}

@router.post("/games/{int:game_id}/withdraw", response={200: Ok, **REFUSALS})
def withdraw(request: HttpRequest, game_id: int) -> Any:
    """Take back a challenge you sent that is not answered yet."""
    services.withdraw(need(request, "play"), game_id)
    return {"detail": "Challenge withdrawn."}

@router.post("/games/hosted", response={201: GameRow, **REFUSALS})
def host(request: HttpRequest, body: HostIn) -> Any:
    """Host a game anyone may join; it starts when its seats are filled. With
    `computer_seats`, the computer takes those seats at `level` (issue 35)."""
    user = need(request, "play")
    if body.computer_seats:
        game = computer.host(user, body.deck, body.level, body.computer_seats,
                             ruleset=body.game, format=body.format or None,
                             options=body.options, seats=body.seats)
    else:
        game = services.host(user, body.deck, ruleset=body.game, format=body.format or None,
                             options=body.options, seats=body.seats)
    return Status(201, game_row(_fresh(game.pk), user))

@router.post("/games/{int:game_id}/join", response={200: GameRow, **REFUSALS})
def join(request: HttpRequest, game_id: int, body: DeckChoice) -> Any:
    """Take the next free seat of a hosted game; the last seat filled starts it."""
    user = need(request, "play")
    game = services.join(user, game_id, body.deck)
    return game_row(_fresh(game.pk), user)

@router.post("/games/{int:game_id}/unhost", response={200: Ok, **REFUSALS})
def unhost(request: HttpRequest, game_id: int) -> Any:
    """Cancel your hosted game (or give back your seat in one) before it starts."""
    services.unhost(need(request, "play"), game_id)
    return {"detail": "Done."}

@router.post("/games/computer", response={201: GameView, **REFUSALS})
def against_computer(request: HttpRequest, body: ComputerIn) -> Any:
    """A friendly game against the site's computer opponent (easy, normal or hard); with
    `seats` above 2, the computer takes every seat but yours (issue 35)."""
    user = need(request, "play")
    game = computer.start(user, body.deck, body.level, ruleset=body.game,
                          format=body.format or None, options=body.options, seats=body.seats)
    return Status(201, game_view(_fresh(game.pk), user))

@router.get("/games/{int:game_id}", response={200: GameView, **REFUSALS})
def read(request: HttpRequest, game_id: int) -> Any:
    """Your view of one of your games (the ruleset's view for your seat), its version and,
    when you are to act, your legal actions."""
    user = need(request, "read")
    return game_view(_mine(user, game_id), user)

@router.get("/games/{int:game_id}/legal", response={200: Legal, **REFUSALS})
def legal(request: HttpRequest, game_id: int) -> Any:
    """Your legal actions now (empty when you are not to act) and the version they are for."""
    user = need(request, "read")
    game = _mine(user, game_id)
    seat = game.seat_of(user)
    assert seat is not None
    if game.status not in services.STARTED:
        return {"version": game.version, "my_turn": False, "actions": []}
    _view, actions = seat_view(game, seat.number)
    return {"version": game.version, "my_turn": bool(actions), "actions": actions}

@router.post("/games/{int:game_id}/act", response={200: GameView, 409: Stale, **REFUSALS})
def act(request: HttpRequest, game_id: int, body: ActIn) -> Any:
    """Play one legal action against the version your view showed. A missing version is
    refused (400); a stale one answers 409 with the version now, and nothing is played."""
    user = need(request, "play")
    try:
        services.act(user, game_id, body.version, body.action)
    except StaleVersion as stale:
        return Status(409, {"detail": str(stale), "version": _mine(user, game_id).version})
    return game_view(_fresh(game_id), user)

@router.post("/games/{int:game_id}/surrender", response={200: GameView, **REFUSALS})
def surrender(request: HttpRequest, game_id: int) -> Any:
    """Give up a running game, on anyone's turn."""
    user = need(request, "play")
    services.surrender(user, game_id)
    return game_view(_fresh(game_id), user)

@router.post("/games/{int:game_id}/leave", response={200: Ok, **REFUSALS})
def leave(request: HttpRequest, game_id: int) -> Any:
    """Leave a finished game: it leaves your list (and the bot stream stops repeating its
    end); the game stays as a replay."""
    services.leave(need(request, "play"), game_id)
    return {"detail": "You left the game."}

@router.get("/games/{int:game_id}/chat", response={200: list[ChatLine], **REFUSALS})
def chat(request: HttpRequest, game_id: int) -> Any:
    """The game's chat, newest first (the latest 100 lines)."""
    user = need(request, "read")
    game = _mine(user, game_id)
    if game.status not in services.STARTED:
        raise NotFound("There is no such game of yours.")
    lines = ChatMessage.objects.filter(game=game).select_related("author")[:100]
    return [{"author": line.author.username, "text": line.text, "created": line.created}
            for line in lines]

@router.post("/games/{int:game_id}/chat", response={201: ChatLine, **REFUSALS})
def post_chat(request: HttpRequest, game_id: int, body: ChatIn) -> Any:
    """Write a line in the game's chat."""
    user = need(request, "play")
    rate_limit.spend("chat", user)  # the same 20 a minute as the chat form
    line = services.post_chat(user, game_id, body.text)
    return Status(201, {"author": user.username, "text": line.text, "created": line.created})
