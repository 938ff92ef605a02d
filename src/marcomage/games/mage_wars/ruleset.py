"""Mage Wars behind the platform protocol (PL-PROTO): 2 to 4 seats around one shared pack.

Every seat commits a pack (the lobby asks each player for a ready one); the game is played
with the pack of seat 0, the host's (MW-SETUP-2: one pack, chosen when the game is created).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from marcomage.platform.actions import is_plain_action
from marcomage.platform.decks import offered_deck_violations
from marcomage.platform.ending import PlatformEnds, finished_awards
from marcomage.platform.options import FieldOptions
from marcomage.platform.protocol import (
    DeckDoc,
    Format,
    IllegalAction,
    Outcome,
    SeatAward,
    Side,
    Violation,
)
from marcomage.platform.rating import default_awards
from marcomage.platform.rng import Rng
from marcomage.platform.ruleset_base import RulesetBase

from . import decisions, engine, usage
from .cards import CARDS
from .deck import FORMAT, deck_contents, placements, seat_problems, standard_pack, validate_pack
from .state import GameState, Options, state_from_json, state_to_json
from .view import sample_state, view


class MageWars(FieldOptions, PlatformEnds, RulesetBase):
    """The Mage Wars ruleset (MAGEWARS.md)."""

    id = "mage_wars"
    name = "Mage Wars"
    version = 12
    seats = range(2, 5)
    formats: Mapping[str, Format] = MappingProxyType({FORMAT: Format(
        FORMAT, "Pack", "The six shared decks of one game: Mage, Fate, Quest, Enchanted, "
                        "Mystic and Arcane.")})
    options_type: type[Options] = Options
    max_steps = 60_000
    shared_pack = True
    """Every seat plays from the one pack: the lab measures a card by the seats that held
    it early (`cards_held_early`), not by the decks that held it (issue 33)."""

    def validate_deck(self, deck: DeckDoc, fmt: str = FORMAT) -> list[Violation]:
        return (offered_deck_violations(self.id, self.name, self.formats, deck, fmt)
                or validate_pack(deck))

    def starter_decks(self) -> list[DeckDoc]:
        return [standard_pack()]

    def sides(self) -> list[Side]:
        """The ready-made sides are the mages of the standard pack (issue 33): each side is
        the pack with its mage named in `extra["mage"]`."""
        pack = standard_pack()
        return [Side(card.name, {**pack, "extra": {"mage": card.id}})
                for card in CARDS.values() if card.type == "mage"]

    def side_game(self, options: Any, sides: Sequence[Side], seed: int) -> GameState:
        """The standard pack, each seat playing its side's mage (random mage selection is
        replaced by the sides')."""
        mages = [str(side.deck["extra"]["mage"]) for side in sides]
        game = self.new_game(options, [side.deck for side in sides], seed, mages)
        return game

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int,
                 mages: Sequence[str] = ()) -> GameState:
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
        return engine.new_game(options, entries, len(decks), seed, mages)

    def to_act(self, state: GameState) -> frozenset[int]:
        seat = decisions.to_act(state)
        return frozenset() if seat is None else frozenset((seat,))

    def legal_actions(self, state: GameState, seat: int) -> list[dict[str, Any]]:
        return decisions.legal_actions(state, seat)

    def apply(self, state: GameState, seat: int, action: Mapping[str, Any]
              ) -> tuple[GameState, list[dict[str, Any]]]:
        if state.outcome is not None:
            raise IllegalAction("The game is over.")
        if decisions.to_act(state) != seat:
            raise IllegalAction("It is not your turn to decide.", "not-your-turn")
        if not is_plain_action(action) or dict(action) not in decisions.legal_actions(state, seat):
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

    def close(self, state: GameState, outcome: Outcome) -> None:
        state.stage = "over"
        state.decisions = []
        state.outcome = outcome

    def awards(self, state: GameState, levels: Sequence[int], friendly: bool,
               last: tuple[int, Mapping[str, Any]] | None) -> list[SeatAward]:
        """The default policy; a player who left loses even when the others draw."""
        awards = finished_awards(state.outcome, levels, friendly)
        out = state.outcome
        if out is not None and out.result == "draw":
            lost = default_awards(Outcome("win", (-1,), out.end_type, out.final_round), levels,
                                  friendly)
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

    def cards_held_early(self, start: GameState, events: Sequence[Mapping[str, Any]]
                         ) -> list[tuple[str, ...]]:
        """Per seat, the cards among its health and hand in the first two rounds while
        every mage lived (`usage`)."""
        return usage.cards_held_early(start, events)

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
