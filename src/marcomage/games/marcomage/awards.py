"""The player rating system: EXP from a finished game in four phases, levels, slots and score.

Pure functions of a finished engine game; no web or database imports. All arithmetic is exact
``Decimal`` with modifiers written as decimal literals, rounded half away from zero after each
phase (C-GEN-1, C-EXP-3).

    >>> game_rating(Result.WIN, EndType.DESTRUCTION).exp  # the manual's first example
    105
    >>> opponent_rating(105, level=7, opponent_level=1).exp  # 105 * 0.7 = 73.5
    74
    >>> exp_to_level_up(10)
    1500
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum, IntEnum, StrEnum
from typing import Any, NamedTuple

from marcomage.platform.rating import (
    BASE_EXP,
    DECK_SLOTS,
    LEVEL_DIFFERENCE_CAP,
    add_exp,
    exp_to_level_up,
    game_slots,
    opponent_modifier,
)
from marcomage.platform.rating import check_level as _check_level
from marcomage.platform.rounding import round_half_away

from .actions import PLAY, Action
from .cards import CARDS, COMMON, COMPLETION_RITUAL, RARE
from .state import MAX_WALL, EndType, Game, Outcome, Player

ONE = Decimal(1)


class Result(StrEnum):
    """A game's result from one player's point of view."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class Achievement(IntEnum):
    """Phase 3 victory ratings, ordered worst to best so that min() and max() pick them."""

    TACTICAL = 0
    MINOR = 1
    MAJOR = 2

    @property
    def modifier(self) -> Decimal:
        """The EXP factor: Major 1.75, Minor 1.25, Tactical 1 (C-EXP-6)."""
        return _ACHIEVEMENT_MODIFIERS[self]

    @property
    def text(self) -> str:
        """The manual's name, e.g. "Major achievement"."""
        return f"{self.name.capitalize()} achievement"


_ACHIEVEMENT_MODIFIERS: dict[Achievement, Decimal] = {
    Achievement.MAJOR: Decimal("1.75"),
    Achievement.MINOR: Decimal("1.25"),
    Achievement.TACTICAL: Decimal("1"),
}


class Award(Enum):
    """The seven phase 4 awards, in the manual's order; the value is the manual's name."""

    GENTLE_TOUCH = "Gentle touch"
    DESOLATOR = "Desolator"
    TITAN = "Titan"
    ASSASSIN = "Assassin"
    COLLECTOR = "Collector"
    BUILDER = "Builder"
    SURVIVOR = "Survivor"

    @property
    def fraction(self) -> Decimal:
        """The EXP bonus as a fraction, e.g. 0.20 for Gentle touch (C-EXP-7)."""
        return _AWARD_FRACTIONS[self]


_AWARD_FRACTIONS: dict[Award, Decimal] = {
    Award.GENTLE_TOUCH: Decimal("0.20"),
    Award.DESOLATOR: Decimal("0.30"),
    Award.TITAN: Decimal("0.45"),
    Award.ASSASSIN: Decimal("0.50"),
    Award.COLLECTOR: Decimal("0.70"),
    Award.BUILDER: Decimal("0.80"),
    Award.SURVIVOR: Decimal("0.90"),
}

# Phase 1 (C-EXP-4): the modifier of the base EXP for each result and end type.
GAME_RATING: dict[tuple[Result, EndType], Decimal] = {
    (Result.WIN, EndType.RESOURCE): Decimal("1.15"),
    (Result.WIN, EndType.CONSTRUCTION): Decimal("1.10"),
    (Result.WIN, EndType.DESTRUCTION): Decimal("1.05"),
    (Result.WIN, EndType.ABANDON): Decimal("1.00"),
    (Result.WIN, EndType.SURRENDER): Decimal("0.95"),
    (Result.WIN, EndType.TIMEOUT): Decimal("0.60"),
    (Result.DRAW, EndType.DRAW): Decimal("0.50"),
    (Result.LOSS, EndType.TIMEOUT): Decimal("0.40"),
    (Result.LOSS, EndType.DESTRUCTION): Decimal("0.15"),
    (Result.LOSS, EndType.CONSTRUCTION): Decimal("0.10"),
    (Result.LOSS, EndType.RESOURCE): Decimal("0.05"),
    (Result.LOSS, EndType.SURRENDER): Decimal("0"),
    (Result.LOSS, EndType.ABANDON): Decimal("0"),
}

# End types decided by a turn (C-END-1), as opposed to surrender, abort and finish.
RULES_END_TYPES = frozenset(
    {EndType.DESTRUCTION, EndType.CONSTRUCTION, EndType.RESOURCE, EndType.TIMEOUT, EndType.DRAW}
)
_GENTLE_TOUCH_END_TYPES = RULES_END_TYPES - {EndType.DRAW}


# -- levels and slots --------------------------------------------------------------------------


def deck_slots(level: int) -> int:
    """MArcomage decks a player has: the platform's 8, plus one for every 6th level
    (C-DECK-4, PL-SHARED-2)."""
    _check_level(level)
    return DECK_SLOTS + level // 6


# -- score -------------------------------------------------------------------------------------


class ScoreChange(NamedTuple):
    """Changes of one player's Wins, Losses and Draws counters."""

    wins: int
    losses: int
    draws: int


NO_SCORE_CHANGE = ScoreChange(0, 0, 0)


def score_change(outcome: Outcome, friendly: bool) -> tuple[ScoreChange, ScoreChange]:
    """Each player's score change (C-EXP-11): +1 win/loss when decided, +1 draw each on a draw,
    nothing for Abort or a friendly game (C-GAME-10).

    >>> score_change(Outcome(1, EndType.SURRENDER), friendly=False)
    (ScoreChange(wins=0, losses=1, draws=0), ScoreChange(wins=1, losses=0, draws=0))
    """
    _check_outcome(outcome)
    if friendly or outcome.end_type is EndType.ABORT:
        return NO_SCORE_CHANGE, NO_SCORE_CHANGE
    if outcome.winner is None:
        return ScoreChange(0, 0, 1), ScoreChange(0, 0, 1)
    won, lost = ScoreChange(1, 0, 0), ScoreChange(0, 1, 0)
    return (won, lost) if outcome.winner == 0 else (lost, won)


def _check_outcome(outcome: Outcome) -> None:
    undecided = outcome.end_type in (EndType.DRAW, EndType.ABORT)
    if undecided != (outcome.winner is None) or outcome.winner not in (None, 0, 1):
        raise ValueError(
            f"Inconsistent outcome: winner {outcome.winner!r} with end type {outcome.end_type}."
        )


def result_for(outcome: Outcome, player: int) -> Result:
    """The outcome as `player` (0 or 1) sees it; an Abort has no result."""
    _check_outcome(outcome)
    if outcome.end_type is EndType.ABORT:
        raise ValueError("An aborted game has no result.")
    if outcome.winner is None:
        return Result.DRAW
    return Result.WIN if outcome.winner == player else Result.LOSS


# -- the four phases ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of the EXP computation: the modifier applied and the EXP after rounding."""

    modifier: Decimal
    exp: int

    def to_json(self) -> dict[str, Any]:
        """{"modifier": "1.05", "exp": 105}: the modifier as a decimal string (no floats)."""
        return {"modifier": str(self.modifier), "exp": self.exp}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Phase:
        return cls(Decimal(str(doc["modifier"])), int(doc["exp"]))


def game_rating(result: Result, end_type: EndType) -> Phase:
    """Phase 1: the base 100 EXP times the outcome's modifier (C-EXP-4).

    >>> game_rating(Result.LOSS, EndType.TIMEOUT)
    Phase(modifier=Decimal('0.40'), exp=40)
    """
    modifier = GAME_RATING.get((result, end_type))
    if modifier is None:
        raise ValueError(f"No game rating for a {result} by {end_type}.")
    return Phase(modifier, round_half_away(BASE_EXP * modifier))


def opponent_rating(exp: int, level: int, opponent_level: int) -> Phase:
    """Phase 2: the phase 1 EXP scaled by the level difference, rounded (C-EXP-5)."""
    modifier = opponent_modifier(level, opponent_level)
    return Phase(modifier, round_half_away(exp * modifier))


def _rate_low(value: int) -> Achievement:
    """Major below 30, Minor 30 to 60, Tactical above 60 (a tower the rated player wants low)."""
    return Achievement.MAJOR if value < 30 else Achievement.MINOR if value <= 60 else (
        Achievement.TACTICAL)


def _rate_high(value: int) -> Achievement:
    """Major above 60, Minor 30 to 60, Tactical below 30 (a tower the rated player wants high)."""
    return Achievement.MAJOR if value > 60 else Achievement.MINOR if value >= 30 else (
        Achievement.TACTICAL)


def _rate_stock_low(value: int) -> Achievement:
    """Major below 150, Minor 150 to 300, Tactical above 300."""
    return Achievement.MAJOR if value < 150 else Achievement.MINOR if value <= 300 else (
        Achievement.TACTICAL)


def _rate_stock_high(value: int) -> Achievement:
    """Major above 300, Minor 150 to 300, Tactical below 150."""
    return Achievement.MAJOR if value > 300 else Achievement.MINOR if value >= 150 else (
        Achievement.TACTICAL)


def achievement(me: Player, opponent: Player, result: Result) -> Achievement:
    """How close the game was, from the final state (C-EXP-6).

    A winner takes the worst of: enemy stock, enemy tower, own tower. A loser, or either
    player in a draw, takes the best of: own stock, own tower, enemy tower."""
    if result is Result.WIN:
        return min(
            _rate_stock_low(opponent.stock), _rate_low(opponent.tower), _rate_high(me.tower))
    return max(_rate_stock_high(me.stock), _rate_high(me.tower), _rate_low(opponent.tower))


def victory_rating(exp: int, achieved: Achievement) -> Phase:
    """Phase 3: the phase 2 EXP times 1.75, 1.25 or 1, rounded (C-EXP-6)."""
    return Phase(achieved.modifier, round_half_away(exp * achieved.modifier))


def award_rating(exp: int, awards: Iterable[Award]) -> Phase:
    """Phase 4: the phase 3 EXP times 1 + the sum of the awards' fractions, rounded (C-EXP-7).

    >>> award_rating(100, [Award.GENTLE_TOUCH, Award.SURVIVOR])
    Phase(modifier=Decimal('2.10'), exp=210)
    """
    earned = set(awards)
    modifier = ONE + sum((award.fraction for award in earned), Decimal(0))
    return Phase(modifier, round_half_away(exp * modifier))


# -- whole games -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FinalTurn:
    """The last turn taken in a game: who took it (0 or 1) and the action.

    The game *ended on* this turn when its end type is decided by the rules (C-END-1); the
    action's slot is the played slot that Collector leaves out (C-EXP-9)."""

    player: int
    action: Action


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's EXP from one game, phase by phase, as the battle report shows it (C-EXP-13)."""

    result: Result
    end_type: EndType
    level: int
    opponent_level: int
    game: Phase
    opponent: Phase
    achievement: Achievement
    victory: Phase
    awards: tuple[Award, ...]
    award: Phase

    @property
    def gain(self) -> int:
        """The EXP the player gains: the result of the last phase."""
        return self.award.exp

    def to_json(self) -> dict[str, Any]:
        """The rating as JSON for a battle report kept apart from the game (decimals as
        strings, the achievement and awards by their manual names); `from_json` rebuilds it."""
        return {
            "result": str(self.result), "end_type": str(self.end_type), "level": self.level,
            "opponent_level": self.opponent_level, "game": self.game.to_json(),
            "opponent": self.opponent.to_json(), "achievement": self.achievement.text,
            "victory": self.victory.to_json(), "awards": [a.value for a in self.awards],
            "award": self.award.to_json(), "gain": self.gain,
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Rating:
        achievements = {a.text: a for a in Achievement}
        return cls(
            Result(doc["result"]), EndType(doc["end_type"]), int(doc["level"]),
            int(doc["opponent_level"]), Phase.from_json(doc["game"]),
            Phase.from_json(doc["opponent"]), achievements[doc["achievement"]],
            Phase.from_json(doc["victory"]), tuple(Award(a) for a in doc["awards"]),
            Phase.from_json(doc["award"]),
        )


def rate(
    result: Result, end_type: EndType, level: int, opponent_level: int,
    achieved: Achievement, awards: Iterable[Award] = (),
) -> Rating:
    """All four phases for one player from plain values; only a winner may hold awards.

    >>> rate(Result.WIN, EndType.TIMEOUT, 3, 3, Achievement.MINOR, [Award.ASSASSIN]).gain
    113
    """
    earned = tuple(award for award in Award if award in set(awards))
    if earned and result is not Result.WIN:
        raise ValueError("Only the winner earns awards (C-EXP-7).")
    p1 = game_rating(result, end_type)
    p2 = opponent_rating(p1.exp, level, opponent_level)
    p3 = victory_rating(p2.exp, achieved)
    p4 = award_rating(p3.exp, earned)
    return Rating(result, end_type, level, opponent_level, p1, p2, achieved, p3, earned, p4)


def _ended_on(game: Game, final_turn: FinalTurn | None) -> FinalTurn | None:
    """The turn the game ended on, or None when it was ended from outside (C-END-6)."""
    assert game.outcome is not None
    if game.outcome.end_type not in RULES_END_TYPES:
        return None
    if final_turn is None:
        raise ValueError(
            f"A game ended by {game.outcome.end_type} needs the turn that ended it.")
    if final_turn.player != game.current:
        raise ValueError(
            f"The game ended on player {game.current}'s turn, not player {final_turn.player}'s.")
    actor = game.players[final_turn.player]
    if not 1 <= final_turn.action.pos <= len(actor.hand):
        raise ValueError(f"No hand slot {final_turn.action.pos}.")
    if actor.last.played != (final_turn.action.kind == PLAY):
        raise ValueError(
            f"Player {final_turn.player}'s last history entry is not a {final_turn.action.kind}.")
    return final_turn


def earned_awards(game: Game, final_turn: FinalTurn | None) -> tuple[Award, ...]:
    """The winner's awards from the final state and history, in the manual's order (C-EXP-7).

    `final_turn` is the last turn taken (None if there was none or it does not matter); the
    game ended on it only for end types decided by the rules."""
    outcome = game.outcome
    if outcome is None or outcome.winner is None:
        return ()
    winner, loser = game.players[outcome.winner], game.players[1 - outcome.winner]
    ended_on = _ended_on(game, final_turn)
    # The hand slot of the winner's play that ended the game, if it ended that way.
    played_slot = (
        ended_on.action.pos - 1
        if ended_on is not None and ended_on.player == outcome.winner
        and ended_on.action.kind == PLAY else None
    )
    last = winner.last
    earned: list[Award] = []
    # C-EXP-10: the game ended on the winner's own play of a Common card.
    if (played_slot is not None and outcome.end_type in _GENTLE_TOUCH_END_TYPES
            and last.played and CARDS[last.card].rarity == COMMON):
        earned.append(Award.GENTLE_TOUCH)
    if loser.quarry == loser.magic == loser.dungeons == 1:
        earned.append(Award.DESOLATOR)
    # C-EXP-7: "win with the Titan set" is a Destruction won with Completion ritual last.
    if (outcome.end_type is EndType.DESTRUCTION and last.played
            and last.card == COMPLETION_RITUAL):
        earned.append(Award.TITAN)
    if game.round <= 10:  # C-EXP-8
        earned.append(Award.ASSASSIN)
    # C-EXP-9: the played card doesn't count, so its slot is left out.
    rares = sum(
        1 for slot, card in enumerate(winner.hand)
        if slot != played_slot and CARDS[card].rarity == RARE
    )
    if rares >= 4:
        earned.append(Award.COLLECTOR)
    if winner.wall == MAX_WALL:
        earned.append(Award.BUILDER)
    if winner.tower == 1 and winner.wall == 0:
        earned.append(Award.SURVIVOR)
    return tuple(earned)


def rate_game(
    game: Game, levels: tuple[int, int], final_turn: FinalTurn | None = None,
) -> tuple[Rating, Rating] | None:
    """Both players' EXP from a finished game, or None when it gives none (friendly or
    aborted: C-EXP-3, C-GAME-10, C-GAME-12).

    `levels` are the players' levels before the game; `final_turn` is the last turn taken,
    needed when the rules decided a winner (Destruction, Construction, Resource, Timeout)
    and ignored after Surrender or Abandon."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError("The game is not finished.")
    _check_outcome(outcome)
    for level in levels:
        _check_level(level)
    if game.friendly or outcome.end_type is EndType.ABORT:
        return None
    awards = earned_awards(game, final_turn)
    ratings: list[Rating] = []
    for i in (0, 1):
        result = result_for(outcome, i)
        ratings.append(rate(
            result, outcome.end_type, levels[i], levels[1 - i],
            achievement(game.players[i], game.players[1 - i], result),
            awards if result is Result.WIN else (),
        ))
    return ratings[0], ratings[1]


# add_exp, exp_to_level_up and game_slots live in marcomage.platform.rating; they stay
# importable from here until the web imports them from there.
__all__ = [
    "BASE_EXP", "GAME_RATING", "LEVEL_DIFFERENCE_CAP", "NO_SCORE_CHANGE", "RULES_END_TYPES",
    "Achievement", "Award", "FinalTurn", "Phase", "Rating", "Result", "ScoreChange",
    "achievement", "add_exp", "award_rating", "deck_slots", "earned_awards", "exp_to_level_up",
    "game_rating", "game_slots", "opponent_modifier", "opponent_rating", "rate", "rate_game",
    "result_for", "score_change", "victory_rating",
]
