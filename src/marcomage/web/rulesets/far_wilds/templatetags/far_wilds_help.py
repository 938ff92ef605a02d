"""Cards and premade armies for The Far Wilds help page (the template library
"far_wilds_help"), read from the card file so that the help prints the same names, numbers
and texts as the board, the army editor and the API (issue 32)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django import template

from marcomage.games.far_wilds.cards import (
    ARMIES,
    BUILDING,
    CARDS,
    CREATURE,
    DOMAINS,
    Card,
    domain_name,
)
from marcomage.games.far_wilds.deck import FORMATS

register = template.Library()


def _requirement(found: Card) -> str:
    if found.level == 0:
        return "no domain level"
    if found.domain is None:
        return f"summed domain level {found.level}"
    return f"{domain_name(found.domain)} {found.level}"


def card_line(found: Card) -> dict[str, Any]:
    """What the help shows of a card: name, kind, domain, requirement, flux cost, the
    figure's numbers (Attack, HP, Speed, Vision) and its printed text."""
    numbers = ""
    if found.type == CREATURE:
        numbers = (f"Attack {found.attack} · HP {found.health} · Speed {found.speed} · "
                   f"Vision {found.vision}")
    elif found.type == BUILDING:
        numbers = f"Attack {found.attack} · HP {found.health} · Vision {found.vision}"
    return {"id": found.id, "name": found.name, "kind": found.type.capitalize(),
            "domain": domain_name(found.domain), "requirement": _requirement(found),
            "cost": found.cost, "numbers": numbers, "text": found.text,
            "attack": found.attack, "health": found.health, "vision": found.vision,
            "range": found.range, "amount": int(found.effect.get("amount", 0))}


@register.simple_tag
def fw_card(card_id: str) -> dict[str, Any]:
    """One card of the set for the help page; an unknown id is a template error."""
    return card_line(CARDS[card_id])


@register.simple_tag
def fw_keywords() -> list[tuple[str, str]]:
    """Every keyword a card of the set carries, with one card that has it, in the order
    `Card.keywords` prints them ("Ranged 2" counts as "Ranged")."""
    found: dict[str, str] = {}
    for card in CARDS.values():
        for word in card.keywords:
            key = word.rstrip("0123456789 ")
            found.setdefault(key, card.name)
    return list(found.items())


@register.simple_tag
def fw_armies() -> list[dict[str, Any]]:
    """The premade armies every player is given: name, format, domains, size, the plan
    from the card file and the counts by kind."""
    rows = []
    for army in ARMIES:
        cards = [(CARDS[e["card"]], e["count"]) for e in army["entries"]]
        kinds = Counter[str]()
        for found, count in cards:
            kinds[found.type] += count
        domains = [domain_name(d) for d in DOMAINS
                   if any(found.domain == d for found, _ in cards)]
        rows.append({"name": army["name"], "format": FORMATS[army["format"]].name,
                     "domains": " and ".join(domains), "size": sum(n for _, n in cards),
                     "plan": army.get("plan", ""),
                     "kinds": ", ".join(f"{kinds[k]} {k}s" for k in
                                        ("building", "creature", "spell", "enchantment"))})
    return rows


@register.simple_tag
def fw_pool_size() -> int:
    """How many cards an army may be built from."""
    return sum(1 for c in CARDS.values() if c.deckable)
