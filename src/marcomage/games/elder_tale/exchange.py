"""Resolving an exchange (ET-XCH): the attack hits of the pending Attack cards against the
defender's total guard, with the modifiers in force (ET-DUEL-12), bypass, Thorns, Thorn
Bind, Type Resist and the scratch; each hit goes to the log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .state import Active, Fighter

ATTACK_COUNTED = ("attack_up", "attack_down", "thorn_bind")
"""Effects counted on their bearer's attacks."""
DEFENSE_COUNTED = ("guard_up", "guard_down", "thorns", "type_resist", "start_guard")
"""Effects counted on their bearer's defenses (Gain Defense and Blind apart)."""


def strongest(effects: Sequence[Active], type_: str) -> Active | None:
    """ET-DP-9: of several effects of one type in force, the highest intensity counts."""
    best: Active | None = None
    for effect in effects:
        if effect.type == type_ and effect.hits != 0 and (
                best is None or effect.intensity > best.intensity):
            if type_ == "start_guard" and effect.stage != "armed":
                continue
            best = effect
    return best


def _per_hit(effects: Sequence[Active], type_: str, stage: str = "") -> int:
    """The strongest `type_` for one hit, spending one of its hits when it is bounded."""
    best: Active | None = None
    for effect in effects:
        if (effect.type == type_ and effect.hits != 0 and (not stage or effect.stage == stage)
                and (best is None or effect.intensity > best.intensity)):
            best = effect
    if best is None:
        return 0
    if best.hits is not None:
        best.hits -= 1
    return best.intensity


@dataclass(slots=True)
class Hit:
    """One attack hit of the exchange, for the log."""

    card: str
    value: int
    guard_after: int
    damage: int
    bypass: bool


def resolve(attack: Sequence[Card], defense: Sequence[Card], attacker: Fighter,
            defender: Fighter) -> dict[str, Any]:
    """Resolve an exchange between `attack` (the pending Attack cards, in play order) and
    `defense` (the defender's Defense cards), changing both fighters' HP and effects.

    Returns the log entry: every hit with the guard after it and what bypassed, the damage
    per card, and the totals."""
    # ET-XCH-2: the guard hits, Gain Defense as one hit each.
    guard_values: list[int] = []
    gains = [e for e in defender.effects if e.type == "gain_defense"]
    bases = [card.value for card in defense for _ in range(card.hits)]
    bases += [g.intensity for g in gains]
    for base in bases:
        value = base + _per_hit(defender.effects, "guard_up")
        value -= _per_hit(defender.effects, "guard_down")
        value -= _per_hit(defender.effects, "blind", "defense")
        guard_values.append(max(0, value))
    start = strongest(defender.effects, "start_guard")
    guard = sum(guard_values) + (start.intensity if start else 0)
    total_guard = guard
    hits: list[dict[str, Any]] = []
    per_card: list[dict[str, Any]] = []
    thorns_damage = 0
    bypassed_before = False
    for card in attack:
        bypass_damage = 0
        bound = 0
        for _ in range(card.hits):
            # ET-XCH-1: the hit's value.
            value = card.value + _per_hit(attacker.effects, "attack_up")
            value -= _per_hit(attacker.effects, "attack_down")
            value -= _per_hit(attacker.effects, "blind", "attack")
            value = max(0, value)
            before = guard
            guard -= value
            # ET-XCH-3, ET-XCH-4: a hit bypasses when it takes the guard below 0.
            bypass = guard < 0
            damage = 0
            if bypass:
                damage = value if bypassed_before else -guard
                bypassed_before = True
                bypass_damage += damage
                # ET-XCH-6: Thorn Bind on this bypassing hit, spending its hit bound.
                bound += _per_hit(attacker.effects, "thorn_bind")
            else:
                # ET-XCH-5: Thorns on this hit that stays within the guard; a bound in hits
                # covers that many hits (the page's "2 hits of 2 intensity Thorns").
                thorns_damage += _per_hit(defender.effects, "thorns")
            hits.append({"card": card.name, "value": value, "guard_before": before,
                         "guard_after": guard, "bypass": bypass, "damage": damage})
        # ET-XCH-7: resist, scratch, then Thorn Bind.
        resists = [e.intensity for e in defender.effects
                   if e.type == "type_resist" and e.resist in card.granted]
        resisted = max(resists, default=0)
        dealt = max(1, bypass_damage - resisted)
        per_card.append({"card": card.name, "bypass": bypass_damage, "resisted": resisted,
                         "scratch": bypass_damage - resisted < 1, "thorn_bind": bound,
                         "damage": dealt + bound})
    damage = sum(c["damage"] for c in per_card)
    defender.hp -= damage
    attacker.hp -= thorns_damage
    _count_occurrence(attacker, defender)
    return {"type": "exchange", "guard": total_guard, "guard_hits": guard_values,
            "start_guard": start.intensity if start else 0, "hits": hits, "cards": per_card,
            "damage": damage, "thorns": thorns_damage}


def _count_occurrence(attacker: Fighter, defender: Fighter) -> None:
    """ET-DUEL-12: one more occurrence for every effect counted on this attack and this
    defense; spent effects go; Blind passes from the defense to the attack (then lapses)."""
    for fighter, counted in ((attacker, ATTACK_COUNTED), (defender, DEFENSE_COUNTED)):
        for effect in fighter.effects:
            if effect.type in counted and effect.rounds is not None:
                if effect.type == "start_guard" and effect.stage != "armed":
                    continue
                effect.rounds -= 1
    for effect in attacker.effects:
        if effect.type == "blind" and effect.stage == "attack":
            effect.hits = 0
    for effect in defender.effects:
        if effect.type == "blind" and effect.stage == "defense":
            effect.stage = "attack"
        if effect.type == "gain_defense":
            effect.hits = 0
    for fighter in (attacker, defender):
        fighter.effects = [e for e in fighter.effects if e.hits != 0 and e.rounds != 0]
