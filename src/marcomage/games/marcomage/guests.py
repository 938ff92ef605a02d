"""Guest cards: a card concept being tried plays in place of one card of its author's deck
for one game, and its effect code runs inside the engine's turn (C-TURN-7) through the
concept effect language.

A guest travels whole in the deck document (`extra.guests`) and in the game's JSON, code
included, and its effect is made here from that document alone: the same seeded game with
guest cards plays the same in the site, a plain process, the lab and `replay verify`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import concept_language as language
from .cards import KEYWORD_BITS, Card, Effect
from .state import ATTRIBUTES, Player

if TYPE_CHECKING:
    from .context import Turn


class TurnBoard:
    """The language's board over the engine's turn: `me` is the player of the card."""

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self.round = turn.game.round
        self.card_new = turn.is_new
        self.card_cost = (turn.card.bricks, turn.card.gems, turn.card.recruits)

    def _player(self, side: str) -> Player:
        return self.turn.me if side == "me" else self.turn.opp

    def get(self, side: str, attribute: str) -> int:
        return int(getattr(self._player(side), attribute))

    def set(self, side: str, attribute: str, value: int) -> None:
        if attribute not in ATTRIBUTES:
            raise KeyError(attribute)
        setattr(self._player(side), attribute, int(value))

    def changes(self, side: str, attribute: str) -> int:
        return self.turn.last_round_change(attribute, mine=side == "me")

    def discarded(self, side: str) -> int:
        pile = self.turn.prev_discarded_own if side == "me" else self.turn.prev_discarded_opp
        return len(pile)

    def tokens(self, side: str) -> int:
        return int(sum(self._player(side).tokens))

    def hand_count(self, side: str, keyword: str) -> int:
        return self.turn.count(KEYWORD_BITS[keyword], self._player(side))

    def attack(self, damage: int) -> None:
        self.turn.attack(damage)

    def production(self, resource: str, factor: int) -> None:
        if resource == "bricks":
            self.turn.fb *= factor
        elif resource == "gems":
            self.turn.fg *= factor
        else:
            self.turn.fr *= factor


def effect_of(doc: dict[str, object]) -> Effect | None:
    """The engine effect of a guest card's document: its "code" run through the language
    (None when there is no code or it does not parse). It never raises into the turn."""
    code = str(doc.get("code") or "")
    if not code:
        return None
    try:
        program = language.parse(code)
    except language.EffectError:
        return None

    def effect(turn: Turn) -> None:
        language.run(program, TurnBoard(turn))

    return effect


def guest_card(doc: dict[str, object]) -> Card:
    """A card that plays in place of card `doc["id"]` in one game (a card concept being
    tried): the card file's fields, and the effect its own code describes."""
    card = Card(doc)
    card.effect = effect_of(doc)
    return card
