"""The card pool filters of the manual's "Deck building" section, plus a name search.

The five filters combine (all must hold): class (rarity), keyword, cost, advanced (the card's
effect text says something) and support (the effect text names a keyword). The manual names
the filters but not their values; the values below are ours and are listed on the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlencode

from marcomage.games.marcomage.cards import CARDS, COMMON, KEYWORD_NAMES, RARE, UNCOMMON, Card

CLASSES: tuple[tuple[str, str], ...] = (
    ("", "Any class"), ("common", "Common"), ("uncommon", "Uncommon"), ("rare", "Rare"),
)
CLASS_RARITY = {"common": COMMON, "uncommon": UNCOMMON, "rare": RARE}

ANY_KEYWORD, NO_KEYWORD = "any", "none"
KEYWORDS: tuple[tuple[str, str], ...] = (
    ("", "Any or no keyword"), (ANY_KEYWORD, "Any keyword"), (NO_KEYWORD, "No keywords"),
    *((name, name) for name in sorted(KEYWORD_NAMES)),
)

COSTS: tuple[tuple[str, str], ...] = (
    ("", "Any cost"), ("bricks", "Bricks only"), ("gems", "Gems only"),
    ("recruits", "Recruits only"), ("mixed", "Mixed cost"), ("zero", "Zero cost"),
)

# Advanced filter: a label and a pattern searched in the card's effect text.
_FACILITY = r"(?:Quarry|Magic|Dungeon|Facilities|Lowest facility|Highest facility)"
_RESOURCE = r"(?:Bricks|Gems|Recruits|Stock|Lowest resource|Highest resource)"
ADVANCED: dict[str, tuple[str, re.Pattern[str]]] = {
    key: (label, re.compile(pattern, re.MULTILINE))
    for key, label, pattern in (
        ("attack", "Attack", r"Attack:"),
        ("tower-up", "Tower: +", r"^Tower: ?\+"),
        ("wall-up", "Wall: +", r"^Wall: ?\+"),
        ("facilities-up", "Facilities: +", rf"^{_FACILITY}: ?\+"),
        ("stock-up", "Stock: +", rf"^{_RESOURCE}: ?\+"),
        ("enemy-tower-down", "Enemy tower: -", r"Enemy tower: ?-"),
        ("enemy-wall-down", "Enemy wall: -", r"Enemy wall: ?-"),
        ("enemy-facilities-down", "Enemy facilities: -",
         r"Enemy (?:quarry|magic|dungeon|facilities|highest facility): ?-|"
         r"reduces enemy's highest facility"),
        ("enemy-stock-down", "Enemy stock: -",
         r"Enemy (?:bricks|gems|recruits|stock): ?-|[Ss]teal"),
        ("own-loss", "Own loss (Tower, Wall, facility or stock: -)",
         rf"^(?:Tower|Wall|{_FACILITY}|{_RESOURCE}): ?-"),
        ("production", "Production", r"Production"),
        ("discard", "Discard", r"(?i)discard"),
        ("replace", "Replace", r"(?i)replace"),
        ("next-card", "Next card", r"(?i)next card"),
        ("condition", "Condition (If)", r"\bIf\b"),
    )
}
ADVANCED_CHOICES: tuple[tuple[str, str], ...] = (
    ("", "Any effect"), *((key, label) for key, (label, _) in ADVANCED.items()),
)

SUPPORTS: tuple[tuple[str, str], ...] = (
    ("", "Supports anything"), *((name, name) for name in sorted(KEYWORD_NAMES)),
)

FIELDS = ("cls", "keyword", "cost", "advanced", "support", "name")


@dataclass(frozen=True)
class CardFilter:
    """The chosen filter values; blank means the filter is off."""

    cls: str = ""
    keyword: str = ""
    cost: str = ""
    advanced: str = ""
    support: str = ""
    name: str = ""

    @classmethod
    def from_params(cls, params: Mapping[str, str], default_class: str = "") -> CardFilter:
        """Read filters from a query string; unknown values are treated as off."""

        def choice(field: str, choices: tuple[tuple[str, str], ...], default: str = "") -> str:
            value = params.get(field, default)
            return value if value in dict(choices) else default

        return cls(
            cls=choice("cls", CLASSES, default_class),
            keyword=choice("keyword", KEYWORDS),
            cost=choice("cost", COSTS),
            advanced=choice("advanced", ADVANCED_CHOICES),
            support=choice("support", SUPPORTS),
            name=params.get("name", "").strip()[:40],
        )

    def matches(self, card: Card) -> bool:
        """Whether the card passes every filter that is on."""
        return (
            (not self.cls or card.rarity == CLASS_RARITY[self.cls])
            and _keyword_matches(card, self.keyword)
            and (not self.cost or _cost_kind(card) == self.cost)
            and (not self.advanced or bool(ADVANCED[self.advanced][1].search(card.text)))
            and (not self.support or bool(_support_pattern(self.support).search(card.text)))
            and (not self.name or self.name.casefold() in card.name.casefold())
        )


def _keyword_matches(card: Card, keyword: str) -> bool:
    if keyword == ANY_KEYWORD:
        return bool(card.keywords)
    if keyword == NO_KEYWORD:
        return not card.keywords
    return not keyword or keyword in card.keywords


def _cost_kind(card: Card) -> str:
    """zero, bricks, gems or recruits (only that resource) or mixed."""
    paid = [kind for kind, amount in zip(("bricks", "gems", "recruits"),
                                         (card.bricks, card.gems, card.recruits), strict=True)
            if amount]
    if not paid:
        return "zero"
    return paid[0] if len(paid) == 1 else "mixed"


@cache
def _support_pattern(keyword: str) -> re.Pattern[str]:
    """The keyword as a whole word in an effect text."""
    return re.compile(rf"\b{re.escape(keyword)}\b")


def pool(card_filter: CardFilter) -> list[Card]:
    """Every real card passing the filters, by name."""
    found = [card for card in CARDS[1:] if card_filter.matches(card)]
    return sorted(found, key=lambda card: (card.name.casefold(), card.id))


def filter_params(card_filter: CardFilter) -> str:
    """The filters as a query string, kept across Take and Return; the class is always
    written, since no class in the editor means its default, Common."""
    return urlencode({field: value for field in FIELDS
                      if (value := getattr(card_filter, field)) or field == "cls"})


def filter_context(card_filter: CardFilter) -> dict[str, Any]:
    """The filter form's choices and state."""
    return {
        "filter": card_filter,
        "classes": CLASSES,
        "keywords": KEYWORDS,
        "costs": COSTS,
        "advanced": ADVANCED_CHOICES,
        "supports": SUPPORTS,
        "filter_query": filter_params(card_filter),
    }
