"""Win conditions (MW-WIN-2): predicates built from "and", "or", `structures_built`,
`destroy_all`, `destroy_everyone`, `rivals_fallen` (MW-WIN-6), `level_reached` and
`pets_kept` (MW-WIN-5), checked against public facts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import ALIGNMENTS, ICONS


@dataclass(frozen=True, slots=True)
class Mage:
    """What a win condition reads about one seat: alignment, level, and whether the mage is
    in play (dead and left mages count as destroyed, MW-DEATH-4, MW-WIN-4)."""

    alignment: str
    level: int
    alive: bool
    pets: int = 0
    """Pets and plants kept (`pets_kept`, MW-WIN-5)."""
    fallen: bool = False
    """Fallen for good: died with no resurrection left (MW-DEATH-5, `rivals_fallen`)."""


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts: every seat's mage and the completed structures' (alignment,
    element)."""

    mages: Sequence[Mage]
    structures: Sequence[tuple[str, str]]


class WinConditionError(ValueError):
    """A win condition that does not parse (BAD_WIN_CONDITION)."""


def check_condition(doc: Any) -> None:
    """Raise WinConditionError unless `doc` is a well-formed predicate."""
    if not isinstance(doc, Mapping) or len(doc) == 0:
        raise WinConditionError(f"{doc!r} is not a predicate object.")
    if "and" in doc or "or" in doc:
        key = "and" if "and" in doc else "or"
        parts = doc[key]
        if len(doc) != 1 or not isinstance(parts, list) or len(parts) < 2:
            raise WinConditionError(f"{key!r} takes a list of at least two predicates.")
        for part in parts:
            check_condition(part)
        return
    if "structures_built" in doc:
        n = doc["structures_built"]
        if type(n) is not int or n < 1 or set(doc) - {"structures_built", "alignment",
                                                        "element"}:
            raise WinConditionError(f"{dict(doc)!r}: structures_built(n>=1, alignment?, "
                                    "element?).")
        if doc.get("alignment", "good") not in ALIGNMENTS or doc.get(
                "element", "fire") not in ICONS:
            raise WinConditionError(f"{dict(doc)!r}: unknown alignment or element.")
        return
    if "destroy_all" in doc:
        if len(doc) != 1 or doc["destroy_all"] not in ALIGNMENTS:
            raise WinConditionError(f"{dict(doc)!r}: destroy_all(alignment).")
        return
    if "destroy_everyone" in doc:
        if len(doc) != 1 or doc["destroy_everyone"] is not True:
            raise WinConditionError(f"{dict(doc)!r}: destroy_everyone is true.")
        return
    if "rivals_fallen" in doc:
        n = doc["rivals_fallen"]
        if type(n) is not int or n < 1 or set(doc) - {"rivals_fallen", "alignment"}:
            raise WinConditionError(f"{dict(doc)!r}: rivals_fallen(n>=1, alignment?).")
        if doc.get("alignment", "good") not in ALIGNMENTS:
            raise WinConditionError(f"{dict(doc)!r}: unknown alignment.")
        return
    if "level_reached" in doc:
        n = doc["level_reached"]
        if len(doc) != 1 or type(n) is not int or n < 2:
            raise WinConditionError(f"{dict(doc)!r}: level_reached(n>=2).")
        return
    if "pets_kept" in doc:
        n = doc["pets_kept"]
        if len(doc) != 1 or type(n) is not int or n < 1:
            raise WinConditionError(f"{dict(doc)!r}: pets_kept(n>=1).")
        return
    raise WinConditionError(f"{dict(doc)!r} is no predicate of MW-WIN-2.")


def met(doc: Mapping[str, Any], seat: int, table: Table) -> bool:
    """Does `seat` meet the win condition `doc` on this table (MW-WIN-2)?"""
    if "and" in doc:
        return all(met(part, seat, table) for part in doc["and"])
    if "or" in doc:
        return any(met(part, seat, table) for part in doc["or"])
    if "structures_built" in doc:
        count = sum(1 for alignment, element in table.structures
                    if doc.get("alignment", alignment) == alignment
                    and doc.get("element", element) == element)
        return count >= int(doc["structures_built"])
    others = [m for s, m in enumerate(table.mages) if s != seat]
    if "destroy_all" in doc:
        targets = [m for m in others if m.alignment == doc["destroy_all"]]
        return bool(targets) and not any(m.alive for m in targets)
    if "destroy_everyone" in doc:
        return bool(others) and not any(m.alive for m in others)
    if "rivals_fallen" in doc:
        fallen = sum(1 for m in others if m.fallen
                     and doc.get("alignment", m.alignment) == m.alignment)
        return fallen >= int(doc["rivals_fallen"])
    if "level_reached" in doc:
        return table.mages[seat].level >= int(doc["level_reached"])
    if "pets_kept" in doc:
        return table.mages[seat].pets >= int(doc["pets_kept"])
    return False
