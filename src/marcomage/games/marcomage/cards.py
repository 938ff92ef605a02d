"""The card set: data from the package's card file, and the registry binding ids to effects.

A card's name, rarity, cost, modes, keywords and text come only from `data/cards.json`;
effect modules add behaviour with the `@effect(id)` decorator and never restate the data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .context import Turn

Effect = Callable[["Turn"], None]

NONE: Final = -1
COMMON: Final = 0
UNCOMMON: Final = 1
RARE: Final = 2
RARITY_NAMES: Final = {NONE: "None", COMMON: "Common", UNCOMMON: "Uncommon", RARE: "Rare"}
RARITY_BY_NAME: Final = {name: rank for rank, name in RARITY_NAMES.items()}

EMPTY: Final = 0
DRAGON_EGG: Final = 131
SEARING_FIRE: Final = 248
PURIFIED_ASHES: Final = 381
COMPLETION_RITUAL: Final = 315


class KW:
    """Keyword bit flags, numbered in the manual's execution order (C-TURN-8)."""

    ALLIANCE: Final = 1 << 0
    AQUA: Final = 1 << 1
    BARBARIAN: Final = 1 << 2
    BEAST: Final = 1 << 3
    BRIGAND: Final = 1 << 4
    BURNING: Final = 1 << 5
    DESTRUCTION: Final = 1 << 6
    DRAGON: Final = 1 << 7
    HOLY: Final = 1 << 8
    ILLUSION: Final = 1 << 9
    LEGEND: Final = 1 << 10
    MAGE: Final = 1 << 11
    NATURE: Final = 1 << 12
    RESTORATION: Final = 1 << 13
    SOLDIER: Final = 1 << 14
    TITAN: Final = 1 << 15
    UNDEAD: Final = 1 << 16
    UNLIVING: Final = 1 << 17
    DURABLE: Final = 1 << 18
    QUICK: Final = 1 << 19
    SWIFT: Final = 1 << 20
    BANISH: Final = 1 << 21
    SKIRMISHER: Final = 1 << 22
    REBIRTH: Final = 1 << 23
    FLARE_ATTACK: Final = 1 << 24
    FRENZY: Final = 1 << 25
    ENDURING: Final = 1 << 26
    CHARGE: Final = 1 << 27


KEYWORD_NAMES: Final[tuple[str, ...]] = (
    "Alliance", "Aqua", "Barbarian", "Beast", "Brigand", "Burning", "Destruction", "Dragon",
    "Holy", "Illusion", "Legend", "Mage", "Nature", "Restoration", "Soldier", "Titan",
    "Undead", "Unliving", "Durable", "Quick", "Swift", "Banish", "Skirmisher", "Rebirth",
    "Flare attack", "Frenzy", "Enduring", "Charge",
)
KEYWORD_BITS: Final[dict[str, int]] = {name: 1 << i for i, name in enumerate(KEYWORD_NAMES)}

# Token keywords in canonical order (C-TOK-1) with their basic and bonus gains (C-TOK-2).
TOKEN_GAINS: Final[dict[str, tuple[int, int]]] = {
    name: (gains[0], gains[1])
    for name, gains in json.loads(
        resources.files(__package__).joinpath("data/tokens.json").read_text("utf-8")
    ).items()
}
TOKEN_KEYWORDS: Final[tuple[str, ...]] = (
    "Alliance", "Barbarian", "Brigand", "Beast", "Burning", "Holy", "Mage", "Soldier",
    "Titan", "Undead", "Unliving",
)
NO_TOKEN: Final = "none"


class Card:
    """One card of the set, as data; `effect` is bound by the effect modules."""

    __slots__ = (
        "bricks", "charge", "cost_total", "effect", "enduring", "gems", "id", "keywords", "kw",
        "modes", "name", "rarity", "recruits", "text",
    )

    def __init__(self, doc: dict[str, object]) -> None:
        self.id: int = int(doc["id"])  # type: ignore[call-overload]
        self.name: str = str(doc["name"])
        self.rarity: int = RARITY_BY_NAME[str(doc["rarity"])]
        cost = doc["cost"]
        assert isinstance(cost, list)
        self.bricks, self.gems, self.recruits = (int(c) for c in cost)
        self.cost_total = self.bricks + self.gems + self.recruits
        self.modes: int = int(doc["modes"])  # type: ignore[call-overload]
        self.text: str = str(doc["text"])
        names: list[str] = []
        self.charge = self.enduring = 0
        raw = doc["keywords"]
        assert isinstance(raw, list)
        for entry in raw:
            if isinstance(entry, list):
                name, value = str(entry[0]), int(entry[1])
                if name == "Charge":
                    self.charge = value
                elif name == "Enduring":
                    self.enduring = value
            else:
                name = str(entry)
            names.append(name)
        self.keywords: tuple[str, ...] = tuple(names)
        self.kw = 0
        for name in names:
            self.kw |= KEYWORD_BITS[name]
        self.effect: Effect | None = None

    def has(self, keyword: int) -> bool:
        """Whether the card carries the keyword (a KW flag)."""
        return self.kw & keyword != 0

    @property
    def rarity_name(self) -> str:
        return RARITY_NAMES[self.rarity]

    def __repr__(self) -> str:
        return f"<Card {self.id} {self.name}>"


def _load() -> tuple[Card, ...]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    cards = tuple(Card(doc) for doc in json.loads(text))
    assert all(card.id == i for i, card in enumerate(cards)), "card ids must be 0..N"
    return cards


CARDS: Final[tuple[Card, ...]] = _load()
"""All cards, indexed by id; CARDS[0] is the Empty placeholder."""


def card_ids(rarity: int) -> tuple[int, ...]:
    """Ids of all real cards of one rarity, in id order."""
    return tuple(c.id for c in CARDS if c.rarity == rarity)


def effect(*ids: int) -> Callable[[Effect], Effect]:
    """Bind a function as the effect of the given card ids."""

    def bind(fn: Effect) -> Effect:
        for card_id in ids:
            if CARDS[card_id].effect is not None:
                raise ValueError(f"card {card_id} already has an effect")
            CARDS[card_id].effect = fn
        return fn

    return bind


def implemented(card_id: int) -> bool:
    """Whether a card's effect text is implemented (cards without text need none)."""
    card = CARDS[card_id]
    return card.effect is not None or not card.text.strip()
