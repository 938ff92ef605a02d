"""Win conditions (MW-WIN-2): predicates built from "and", "or", `structures_built`,
`destroy_all`, `destroy_everyone`, `rivals_fallen` (MW-WIN-6), `level_reached` and
`pets_kept` (MW-WIN-5), checked against public facts."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import ALIGNMENTS, CARDS, ICONS
from .state import Player


class Mage(NamedTuple):
    """What a win condition reads about one seat: alignment, level, and whether the mage is
    in play (dead and left mages count as destroyed, MW-DEATH-4, MW-WIN-4). A named tuple:
    the engine builds one a seat after every step."""

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


Predicate = Callable[[int, "Sequence[Player]", Sequence[str], Sequence[int]], bool]
"""A win condition made ready to check on the state itself: (seat, players, the state's
`cards`, the built structures) -> met? Asked only for a seat whose mage lives and whose
player is in the game, as `engine.check_wins` asks."""


def table_of(players: Sequence[Player], cards: Sequence[str], built: Sequence[int]) -> Table:
    """The public facts `met` reads, from the state's players and structures: a seat that
    left without falling counts as no mage at all, a fallen one as destroyed."""
    return Table([Mage(CARDS[cards[p.mage]].alignment, p.level, not p.left, len(p.pets),
                       p.fallen) if p.fallen or not p.left else Mage("", 0, False)
                  for p in players],
                 [(CARDS[cards[i]].alignment, CARDS[cards[i]].element) for i in built])


def predicate(doc: Mapping[str, Any]) -> Predicate:
    """The win condition `doc` as a function that answers as `met` does on `table_of` the
    same state, with the document read once and no table built (the engine checks every
    seat's condition after every step; issue 33, the lab's speed)."""
    if "and" in doc or "or" in doc:
        parts = [predicate(part) for part in doc["and" if "and" in doc else "or"]]
        check = parts[0]
        for part in parts[1:]:
            check = _both(check, part) if "and" in doc else _either(check, part)
        return check
    if "structures_built" in doc:
        needed, alignment, element = (int(doc["structures_built"]), doc.get("alignment"),
                                      doc.get("element"))

        def structures(seat: int, players: Sequence[Player], cards: Sequence[str],
                       built: Sequence[int]) -> bool:
            if len(built) < needed:
                return False
            count = 0
            for iid in built:
                card = CARDS[cards[iid]]
                if ((alignment is None or alignment == card.alignment)
                        and (element is None or element == card.element)):
                    count += 1
            return count >= needed
        return structures
    if "destroy_all" in doc:
        wanted = doc["destroy_all"]

        def destroy_all(seat: int, players: Sequence[Player], cards: Sequence[str],
                        built: Sequence[int]) -> bool:
            found = False
            for other, p in enumerate(players):
                if other != seat and (p.fallen or not p.left) and (
                        CARDS[cards[p.mage]].alignment == wanted):
                    if not p.left:
                        return False
                    found = True
            return found
        return destroy_all
    if "destroy_everyone" in doc:
        def destroy_everyone(seat: int, players: Sequence[Player], cards: Sequence[str],
                             built: Sequence[int]) -> bool:
            found = False
            for other, p in enumerate(players):
                if other != seat:
                    if not p.left:
                        return False
                    found = True
            return found
        return destroy_everyone
    if "rivals_fallen" in doc:
        rivals, kind = int(doc["rivals_fallen"]), doc.get("alignment")

        def rivals_fallen(seat: int, players: Sequence[Player], cards: Sequence[str],
                          built: Sequence[int]) -> bool:
            count = 0
            for other, p in enumerate(players):
                if other != seat and p.fallen and (
                        kind is None or kind == CARDS[cards[p.mage]].alignment):
                    count += 1
            return count >= rivals
        return rivals_fallen
    if "level_reached" in doc:
        level = int(doc["level_reached"])
        return lambda seat, players, cards, built: players[seat].level >= level
    if "pets_kept" in doc:
        pets = int(doc["pets_kept"])
        return lambda seat, players, cards, built: len(players[seat].pets) >= pets
    return lambda seat, players, cards, built: False


def _both(first: Predicate, second: Predicate) -> Predicate:
    return lambda seat, players, cards, built: (first(seat, players, cards, built)
                                                and second(seat, players, cards, built))


def _either(first: Predicate, second: Predicate) -> Predicate:
    return lambda seat, players, cards, built: (first(seat, players, cards, built)
                                                or second(seat, players, cards, built))
