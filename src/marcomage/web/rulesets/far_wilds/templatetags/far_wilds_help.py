"""Cards and premade armies for The Far Wilds help page (the template library
"far_wilds_help"), read from the card file so that the help prints the same names, numbers
and texts as the board, the army editor and the API (issue 32)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

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
def fw_rules_help() -> SafeString:
    """The help page's How to play: the rules list the game board shows too (one Jinja2
    template for both, issue 36), told with the default options, and then the worked
    examples of the orders and the cards that only the help page has."""
    examples = (render_to_string("rulesets/far_wilds/_help_orders.html")
                + render_to_string("rulesets/far_wilds/_help_cards.html"))
    return mark_safe(render_to_string("rulesets/far_wilds/_help.jinja",
                                      {"help_examples": mark_safe(examples)}))


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


@register.simple_tag
def fw_attack_example() -> dict[str, Any]:
    """The worked example of the board's confirmations (issue 32): a battle position with
    your Ashen Titan next to an enemy Briar Whelp and your Ember Obelisk and Blood Altar
    standing by, drawn by the board itself (`board.context`), so the help quotes the very
    panel text and order lines a player meets: the attack's confirmation, and the "I am
    sure" lines of the attack and of the two special actions that cost something."""
    from marcomage.games.far_wilds.hexmap import DEFAULT_MAP
    from marcomage.games.far_wilds.ruleset import RULESET
    from marcomage.games.far_wilds.state import (
        BATTLE,
        BUILDING_KIND,
        CREATURE_KIND,
        Battle,
        Figure,
        Options,
        Player,
    )
    from marcomage.platform.rng import Rng

    from ..board import context

    def at(q: int, r: int) -> int:
        return DEFAULT_MAP.coords.index((q, r))
    spaces = {"titan": at(0, 0), "whelp": at(0, -1), "obelisk": at(-1, 1),
              "altar": at(-2, 2)}
    cells: list[Figure | None] = [None] * len(DEFAULT_MAP)
    cells[DEFAULT_MAP.bases[0]] = Figure(0, "warcamp", BUILDING_KIND, dimmed=False)
    cells[DEFAULT_MAP.bases[1]] = Figure(1, "warcamp", BUILDING_KIND, dimmed=False)
    cells[spaces["titan"]] = Figure(0, "ashen_titan", CREATURE_KIND, dimmed=False)
    cells[spaces["whelp"]] = Figure(1, "briar_whelp", CREATURE_KIND, dimmed=False)
    cells[spaces["obelisk"]] = Figure(0, "ember_obelisk", BUILDING_KIND, dimmed=False)
    cells[spaces["altar"]] = Figure(0, "blood_altar", BUILDING_KIND, dimmed=False)
    state = Battle(Options(), [Player([], [], flux=3, kept=True),
                               Player([], [], flux=3, kept=True)],
                   Rng.from_seed(1), cells, phase=BATTLE, round=1, first=0, turn=0)
    board = context(RULESET.view(state, 0), 0, RULESET.legal_actions(state, 0),
                    [None, None])
    attack = next(o for o in board["orders"] if o["kind"] == "attack"
                  and f"attack {DEFAULT_MAP.label(spaces['whelp'])}" in o["text"]
                  and o["text"].startswith(CARDS["ashen_titan"].name))
    moves = [o for o in board["orders"] if o["kind"] == "move"]
    specials = [o for o in board["specials"] if o["confirm"]]
    return {"titan": card_line(CARDS["ashen_titan"]), "whelp": card_line(CARDS["briar_whelp"]),
            "titan_at": DEFAULT_MAP.label(spaces["titan"]),
            "whelp_at": DEFAULT_MAP.label(spaces["whelp"]),
            "attack": attack, "move": moves[0] if moves else None, "specials": specials,
            "after": max(CARDS["ashen_titan"].health - CARDS["briar_whelp"].attack, 0)}
