"""Issue 32, the card pool: at least 80 cards across the four domains and Unaligned, every
kind and role the issue names, each card's keywords in its own text, and no card strictly
worse than (or a copy of) another of the same cost and kind."""

from __future__ import annotations

from collections import Counter

from marcomage.games.far_wilds.cards import (
    BUILDING,
    CARDS,
    CREATURE,
    DOMAINS,
    ENCHANTMENT,
    SPELL,
    Card,
)

DECKABLE = [c for c in CARDS.values() if c.deckable]

NUMBERS = ("attack", "health", "speed", "vision", "range", "armour", "siege", "heal", "fear")
"""A figure's numbers where more is better."""
FLAGS = ("swims", "aloft", "construct", "trespass", "battle_ready", "flanking", "entrench",
         "base")
"""A figure's keywords: having one is never worse than lacking it."""


def _requirement_no_harder(better: Card, worse: Card) -> bool:
    """FW-CAST-2: `better` is castable whenever `worse` is. An Unaligned card of level N
    needs the summed levels, which are at least any one domain's."""
    if better.level > worse.level:
        return False
    return better.domain is None or better.domain == worse.domain


def at_least_as_good(better: Card, worse: Card) -> bool:
    """Whether `better` does all that `worse` does for the same flux: the same kind, cost,
    spawn rule, target, effect kind and special actions, a requirement no harder, every
    number at least as high and every keyword of `worse` too."""
    if (better.type, better.cost, better.basic) != (worse.type, worse.cost, worse.basic):
        return False
    if not _requirement_no_harder(better, worse):
        return False
    if better.type in (SPELL, ENCHANTMENT):
        return (better.target == worse.target and better.to == worse.to
                and better.effect.get("kind") == worse.effect.get("kind")
                and int(better.effect.get("amount", 0)) >= int(worse.effect.get("amount", 0)))
    if better.spawn != worse.spawn or better.actions != worse.actions:
        return False
    if any(getattr(better, n) < getattr(worse, n) for n in NUMBERS):
        return False
    if any(getattr(worse, f) and not getattr(better, f) for f in FLAGS):
        return False
    if not set(worse.strides) <= set(better.strides):
        return False
    return all(better.gives.get(d, 0) >= n for d, n in worse.gives.items())


def test_issue_32_no_card_is_dominated_by_another_of_the_same_cost_and_kind() -> None:
    """Every card has a reason to be in some deck: none is matched or beaten on every
    number by another card of its kind and cost that is no harder to cast."""
    found = [(worse.name, better.name) for worse in DECKABLE for better in DECKABLE
             if better is not worse and at_least_as_good(better, worse)]
    assert found == []


def test_the_dominance_check_catches_a_strictly_worse_card() -> None:
    """The check above is not vacuous: a weaker copy of a creature, or the same card, is
    caught, and a card that trades a number for another is not."""
    from dataclasses import replace

    whelp = CARDS["briar_whelp"]
    assert at_least_as_good(whelp, replace(whelp, id="w", attack=whelp.attack - 1))
    assert at_least_as_good(whelp, replace(whelp, id="w"))
    assert at_least_as_good(replace(whelp, domain=None), whelp)  # Unaligned is easier
    assert not at_least_as_good(whelp, replace(whelp, id="w", attack=whelp.attack - 1,
                                               speed=whelp.speed + 1))
    assert not at_least_as_good(whelp, replace(whelp, id="w", level=whelp.level - 1))
    draught = CARDS["well_draught"]
    assert at_least_as_good(draught, replace(draught, effect={"kind": "gain_flux",
                                                               "amount": 2}))


def test_issue_32_the_pool_holds_at_least_80_cards_over_every_domain_and_kind() -> None:
    assert len(DECKABLE) >= 80
    kinds = Counter((c.domain, c.type) for c in DECKABLE)
    for domain in (*DOMAINS, None):
        for kind in (BUILDING, CREATURE, SPELL, ENCHANTMENT):
            assert kinds[(domain, kind)] >= 2, (domain, kind)


def test_issue_32_every_domain_has_creatures_at_every_level_and_a_basic_base() -> None:
    for domain in DOMAINS:
        levels = {c.level for c in DECKABLE if c.type == CREATURE and c.domain == domain}
        assert levels >= {1, 2, 3}, domain
        basics = [c for c in DECKABLE if c.basic and c.domain == domain]
        assert len(basics) == 1 and basics[0].base and basics[0].gives == {domain: 1}
        givers = [c for c in DECKABLE if c.gives.get(domain) and not c.basic]
        assert len(givers) >= 3, domain  # Highlander reaches level 3 without copies


def test_issue_32_creatures_cover_the_roles() -> None:
    """Scouts, fighters, ranged, swimmers, fliers and siege, in more than one domain."""
    creatures = [c for c in DECKABLE if c.type == CREATURE]
    roles = {
        "scout": [c for c in creatures if c.vision >= 3 and c.speed >= 2],
        "fighter": [c for c in creatures if c.range == 0 and c.attack >= 3],
        "ranged": [c for c in creatures if c.range >= 2],
        "swimmer": [c for c in creatures if c.swims],
        "flier": [c for c in creatures if c.aloft],
        "siege": [c for c in creatures if c.siege >= 1],
        "tank": [c for c in creatures if c.health >= 5],
    }
    for role, cards in roles.items():
        assert len({c.domain for c in cards}) >= 2, role


def test_issue_32_spells_and_enchantments_cover_combat_removal_and_every_target() -> None:
    effects = Counter(c.effect.get("kind") for c in DECKABLE if c.type == SPELL)
    assert effects["damage"] >= 4 and effects["destroy"] >= 2 and effects["heal"] >= 2
    targets = Counter(c.target.kind for c in DECKABLE if c.type == ENCHANTMENT)
    assert targets["entity"] >= 4 and targets["space"] >= 2 and targets["world"] >= 2
    figure_effects = {c.effect.get("kind") for c in DECKABLE
                      if c.type == ENCHANTMENT and c.target.kind == "entity"}
    assert figure_effects >= {"attack", "health", "speed", "armour", "vision"}


def test_issue_32_every_keyword_is_in_the_card_text_the_site_prints() -> None:
    """The card file's text is what the site, help and API print: it names every keyword
    the numbers carry, so no rule of a card is hidden from its reader."""
    for found in CARDS.values():
        for word in found.keywords:
            assert word in found.text, (found.id, word)
        if found.base and found.deckable:
            assert "Base" in found.text, found.id
        for action in found.actions:
            assert action.name in found.text, (found.id, action.name)
    names = [c.name for c in CARDS.values()]
    assert len(names) == len(set(names))  # copies are counted by name (FW-DECK-3)
