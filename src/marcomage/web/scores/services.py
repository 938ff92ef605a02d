"""Reading a player's score in a game system, and recording a finished game's score, EXP
and level (PL-SHARED-4).

The awards are the ruleset's (`awards(state, levels, friendly, last)`: MArcomage's four
phases, the platform default for the others); this module only stores their results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F

from marcomage.games import DEFAULT_RULESET, find_ruleset
from marcomage.platform import rating
from marcomage.platform.protocol import Action, SeatAward, State

from .models import Score

COUNTERS = {"win": "wins", "loss": "losses", "draw": "draws"}


def score_of(user: Any, game: str = DEFAULT_RULESET) -> Score:
    """The player's score row in `game`, created on first use."""
    score, _ = Score.objects.get_or_create(user=user, game=game)
    return score


def level_of(user: Any, game: str = DEFAULT_RULESET) -> int:
    """The player's level in `game` (0 before his first game of it)."""
    found = Score.objects.filter(user=user, game=game).values_list("level", flat=True).first()
    return int(found or 0)


def scores_of(user: Any) -> list[Score]:
    """The player's scores in every game system he has one in, the default first."""
    return sorted(Score.objects.filter(user=user),
                  key=lambda score: (score.game != DEFAULT_RULESET, score.game))


@dataclass(frozen=True)
class Rated:
    """What a finished game did to one seat's score in its game system."""

    user: Any
    seat: int
    game: str
    award: SeatAward
    counted: str | None  # "wins", "losses", "draws", or None (friendly, aborted)
    level_before: int
    level: int  # after the game
    exp: int  # after the game

    @property
    def levelled_up(self) -> bool:
        return self.level > self.level_before

    @property
    def bonus_game_slot(self) -> bool:
        """The new level brings a game slot (every 4th level, C-GAME-1)."""
        return self.levelled_up and rating.game_slots(self.level) > rating.game_slots(
            self.level_before)


def record_game(
    game: str, state: State, players: Sequence[Any], *, friendly: bool,
    last: tuple[int, Action] | None = None,
) -> list[Rated]:
    """Store a finished game's effect on every seat, in seat order: wins, losses, draws
    (C-EXP-11; none for a friendly or aborted game), the ruleset's EXP from the seats'
    levels in this game system before it (C-EXP-3), at most one level up each (C-EXP-2).

    Runs inside the caller's transaction (a savepoint), so it is stored with the game's end
    or not at all. One account may hold several seats of a friendly game only (the computer
    in a group game, issue 35): a friendly game changes no score, so its seats share a row."""
    ruleset = find_ruleset(game)
    distinct = len({player.pk for player in players})
    if distinct < 2 or (distinct != len(players) and not friendly):
        raise ValueError("A game has at least two different players.")
    with transaction.atomic():
        for player in players:
            Score.objects.get_or_create(user=player, game=game)
        rows = {score.user_id: score for score in Score.objects.select_for_update().filter(
            user_id__in=[player.pk for player in players], game=game)}
        before = [rows[player.pk] for player in players]
        awards = ruleset.awards(state, [score.level for score in before], friendly, last)
        recorded = []
        for seat, (player, score, award) in enumerate(zip(players, before, awards,
                                                          strict=True)):
            counted = None if friendly else COUNTERS.get(award.result)
            level, exp, _ = rating.add_exp(score.level, score.exp, award.exp)
            changes: dict[str, Any] = {"level": level, "exp": exp}
            if counted is not None:
                changes[counted] = F(counted) + 1
            Score.objects.filter(pk=score.pk).update(**changes)
            recorded.append(Rated(player, seat, game, award, counted, score.level, level, exp))
        return recorded
