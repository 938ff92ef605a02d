"""The clash of AR-BATTLE-7: attackers strike a defender one by one in declaration order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(slots=True)
class ClashResult:
    """Who the clash destroyed, and each surviving breaker's excess power."""

    defender_destroyed: bool = False
    destroyed: list[int] = field(default_factory=list)
    excess: dict[int, int] = field(default_factory=dict)
    breaker: int | None = None


def clash(toughness: int, in_attack_position: bool,
          contributions: Sequence[tuple[int, int]]) -> ClashResult:
    """`clash(defender, contributions)` exactly as AR-BATTLE-7 writes it; contributions are
    (attacker key, power) in declaration order."""
    result = ClashResult()
    remaining = toughness
    for key, power in contributions:
        if result.defender_destroyed:
            continue
        if power < remaining:
            remaining -= power
            if in_attack_position:
                result.destroyed.append(key)
        elif power == remaining:
            result.destroyed.append(key)
            result.defender_destroyed = True
            result.breaker = key
        else:
            result.defender_destroyed = True
            result.breaker = key
            result.excess[key] = power - remaining
    return result
