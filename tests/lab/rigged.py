"""A rigged game system for the balance lab's tests: a deck holding the ace wins against one
without it; otherwise a coin from the game's seed decides. Decks are four distinct cards of
nineteen plus the ace half of the time, so no other card's presence says anything about the
ace's: the estimator must name the ace, and only the ace."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marcomage.platform.protocol import DeckDoc, Outcome
from marcomage.platform.rng import Rng
from marcomage.platform.ruleset_base import RulesetBase

ACE = "ace"
OTHERS = tuple(f"c{i}" for i in range(19))


@dataclass
class State:
    decks: tuple[tuple[str, ...], ...]
    coin: int
    moved: int = 0


def deck(cards: Sequence[str]) -> DeckDoc:
    return {"game": "rigged", "format": "any", "name": "rigged",
            "entries": [{"card": c, "count": 1} for c in cards]}


class Rigged(RulesetBase):
    id = "rigged"
    name = "Rigged"
    version = 1
    seats = range(2, 3)
    formats: Mapping[str, Any] = {}
    options_type = dict
    max_steps = 10

    def options_from_json(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    def starter_decks(self) -> list[DeckDoc]:
        return [deck(OTHERS[:4]), deck((*OTHERS[4:8], ACE))]

    def random_deck(self, rng: Rng) -> DeckDoc:
        pool = list(OTHERS)
        cards = [pool.pop(rng.below(len(pool))) for _ in range(4)]
        if rng.below(2):
            cards.append(ACE)
        return deck(cards)

    def new_game(self, options: Any, decks: Sequence[DeckDoc], seed: int) -> State:
        cards = tuple(tuple(str(e["card"]) for e in d["entries"]) for d in decks)
        return State(cards, Rng.from_seed(seed).below(2))

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset({state.moved}) if state.moved < 2 else frozenset()

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return [{"type": "go"}]

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Any]]:
        return State(state.decks, state.coin, state.moved + 1), []

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return {"moved": state.moved}

    def outcome(self, state: State) -> Outcome | None:
        if state.moved < 2:
            return None
        holds = [ACE in d for d in state.decks]
        winner = holds.index(True) if holds.count(True) == 1 else state.coin
        return Outcome("win", (winner,), "ace" if holds.count(True) == 1 else "coin", 1)
