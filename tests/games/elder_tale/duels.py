"""Duels and fighters built by name for the Elder Tale rule tests."""

from __future__ import annotations

from typing import Any

from marcomage.games.elder_tale.cards import KINDS, Card, card_from_json, card_set
from marcomage.games.elder_tale.engine import ATTACK_STEP, DEFEND, TURN_EN
from marcomage.games.elder_tale.state import Active, Attack, Duel, Fighter, Played
from marcomage.platform.rng import Rng

SET = card_set().cards


def attack_card(hits: int, value: int, name: str = "Strike", **extra: Any) -> Card:
    return card_from_json({"id": name.lower(), "name": name, "kind": "attack",
                           "rarity": "common", "en": 1, "hits": hits, "value": value,
                           "grants": extra.pop("grants", [["Physical", 1], ["Slashing", 1]]),
                           **extra})


def defense_card(hits: int, value: int, name: str = "Guard", **extra: Any) -> Card:
    return card_from_json({"id": name.lower(), "name": name, "kind": "defense",
                           "rarity": "common", "en": 1, "hits": hits, "value": value, **extra})


def fighter(hp: int = 40, effects: list[Active] | None = None) -> Fighter:
    return Fighter(hp, hp, {k: [] for k in KINDS}, {k: [] for k in KINDS},
                   effects=effects or [])


def duel_of(hands: tuple[list[str], list[str]] = ([], []),
            piles: tuple[dict[str, list[str]], dict[str, list[str]]] | None = None,
            active: int = 0, step: str = ATTACK_STEP, en: int = TURN_EN,
            pending: list[str] | None = None, extra: list[Card] | None = None,
            hp: int = 40, turn: int = 2, seed: int = 1) -> Duel:
    """A duel in `step` of `active`'s turn with these hands and piles (card ids); `pending`
    is the other seat's attack waiting for its exchange (then the step is the defense)."""
    cards: dict[str, Card] = dict(SET)
    for card in extra or []:
        cards[card.id] = card
    instances: list[str] = []
    homes: list[str] = []

    def make(card_id: str) -> int:
        instances.append(card_id)
        card = cards[card_id]
        homes.append(card.kind if card.kind in KINDS else "utility")
        return len(instances) - 1

    fighters = [fighter(hp), fighter(hp)]
    for seat in (0, 1):
        fighters[seat].hand = [make(c) for c in hands[seat]]
        for kind, ids in (piles[seat] if piles else {}).items():
            fighters[seat].piles[kind] = [make(c) for c in ids]
    duel = Duel(cards, instances, homes, fighters, Rng.from_seed(seed), 0, active, turn,
                step, en)
    if pending:
        duel.attacks = [Attack(1 - active, active,
                               [Played(make(c), cards[c].facedown) for c in pending])]
        duel.step = DEFEND if step == ATTACK_STEP else step
    return duel


def hand_iid(duel: Duel, seat: int, card_id: str) -> int:
    """The instance of `card_id` in `seat`'s hand."""
    return next(i for i in duel.fighters[seat].hand if duel.instances[i] == card_id)
