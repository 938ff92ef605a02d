"""The sixth game system of docs/platform.md's example, kept here as written there so that
the example is checked: Nim (take 1 to 3 from a pile; whoever takes the last wins), a game of
perfect information that keeps every optional part's default (issue 30)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marcomage.platform.protocol import (
    Action,
    DeckDoc,
    Event,
    Format,
    IllegalAction,
    Outcome,
    SeatAward,
    Violation,
)
from marcomage.platform.rating import default_awards
from marcomage.platform.ruleset_base import RulesetBase

State = dict[str, Any]


@dataclass(frozen=True)
class Options:
    pile: int = 15


class Nim(RulesetBase):  # the optional parts keep their defaults
    id, name, version, seats, max_steps = "nim", "Nim", 1, range(2, 3), 100
    formats: Mapping[str, Format] = {"any": Format("any", "Any", "No cards.")}
    options_type = Options
    hides_information = False  # the default resample_hidden (a copy) is then right

    def options_from_json(self, doc: Mapping[str, Any]) -> Options:
        return Options(int(doc.get("pile", 15)))

    def options_to_json(self, options: Options) -> dict[str, Any]:
        return {"pile": options.pile}

    def validate_deck(self, deck: DeckDoc, fmt: str) -> list[Violation]:
        return [] if fmt == "any" else [Violation("format", "Nim has one format.")]

    def starter_decks(self) -> list[DeckDoc]:
        return [{"game": "nim", "format": "any", "name": "None", "entries": []}]

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int) -> State:
        return {"pile": options.pile, "turn": 0, "winner": None, "end": None}

    def to_act(self, s: State) -> frozenset[int]:
        return frozenset() if s["end"] else frozenset({s["turn"]})

    def legal_actions(self, s: State, seat: int) -> list[Action]:
        return [] if seat not in self.to_act(s) else [
            {"type": "take", "n": n} for n in (1, 2, 3) if n <= s["pile"]]

    def apply(self, s: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if action not in self.legal_actions(s, seat):
            raise IllegalAction()
        pile = s["pile"] - action["n"]
        done = {"winner": seat, "end": "last"} if pile == 0 else {}
        return {**s, "pile": pile, "turn": 1 - seat, **done}, []

    def view(self, s: State, viewer: int | None) -> dict[str, Any]:
        return dict(s)  # nothing is hidden

    def outcome(self, s: State) -> Outcome | None:
        if s["end"] is None:
            return None
        winners = () if s["winner"] is None else (s["winner"],)
        return Outcome("win" if winners else "none", winners, s["end"], 0)

    def resign(self, s: State, seat: int) -> State:
        return {**s, "winner": 1 - seat, "end": "surrender"}

    def end(self, s: State, end_type: str, winners: Sequence[int]) -> State:
        return {**s, "end": end_type, "winner": winners[0] if winners else None}

    def awards(self, s: State, levels: Sequence[int], friendly: bool,
               last: tuple[int, Action] | None) -> list[SeatAward]:
        outcome = self.outcome(s)
        assert outcome is not None
        return default_awards(outcome, levels, friendly)

    def to_json(self, s: State) -> dict[str, Any]:
        return dict(s)

    def from_json(self, doc: Mapping[str, Any]) -> State:
        return dict(doc)


RULESET = Nim()
