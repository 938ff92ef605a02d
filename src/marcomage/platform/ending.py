"""How a game ends from outside its rules, and what a finished game awards (PL-PROTO-6,
PL-PROTO-8, PL-SHARED-4), as most rulesets do it: a resigning seat of two hands the win to
the other, the platform's ends (surrender, abort, abandon) close a copy of the state with the
checked outcome, and the awards follow the default policy.

The plain functions serve any ruleset; `PlatformEnds` is the mixin built on them, so that a
ruleset states only what is its own: what its game is called, its round, and how its state
is closed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .protocol import SURRENDER, IllegalAction, Outcome, Seat, SeatAward, platform_end
from .rating import default_awards


class Closable(Protocol):
    """A state the platform may end: it has an outcome once over and copies itself."""

    outcome: Outcome | None

    def clone(self) -> Any: ...


S = TypeVar("S", bound=Closable)


def other_seat(seat: Any) -> Seat:
    """The other seat of a two-seat game; anything but 0 or 1 raises ValueError."""
    if type(seat) is not int or seat not in (0, 1):
        raise ValueError(f"The seats are 0 and 1, not {seat!r}.")
    return 1 - seat


def end_game(state: S, end_type: str, winners: Sequence[Seat], final_round: int,
             close: Callable[[S, Outcome], None], noun: str = "game") -> S:
    """A copy of `state` ended by the platform (`close(copy, outcome)` records the outcome
    its own way); a finished game raises IllegalAction, an end type or winners the platform
    does not allow ValueError, and `state` is left as it was."""
    if state.outcome is not None:
        raise IllegalAction(f"The {noun} is already over.")
    outcome = platform_end(end_type, winners, final_round)
    after: S = state.clone()
    close(after, outcome)
    return after


def knockout(hps: Sequence[int], end_type: str, final_round: int) -> Outcome | None:
    """The outcome when each seat at 0 HP or below loses and the others win (all of them at
    once: a draw); None while every seat stands."""
    down = [seat for seat, hp in enumerate(hps) if hp <= 0]
    if not down:
        return None
    winners = tuple(seat for seat in range(len(hps)) if seat not in down)
    return Outcome("win" if winners else "draw", winners, end_type, final_round)


def finished_awards(outcome: Outcome | None, levels: Sequence[int], friendly: bool,
                    noun: str = "game") -> list[SeatAward]:
    """The default awards of a finished game; an unfinished one raises ValueError."""
    if outcome is None:
        raise ValueError(f"The {noun} is not finished.")
    return default_awards(outcome, levels, friendly)


class PlatformEnds:
    """`resign`, `end` and `awards` of a two-seat ruleset whose state has `outcome`,
    `clone()` and, by default, `round`. A ruleset overrides `noun`, `final_round` or
    `close` where its state differs, or a whole method where its rules do (a seat that
    leaves a game of more than two)."""

    noun = "game"
    """What the game is called in a refusal: "The duel is already over."."""

    def final_round(self, state: Any) -> int:
        """The round an outcome decided now reports."""
        return int(state.round)

    def close(self, state: Any, outcome: Outcome) -> None:
        """Record `outcome` in `state` (a copy, already the platform's to change)."""
        state.outcome = outcome

    def resign(self, state: Any, seat: Seat) -> Any:
        """`seat` surrenders: the other seat wins (PL-PROTO-8)."""
        return self.end(state, SURRENDER, [other_seat(seat)])

    def end(self, state: Any, end_type: str, winners: Sequence[Seat]) -> Any:
        """The platform's end `end_type` with `winners` (PL-PROTO-6)."""
        return end_game(state, end_type, winners, self.final_round(state), self.close,
                        self.noun)

    def awards(self, state: Any, levels: Sequence[int], friendly: bool,
               last: tuple[Seat, Mapping[str, Any]] | None) -> list[SeatAward]:
        """The default policy's awards (PL-SHARED-4); `last` plays no part in it."""
        return finished_awards(state.outcome, levels, friendly, self.noun)
