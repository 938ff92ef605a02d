"""A game's chat and each player's private note (C-SITE-3, C-GAME-16, C-GAME-17)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from .errors import GameError
from .models import CHAT_LENGTH, NOTE_LENGTH, ChatMessage, Game, Seat
from .queries import player_game
from .realtime import wake_game

LEFT_TEXT = "has left the game"  # C-GAME-17


@transaction.atomic
def post_chat(user: Any, game_id: Any, text: str) -> ChatMessage:
    """A chat line by one of the players; does not change the game's last move time."""
    game, _seat = player_game(user, game_id)
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


def post_left(game: Game, user: Any) -> None:
    """C-GAME-17: the line "has left the game" in the player's name."""
    ChatMessage.objects.create(game=game, author=user, text=LEFT_TEXT)


def forget_chat(game: Game) -> None:
    """Delete the game's chat (every person has left it, C-GAME-17)."""
    ChatMessage.objects.filter(game=game).delete()


@transaction.atomic
def save_note(user: Any, game_id: Any, text: str) -> None:
    """The player's private note on this game (at most 1000 characters)."""
    _game, seat = player_game(user, game_id)
    if len(text) > NOTE_LENGTH:
        raise GameError(f"A game note may have at most {NOTE_LENGTH} characters "
                        f"(it has {len(text)}).")
    Seat.objects.filter(pk=seat.pk).update(note=text)
