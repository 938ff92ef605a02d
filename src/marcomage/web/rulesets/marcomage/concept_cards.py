"""Card concepts in a MArcomage game: a concept plays as a guest card in place of one card
of its author's deck, and its effect code runs inside the engine's turn (C-TURN-7) through
the concept effect language.

`TurnBoard` shows the language exactly the card template's data of the turn in progress;
`install()` makes the engine turn every guest card's document into its effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.games.marcomage.cards import (
    CARDS,
    KEYWORD_BITS,
    RARITY_BY_NAME,
    Effect,
    set_guest_effects,
)
from marcomage.games.marcomage.context import Turn
from marcomage.games.marcomage.state import ATTRIBUTES
from marcomage.web.concepts import language

RARITY_NAMES = {"common": "Common", "uncommon": "Uncommon", "rare": "Rare"}


class TurnBoard:
    """The language's board over the engine's turn: `me` is the player of the card."""

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self.round = turn.game.round
        self.card_new = turn.is_new
        self.card_cost = (turn.card.bricks, turn.card.gems, turn.card.recruits)

    def _player(self, side: str) -> Any:
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


def install() -> None:
    """Let the engine give guest cards their concept effects (once, at start-up)."""
    set_guest_effects(effect_of)


def guest_document(carrier: int, concept: Any) -> dict[str, object]:
    """The card document of a concept playing in place of card `carrier`."""
    keywords: list[object] = [
        [entry["name"], entry["param"]] if entry.get("param") is not None else entry["name"]
        for entry in concept.keywords if entry["name"] in KEYWORD_BITS
    ]
    return {
        "id": carrier, "name": str(concept.name), "rarity": RARITY_NAMES[concept.rarity],
        "cost": [int(concept.bricks), int(concept.gems), int(concept.recruits)], "modes": 0,
        "keywords": keywords, "text": str(concept.effect), "code": str(concept.code),
        "concept": int(concept.pk), "labels": list(concept.keyword_labels),
    }


def choose_carrier(rarity: str, deck: Mapping[str, Any]) -> int:
    """The card of the concept's class in the author's deck document that the concept plays
    in place of: the last of that class (ValueError if there is none)."""
    wanted = RARITY_BY_NAME[RARITY_NAMES[rarity]]
    ids = [int(entry["card"]) for entry in deck.get("entries", ())]
    found = [card_id for card_id in ids if card_id and CARDS[card_id].rarity == wanted]
    if not found:
        raise ValueError("Your deck has no card of this class for the concept to stand in for.")
    return found[-1]


def with_guest(deck: Mapping[str, Any], concept: Any) -> dict[str, Any]:
    """The deck document with the concept as a guest card in place of one of its cards."""
    carrier = choose_carrier(concept.rarity, deck)
    extra = dict(deck.get("extra") or {})
    extra["guests"] = [guest_document(carrier, concept)]
    return {**deck, "extra": extra}
