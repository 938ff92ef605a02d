"""Arcana behind the platform protocol (PL-PROTO). Seats 0 and 1; actions are described in
engine.py; end types "hp", "turn_limit", "deck_out" and the platform's three."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from marcomage.platform.bots import Bot
from marcomage.platform.protocol import (
    SURRENDER,
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
from .deck import deck_cards, starter_decks, violations
from .hidden import resample_hidden
from .serialize import ALL, from_json, options_json, state_json
from .state import OVER, Game, Options

MAX_STEPS = 60_000
"""A bound on accepted actions in one duel: TURN_LIMIT turns of at most a few hundred
actions each (every action of a turn is bounded: summons once, positions and effects once
per card, at most three attack declarations cancelled)."""

OPTION_NAMES = ("summoned_can_attack", "deck_out_loses", "set_rune_delay")


def _plain(action: Any) -> bool:
    """Strings and true integers only (so True is not taken for 1)."""
    return isinstance(action, dict) and all(
        isinstance(k, str) and (type(v) is int or type(v) is str) for k, v in action.items())


class Arcana(RulesetBase):
    """The Arcana ruleset (ARCANA.md)."""

    id = "arcana"
    name = "Arcana"
    version = 2
    seats = range(2, 3)
    formats: Mapping[str, Format] = MappingProxyType({"standard": Format(
        "standard", "Standard",
        "30 to 60 cards, at most 3 copies of a card, one of each three-star creature and "
        "one of each Relic ward.")})
    options_type: type[Options] = Options
    max_steps = MAX_STEPS

    def options_from_json(self, doc: Mapping[str, Any]) -> Options:
        if not isinstance(doc, Mapping):
            raise ValueError("Arcana options are an object such as {'deck_out_loses': true}.")
        unknown = sorted(set(doc) - set(OPTION_NAMES))
        if unknown:
            raise ValueError(f"Arcana has no option {', '.join(map(repr, unknown))}; its "
                             f"options are {', '.join(OPTION_NAMES)}.")
        for key, value in doc.items():
            if type(value) is not bool:
                raise ValueError(f"The option {key!r} is true or false, not {value!r}.")
        return Options(**doc)

    def options_to_json(self, options: Options) -> dict[str, Any]:
        return options_json(options)

    def validate_deck(self, deck: DeckDoc, fmt: str = "standard") -> list[Violation]:
        if fmt not in self.formats:
            return [Violation("format", f"Arcana has no deck format {fmt!r}.")]
        if deck.get("game", self.id) != self.id:
            return [Violation("game", f"This is a {deck.get('game')!r} deck, not an Arcana "
                                      "deck.")]
        return violations(deck)

    def starter_decks(self) -> list[DeckDoc]:
        return starter_decks()

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int) -> Game:
        if len(decks) != 2:
            raise ValueError(f"Arcana is played by 2, not {len(decks)}.")
        for deck in decks:
            problems = self.validate_deck(deck)
            if problems:
                raise ValueError(problems[0].message)
        return engine.new_game(options, [deck_cards(d) for d in decks], seed)

    def to_act(self, state: Game) -> frozenset[int]:
        return engine.to_act(state)

    def legal_actions(self, state: Game, seat: int) -> list[dict[str, Any]]:
        return engine.legal(state, seat)

    def apply(self, state: Game, seat: int, action: Mapping[str, Any]
              ) -> tuple[Game, list[dict[str, Any]]]:
        """The state after `seat` plays `action`; anything not legal now raises
        IllegalAction and changes nothing (PL-PROTO-5)."""
        if state.outcome is not None:
            raise IllegalAction("The duel is over.", "over")
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalAction(f"There is no seat {seat!r}.", "seat")
        if seat != engine.deciding(state):
            raise IllegalAction("It is not your decision now.", "not-your-turn")
        if not _plain(action) or action not in engine.legal(state, seat):
            kind = action.get("type") if isinstance(action, dict) else None
            raise IllegalAction(f"{kind!r} with these choices is not a legal move now."
                                if isinstance(kind, str) else "That is not a move.")
        after = state.copy()
        known = len(after.log)
        engine.perform(after, seat, dict(action))
        lines = after.log[known:] if len(after.log) > known else after.log[-1:]
        events = [{"type": action["type"], "seat": seat, "text": line,
                   "visibility": "public"} for line in lines]
        return after, events

    def view(self, state: Game, viewer: int | None) -> dict[str, Any]:
        if viewer is not None and (type(viewer) is not int or viewer not in (0, 1)):
            raise ValueError(f"Arcana seats are 0 and 1, not {viewer!r}.")
        return state_json(state, viewer)  # type: ignore[arg-type]

    def outcome(self, state: Game) -> Outcome | None:
        return state.outcome

    def resign(self, state: Game, seat: int) -> Game:
        return self.end(state, SURRENDER, [1 - seat])

    def end(self, state: Game, end_type: str, winners: Sequence[int]) -> Game:
        if state.outcome is not None:
            raise IllegalAction("The duel is already over.")
        outcome = platform_end(end_type, winners, state.turn)
        after = state.copy()
        engine.finish(after, outcome)
        after.phase = OVER
        return after

    def awards(self, state: Game, levels: Sequence[int], friendly: bool,
               last: tuple[int, Mapping[str, Any]] | None) -> list[SeatAward]:
        if state.outcome is None:
            raise ValueError("The duel is not finished.")
        return default_awards(state.outcome, levels, friendly)

    def to_json(self, state: Game) -> dict[str, Any]:
        return state_json(state, ALL)

    def from_json(self, doc: Mapping[str, Any]) -> Game:
        return from_json(dict(doc))

    def resample_hidden(self, state: Game, viewer: int | None, rng: Rng) -> Game:
        return resample_hidden(state, viewer, rng)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from .search import BOTS
        return BOTS


RULESET = Arcana()
