"""A card as every page draws it: the facts of the card plus its art, computed once per card.

The art is our own: a sigil drawn in SVG from the card's id (shape, rotation, rays) on a
field coloured (in cards.css) by the resource the card costs, so each card looks its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import cos, pi, sin

from django.utils.safestring import SafeString, mark_safe

from marcomage.games.marcomage.cards import CARDS, Card

from .keywords import slug

RARITY_CLASSES = {-1: "empty", 0: "common", 1: "uncommon", 2: "rare"}


@dataclass(frozen=True)
class KeywordMark:
    """A keyword as written on a card: its label ("Charge (3)") and its anchor."""

    name: str
    label: str
    slug: str


@dataclass(frozen=True)
class CardFace:
    """What the card template needs."""

    id: int
    name: str
    rarity: str
    rarity_class: str
    bricks: int
    gems: int
    recruits: int
    keywords: tuple[KeywordMark, ...]
    text: str
    art: SafeString

    @property
    def free(self) -> bool:
        """A card that costs nothing."""
        return not (self.bricks or self.gems or self.recruits)


def cost_kind(card: Card) -> str:
    """zero, mixed, or the one resource the card costs."""
    paid = [name for name, amount in (("bricks", card.bricks), ("gems", card.gems),
                                      ("recruits", card.recruits)) if amount]
    if not paid:
        return "zero"
    return paid[0] if len(paid) == 1 else "mixed"


def _keyword_label(card: Card, name: str) -> str:
    if name == "Charge":
        return f"Charge ({card.charge})"
    if name == "Enduring":
        return f"Enduring ({card.enduring})"
    return name


def _art(card: Card) -> SafeString:
    """The card's sigil: rays, a polygon and a core, all derived from the id."""
    if card.id == 0:
        return mark_safe("")
    sides = 3 + card.id % 5
    turn = (card.id * 47) % 360
    rays = 4 + (card.id * 7) % 6
    ring = 10 + card.id % 9

    def point(k: int, n: int, radius: int) -> str:
        return f"{60 + radius * cos(2 * pi * k / n):.0f} {36 + radius * sin(2 * pi * k / n):.0f}"

    polygon = " ".join(point(k, sides, 22) for k in range(sides))
    spokes = "".join(f"M60 36L{point(k, rays, 34)}" for k in range(rays))
    svg = (
        f'<svg class="card-art art-{cost_kind(card)}" viewBox="0 0 120 72" aria-hidden="true">'
        f'<path class="art-rays" d="{spokes}"/>'
        f'<polygon class="art-sigil" transform="rotate({turn} 60 36)" points="{polygon}"/>'
        f'<circle class="art-core" cx="60" cy="36" r="{ring}"/></svg>'
    )
    return mark_safe(svg)  # built from numbers only


@cache
def face(card_id: int) -> CardFace:
    """The face of a card by id; an unknown id draws as the Empty card."""
    card = CARDS[card_id] if 0 <= card_id < len(CARDS) else CARDS[0]
    return CardFace(
        id=card.id,
        name=card.name,
        rarity=card.rarity_name,
        rarity_class=RARITY_CLASSES[card.rarity],
        bricks=card.bricks,
        gems=card.gems,
        recruits=card.recruits,
        keywords=tuple(
            KeywordMark(name, _keyword_label(card, name), slug(name)) for name in card.keywords
        ),
        text=card.text,
        art=_art(card),
    )

