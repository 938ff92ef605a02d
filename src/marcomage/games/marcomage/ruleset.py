"""MArcomage behind the platform protocol (PL-PROTO, PL-MA): the public face that the
lobby, game page, replays, AI and statistics use without knowing the rules.

Seats are 0 and 1. Actions are JSON objects: {"type": "play", "pos": 1..8, "mode": m}
or {"type": "discard", "pos": 1..8}.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from .actions import DISCARD, PLAY, Action, IllegalAction, InvalidAction
from .cards import CARDS, COMMON, RARE, UNCOMMON
from .deck import InvalidDeck, auto_tokens, check_deck, normalize_tokens
from .serialize import from_json, to_json
from .start import new_game
from .state import EndType, Game, Outcome
from .turn import legal_actions, push
from .view import view

SECTIONS = (("common", COMMON), ("uncommon", UNCOMMON), ("rare", RARE))


@dataclass(frozen=True, slots=True)
class Options:
    """The game modes chosen when a game is created (manual, "New game")."""

    hidden: bool = False
    friendly: bool = False


@dataclass(frozen=True, slots=True)
class Violation:
    """Why a deck cannot be played, in words a player understands."""

    code: str
    message: str


def deck_sections(deck: dict[str, Any]) -> list[list[int]]:
    """A deck document's cards sorted into Common, Uncommon and Rare sections.

    The platform deck is {"entries": [{"card": id, "count": 1}, ...],
    "extra": {"tokens": [...]}}."""
    sections: list[list[int]] = [[], [], []]
    for entry in deck.get("entries", []):
        card_id, count = int(entry["card"]), int(entry.get("count", 1))
        if not 0 < card_id < len(CARDS):
            raise InvalidDeck(f"There is no card {card_id}.")
        sections[CARDS[card_id].rarity].extend([card_id] * count)
    return sections


class MArcomage:
    """The MArcomage ruleset (PL-PROTO)."""

    id = "marcomage"
    version = 1
    seats = range(2, 3)
    formats: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"standard": "15 distinct Common, 15 Uncommon and 15 Rare cards, 3 tokens"})
    options_type: ClassVar[type[Options]] = Options

    def validate_deck(self, deck: dict[str, Any], fmt: str = "standard") -> list[Violation]:
        if fmt not in self.formats:
            return [Violation("format", f"Unknown deck format {fmt!r}.")]
        try:
            check_deck(deck_sections(deck))
            normalize_tokens(deck.get("extra", {}).get("tokens", ()))
        except InvalidDeck as problem:
            return [Violation("deck", str(problem))]
        return []

    def new_game(self, options: Options, decks: list[dict[str, Any]], seed: int) -> Game:
        cards = [check_deck(deck_sections(d)) for d in decks]
        tokens = [d.get("extra", {}).get("tokens") or auto_tokens(c) for d, c in
                  zip(decks, cards, strict=True)]
        return new_game(cards[0], cards[1], seed=seed, tokens1=tokens[0], tokens2=tokens[1],
                        hidden=options.hidden, friendly=options.friendly)

    def to_act(self, state: Game) -> frozenset[int]:
        return frozenset() if state.outcome is not None else frozenset((state.current,))

    def legal_actions(self, state: Game, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        return [self.action_to_json(a) for a in legal_actions(state)]

    @staticmethod
    def action_to_json(action: Action) -> dict[str, Any]:
        if action.kind == DISCARD:
            return {"type": DISCARD, "pos": action.pos}
        return {"type": PLAY, "pos": action.pos, "mode": action.mode}

    @staticmethod
    def action_from_json(doc: dict[str, Any]) -> Action:
        kind, pos, mode = doc.get("type"), doc.get("pos"), doc.get("mode", 0)
        if not isinstance(kind, str) or not isinstance(pos, int) or not isinstance(mode, int):
            raise InvalidAction("An action is {'type': 'play'|'discard', 'pos': 1..8, 'mode': n}.")
        if kind == DISCARD and mode != 0:
            raise InvalidAction("A discard takes no mode.")
        return Action(kind, pos, mode)

    def apply(
        self, state: Game, seat: int, action: dict[str, Any]
    ) -> tuple[Game, list[dict[str, Any]]]:
        """The state after the action and its public events; refusals raise IllegalAction."""
        move = self.action_from_json(action)
        after = state.clone()
        push(after, move, seat)
        card = CARDS[state.players[seat].hand[move.pos - 1]]
        event = {"type": move.kind, "seat": seat, "pos": move.pos, "card": card.id,
                 "mode": move.mode, "visibility": "public"}
        return after, [event]

    def view(self, state: Game, viewer: int) -> dict[str, Any]:
        return view(state, viewer)

    def outcome(self, state: Game) -> dict[str, Any] | None:
        out = state.outcome
        if out is None:
            return None
        return {
            "result": "draw" if out.winner is None else "win",
            "winners": [] if out.winner is None else [out.winner],
            "end_type": str(out.end_type),
            "final_round": state.round,
        }

    def resign(self, state: Game, seat: int) -> Game:
        if state.outcome is not None:
            raise IllegalAction("The game is already over.")
        after = state.clone()
        after.outcome = Outcome(1 - seat, EndType.SURRENDER)
        return after

    def to_json(self, state: Game) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, doc: dict[str, Any]) -> Game:
        return from_json(doc)


RULESET = MArcomage()
