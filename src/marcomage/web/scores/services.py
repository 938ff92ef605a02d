"""Reading a player's score, and recording a finished game's score, EXP and level.

The rules are the game's awards (pure functions); this module only stores their results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F

from marcomage.games.marcomage import awards as rating
from marcomage.games.marcomage.actions import action_from_json
from marcomage.games.marcomage.awards import FinalTurn, Rating, ScoreChange
from marcomage.games.marcomage.state import Game
from marcomage.web.decks.services import grant_bonus_deck

from .models import Score


def score_of(user: Any) -> Score:
    """The player's score row, created on first use for accounts older than the app."""
    score, _ = Score.objects.get_or_create(user=user)
    return score


def level_of(user: Any) -> int:
    """The player's level."""
    return score_of(user).level


@dataclass(frozen=True)
class Recorded:
    """What a finished game did to one player's score."""

    user: Any
    change: ScoreChange
    rating: Rating | None  # None: friendly or aborted, no EXP (C-GAME-10, C-GAME-12)
    level: int  # after the game
    exp: int  # after the game
    levelled_up: bool
    hidden: bool = False  # the game's hidden-cards mode, for the battle report

    @property
    def bonus_game_slot(self) -> bool:
        """The new level brings a game slot (every 4th level, C-GAME-1)."""
        return self.levelled_up and self.level % 4 == 0

    @property
    def bonus_deck_slot(self) -> bool:
        """The new level brings a deck slot (every 6th level, C-DECK-4)."""
        return self.levelled_up and self.level % 6 == 0


def record_game(
    state: Game, players: Sequence[Any],
    final_turn: FinalTurn | tuple[int, Mapping[str, Any]] | None = None,
) -> tuple[Recorded, Recorded]:
    """Store a finished game's effect on both players, in seat order: wins, losses, draws
    (C-EXP-11), EXP from both players' levels before the game (C-EXP-3), at most one level
    up each (C-EXP-2), and the bonus deck of every 6th level (C-DECK-4).

    Runs inside the caller's transaction (a savepoint), so it is stored with the game's end
    or not at all. Friendly and aborted games change nothing. `final_turn` is the last
    action taken, as the engine's FinalTurn or as the platform's (seat, action JSON)."""
    if final_turn is not None and not isinstance(final_turn, FinalTurn):
        final_turn = FinalTurn(final_turn[0], action_from_json(final_turn[1]))
    if len(players) != 2 or players[0].pk == players[1].pk:
        raise ValueError("A game has two different players.")
    with transaction.atomic():
        scores = {
            score.user_id: score
            for score in Score.objects.select_for_update().filter(
                user_id__in=[player.pk for player in players])
        }
        for player in players:
            if player.pk not in scores:
                scores[player.pk] = Score.objects.create(user=player)
        before = [scores[player.pk] for player in players]
        assert state.outcome is not None, "record_game needs a finished game"
        changes = rating.score_change(state.outcome, state.friendly)
        ratings = rating.rate_game(state, (before[0].level, before[1].level), final_turn)
        recorded = []
        for seat, (player, score) in enumerate(zip(players, before, strict=True)):
            change = changes[seat]
            gained = ratings[seat] if ratings is not None else None
            level, exp, up = rating.add_exp(
                score.level, score.exp, gained.gain if gained is not None else 0)
            Score.objects.filter(pk=score.pk).update(
                wins=F("wins") + change.wins, losses=F("losses") + change.losses,
                draws=F("draws") + change.draws, level=level, exp=exp,
            )
            done = Recorded(player, change, gained, level, exp, up, state.hidden)
            if done.bonus_deck_slot:
                grant_bonus_deck(player)
            recorded.append(done)
        return recorded[0], recorded[1]
