"""Arcana behind the platform protocol (PL-PROTO). Seats 0 and 1; actions are described in
engine.py; end types "hp", "turn_limit", "deck_out" and the platform's three."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from marcomage.platform.actions import is_plain_action
from marcomage.platform.bots import Bot
from marcomage.platform.decks import offered_deck_violations
from marcomage.platform.ending import PlatformEnds
from marcomage.platform.options import FieldOptions
from marcomage.platform.protocol import (
    DeckDoc,
    Format,
    IllegalAction,
    Outcome,
    Violation,
)
from marcomage.platform.rng import Rng
from marcomage.platform.ruleset_base import RulesetBase

from . import engine, victory
from .deck import deck_cards, starter_decks, violations
from .serialize import ALL, from_json, state_json
from .state import Game, Options
from .view import resample_hidden, view

MAX_STEPS = 60_000
"""A bound on accepted actions in one duel: TURN_LIMIT turns of at most a few hundred
actions each (every action of a turn is bounded: summons once, positions and effects once
per card, at most three attack declarations cancelled)."""


class Arcana(FieldOptions, PlatformEnds, RulesetBase):
    """The Arcana ruleset (ARCANA.md)."""

    id = "arcana"
    name = "Arcana"
    version = 4
    seats = range(2, 3)
    formats: Mapping[str, Format] = MappingProxyType({
        "standard": Format(
            "standard", "Open",
            "Every card of the set: 30 to 60 cards, at most 3 copies of a card, one of each "
            "three-star creature and one of each Relic ward."),
        "collection": Format(
            "collection", "Collection",
            "The Open rules, with only the cards the player owns (bought in the store); "
            "the site checks the player's collection (issue 34)."),
    })
    """"standard" keeps its id for older decks and replays and is shown as "Open"."""
    options_type: type[Options] = Options
    max_steps = MAX_STEPS
    noun = "duel"
    cap_end_types = frozenset({"turn_limit"})
    """AR-TURN-5: a duel that reaches TURN_LIMIT ends by the cap (a draw)."""

    def validate_deck(self, deck: DeckDoc, fmt: str = "standard") -> list[Violation]:
        return (offered_deck_violations(self.id, self.name, self.formats, deck, fmt)
                or violations(deck))

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
        return engine.legal_actions(state, seat)

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
        if not is_plain_action(action) or action not in engine.legal_actions(state, seat):
            kind = action.get("type") if isinstance(action, dict) else None
            raise IllegalAction(f"{kind!r} with these choices is not a legal move now."
                                if isinstance(kind, str) else "That is not a move.")
        after = state.clone()
        known = len(after.log)
        engine.perform(after, seat, dict(action))
        lines = after.log[known:] if len(after.log) > known else after.log[-1:]
        events = [{"type": action["type"], "seat": seat, "text": line,
                   "visibility": "public"} for line in lines]
        return after, events

    def view(self, state: Game, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def outcome(self, state: Game) -> Outcome | None:
        return state.outcome

    def final_round(self, state: Game) -> int:
        return state.turn

    def close(self, state: Game, outcome: Outcome) -> None:
        victory.finish(state, outcome)

    def to_json(self, state: Game) -> dict[str, Any]:
        return state_json(state, ALL)

    def from_json(self, doc: Mapping[str, Any]) -> Game:
        return from_json(dict(doc))

    def resample_hidden(self, state: Game, viewer: int | None, rng: Rng) -> Game:
        return resample_hidden(state, viewer, rng)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from .bots import BOTS
        return BOTS


RULESET = Arcana()
