"""Mage Wars behind the platform protocol (PL-PROTO): 2 to 4 seats around one shared pack.

Every seat commits a pack (the lobby asks each player for a ready one); the game is played
with the pack of seat 0, the host's (MW-SETUP-2: one pack, chosen when the game is created).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from types import MappingProxyType
from typing import Any

from marcomage.platform.protocol import (
    CHOICES,
    DeckDoc,
    Format,
    IllegalAction,
    Outcome,
    SeatAward,
    Violation,
    platform_end,
)
from marcomage.platform.rating import default_awards
from marcomage.platform.rng import Rng
from marcomage.platform.ruleset_base import RulesetBase

from . import engine
from .cards import CARDS
from .pack import FORMAT, deck_contents, placements, sample_pack, seat_problems, validate_pack
from .state import GameState, Options, state_from_json, state_to_json
from .views import sample_state, view

OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    f.name: f.metadata[CHOICES] for f in fields(Options)}
"""The values each option may take (MW-SETUP-3, MW-REQ-5, MW-HEALTH-5)."""


def _plain(action: Any) -> bool:
    """Only strings and true integers (not booleans or floats) appear in an action."""
    return isinstance(action, Mapping) and all(
        isinstance(k, str) and (type(v) is int or type(v) is str) for k, v in action.items())


class MageWars(RulesetBase):
    """The Mage Wars ruleset (MAGEWARS.md)."""

    id = "mage_wars"
    name = "Mage Wars"
    version = 3
    seats = range(2, 5)
    formats: Mapping[str, Format] = MappingProxyType({FORMAT: Format(
        FORMAT, "Pack", "The six shared decks of one game: Mage, Fate, Quest, Enchanted, "
                        "Mystic and Arcane.")})
    options_type: type[Options] = Options
    max_steps = 60_000

    def options_from_json(self, doc: Mapping[str, Any]) -> Options:
        if not isinstance(doc, Mapping):
            raise ValueError("Options are an object.")
        names = {f.name for f in fields(Options)}
        unknown = set(doc) - names
        if unknown:
            raise ValueError(f"Mage Wars has no option {sorted(unknown)[0]!r}.")
        values: dict[str, str] = {}
        for name in names:
            value = doc.get(name, getattr(Options(), name))
            if value not in OPTION_CHOICES[name]:
                raise ValueError(f"{name!r} is one of {', '.join(OPTION_CHOICES[name])}, "
                                 f"not {value!r}.")
            values[name] = str(value)
        return Options(**values)

    def options_to_json(self, options: Options) -> dict[str, Any]:
        return {f.name: getattr(options, f.name) for f in fields(Options)}

    def validate_deck(self, deck: DeckDoc, fmt: str = FORMAT) -> list[Violation]:
        if fmt != FORMAT:
            return [Violation("format", f"Mage Wars has no deck format {fmt!r}.")]
        return validate_pack(deck)

    def starter_decks(self) -> list[DeckDoc]:
        return [sample_pack()]

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int) -> GameState:
        if len(decks) not in self.seats:
            raise ValueError(f"Mage Wars is played by 2 to 4, not {len(decks)}.")
        pack = decks[0]
        problems = validate_pack(pack) + seat_problems(pack, len(decks))
        if problems:
            raise ValueError(problems[0].message)
        cards, _ = placements(pack)
        contents = deck_contents(pack)
        entries = [{"card": card, "count": ids.count(card), "deck": deck}
                   for deck, ids in contents.items() for card in dict.fromkeys(ids)]
        assert sum(int(str(e["count"])) for e in entries) == len(cards)
        return engine.new_game(options, entries, len(decks), seed)

    def to_act(self, state: GameState) -> frozenset[int]:
        seat = engine.to_act(state)
        return frozenset() if seat is None else frozenset((seat,))

    def legal_actions(self, state: GameState, seat: int) -> list[dict[str, Any]]:
        return engine.legal_actions(state, seat)

    def apply(self, state: GameState, seat: int, action: Mapping[str, Any]
              ) -> tuple[GameState, list[dict[str, Any]]]:
        if state.outcome is not None:
            raise IllegalAction("The game is over.")
        if engine.to_act(state) != seat:
            raise IllegalAction("It is not your turn to decide.", "not-your-turn")
        if not _plain(action) or dict(action) not in engine.legal_actions(state, seat):
            raise IllegalAction(f"{_describe(action)} is not allowed now.")
        after = state.clone()
        after.news = []
        engine.perform(after, seat, dict(action))
        events = [{"type": "action", "seat": seat, "action": dict(action),
                   "visibility": "public"}]
        events += [{"type": "log", **line, "visibility": "public"} for line in after.news]
        after.news = []
        return after, events

    def view(self, state: GameState, viewer: int | None) -> dict[str, Any]:
        if viewer is not None and viewer not in range(len(state.players)):
            raise ValueError(f"Seats are 0 to {len(state.players) - 1}, not {viewer!r}.")
        return view(state, viewer)

    def outcome(self, state: GameState) -> Outcome | None:
        return state.outcome

    def resign(self, state: GameState, seat: int) -> GameState:
        """The player leaves and play goes on for the others (MW-WIN-4)."""
        if state.outcome is not None:
            raise IllegalAction("The game is already over.")
        if seat not in range(len(state.players)) or state.players[seat].left:
            raise IllegalAction("You have left this game already.")
        after = state.clone()
        engine.resign(after, seat)
        return after

    def end(self, state: GameState, end_type: str, winners: Sequence[int]) -> GameState:
        if state.outcome is not None:
            raise IllegalAction("The game is already over.")
        outcome = platform_end(end_type, winners, state.round)
        after = state.clone()
        after.stage = "over"
        after.decisions = []
        after.outcome = outcome
        return after

    def awards(self, state: GameState, levels: Sequence[int], friendly: bool,
               last: tuple[int, Mapping[str, Any]] | None) -> list[SeatAward]:
        """The default policy; a player who left loses even when the others draw."""
        if state.outcome is None:
            raise ValueError("The game is not finished.")
        awards = default_awards(state.outcome, levels, friendly)
        if state.outcome.result == "draw":
            lost = default_awards(Outcome("win", (-1,), state.outcome.end_type,
                                          state.outcome.final_round), levels, friendly)
            awards = [lost[s] if p.left else awards[s] for s, p in enumerate(state.players)]
        return awards

    def to_json(self, state: GameState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, doc: Mapping[str, Any]) -> GameState:
        return state_from_json(doc)

    def resample_hidden(self, state: GameState, viewer: int | None, rng: Rng) -> GameState:
        """What `viewer` cannot see dealt anew (the conformance suite's check of views)."""
        return sample_state(view(state, viewer), rng)

    def sample_state(self, doc: Mapping[str, Any], rng: Rng) -> GameState:
        """A whole state consistent with a seat's view (the search bot's determinization)."""
        return sample_state(doc, rng)

    def bots(self) -> dict[str, Any]:
        from .bots import SearchBot
        return {"search": SearchBot}

    def card(self, card_id: str) -> Any:
        return CARDS[card_id]


def _describe(action: Any) -> str:
    if isinstance(action, Mapping) and isinstance(action.get("type"), str):
        return f"The action {action.get('type')!r} with those choices"
    return f"{action!r}"


RULESET = MageWars()
