"""What one finished game adds to the statistics: the seats' results and decks, how it
ended and how long it took, and every card use the ruleset reported while it was played
(re-simulated from its seed and steps, PL-STATE-3; events that name a "card")."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date

from marcomage.games import find_ruleset
from marcomage.platform.protocol import Outcome
from marcomage.platform.replay import ACTION, Replay, apply_step, initial_state
from marcomage.web.games.models import Game


@dataclass(frozen=True)
class SeatFacts:
    user_id: int | None
    result: str  # "win" | "loss" | "draw" | "none" (aborted)
    cards: frozenset[str]


@dataclass(frozen=True)
class GameFacts:
    ruleset: str
    day: date
    end_type: str
    rounds: int
    seats: tuple[SeatFacts, ...]
    uses: Counter[tuple[str, str]]
    """(card, verb) -> times; empty when the game could not be re-simulated."""
    with_cards: bool


def seat_result(outcome: Outcome, seat: int) -> str:
    """The result from one seat's side."""
    if outcome.result == "win":
        return "win" if seat in outcome.winners else "loss"
    return "draw" if outcome.result == "draw" else "none"


def card_uses(replay: Replay) -> Counter[tuple[str, str]]:
    """Every (card, event type) the ruleset reported while the game was re-played."""
    ruleset = find_ruleset(replay.header.ruleset)
    uses: Counter[tuple[str, str]] = Counter()
    state = initial_state(replay, ruleset)
    for step in replay.steps:
        if step.kind == ACTION:
            assert step.seat is not None and step.action is not None
            state, events = ruleset.apply(state, step.seat, step.action)
            for event in events:
                if "card" in event and isinstance(event.get("type"), str):
                    uses[str(event["card"]), event["type"]] += 1
        else:
            state = apply_step(ruleset, state, step)
    return uses


def facts_of(game: Game, replay: Replay | None) -> GameFacts:
    """The facts of a finished game; `replay` None (a game from before replays) counts no
    card uses."""
    outcome = Outcome.from_json(game.outcome or {})
    seats = tuple(
        SeatFacts(seat.user_id, seat_result(outcome, seat.number),
                  frozenset(str(e["card"]) for e in (seat.deck_doc or {}).get("entries", ())
                            if int(e.get("count", 1)) > 0))
        for seat in game.seat_list())
    uses: Counter[tuple[str, str]] = Counter()
    with_cards = False
    if replay is not None:
        uses, with_cards = card_uses(replay), True
    finished = game.finished_at or game.last_move
    return GameFacts(game.ruleset, finished.date(), outcome.end_type, outcome.final_round,
                     seats, uses, with_cards)
