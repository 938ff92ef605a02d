"""Which ways of ending a running game the screen offers a player (C-GAME-11, -12, -14,
-15): surrender, abort (an opponent is dead) or finish (the seats to act have not moved for
21 days). Its own module because the board's context (payload.py) asks it for every board
and the act path (play.py) for its ends, and the act path hands its pushes to code that
draws boards (pushes.py): neither imports the other through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from marcomage.platform.protocol import ABANDON, IllegalAction, State

from .models import Game, Seat, Status
from .queries import dead, game_state, ruleset_of

FINISH_AFTER = timedelta(days=21)  # C-GAME-14: 21 × 24 hours without a turn


@dataclass(frozen=True)
class EndOptions:
    """Which way of ending the game the UI offers the player now (C-GAME-15)."""

    surrender: bool
    abort: bool
    finish: bool


def end_options(game: Game, seat: Seat, now: datetime | None = None) -> EndOptions:
    """Abort when an opponent is dead; Finish when the seats to act have not moved for 21
    days, none of them is the player, nobody is dead and finishing makes the player win
    (not an ally of the quiet seat in a game of teams); otherwise Surrender (C-GAME-11,
    -12, -14, -15)."""
    if game.status != Status.RUNNING:
        return EndOptions(False, False, False)
    # The computer is never inactive: only the other people's seats may be (issue 35: a
    # group game may hold people and the computer); against the computer alone, surrender.
    others = [other for other in game.others(seat) if not other.computer]
    if game.ai_level and not others:
        return EndOptions(True, False, False)
    now = now or timezone.now()
    if any(other.user is not None and dead(other.user, now) for other in others):
        return EndOptions(False, True, False)
    waiting = [other for other in others if other.to_act]
    can_finish = (bool(waiting) and not seat.to_act and not dead(seat.user, now)
                  and now - game.last_move >= FINISH_AFTER
                  and seat.number in finish_winners(game, game_state(game)))
    return EndOptions(not can_finish, False, can_finish)


def finish_winners(game: Game, state: State) -> tuple[int, ...]:
    """Who "Finish" makes win: the platform names the seats that were waiting, and the
    ruleset says who that makes the winners (issue 35: in an Elder Tale group duel the quiet
    seat's team loses, its waiting ally too, ET-GROUP-8); none when it refuses the end."""
    waiting = [s.number for s in game.seat_list() if not s.to_act]
    ruleset = ruleset_of(game)
    try:
        outcome = ruleset.outcome(ruleset.end(state, ABANDON, waiting))
    except (IllegalAction, ValueError):
        return ()
    return outcome.winners if outcome is not None else ()
