"""The requirement matcher (MW-REQ): parsing requirement text and deciding which resource
cards can fill which requirement slots. Pure functions over icon lists, no game state.

A requirement is text in the prototype's convention (MW-REQ-4): icons separated by spaces,
"@OR" between alternatives, "@AnyN" for N slots any icon fills, e.g.
"fire fire @OR fire @Any2" -> (("fire", "fire"), ("fire", "any", "any")).
"""

from __future__ import annotations

from collections.abc import Sequence

ANY = "any"
ONE_PER_CARD, ALL_ICONS = "one_per_card", "all_icons"
RESOURCE_MODES = (ONE_PER_CARD, ALL_ICONS)

Alternatives = tuple[tuple[str, ...], ...]


class RequirementError(ValueError):
    """Requirement text that does not parse."""


def parse_requirement(text: str, icons: Sequence[str]) -> Alternatives:
    """The alternatives of a requirement; "" is one empty alternative (no requirement)."""
    alternatives: list[tuple[str, ...]] = []
    current: list[str] = []
    for token in text.replace(",", " ").split():
        if token == "@OR":
            if not current:
                raise RequirementError(f"{text!r}: an alternative is empty.")
            alternatives.append(tuple(current))
            current = []
        elif token.startswith("@Any"):
            digits = token[4:]
            if not digits.isdigit() or int(digits) < 1:
                raise RequirementError(f"{text!r}: {token!r} is not @Any followed by a count.")
            current += [ANY] * int(digits)
        elif token in icons:
            current.append(token)
        else:
            raise RequirementError(f"{text!r}: {token!r} is not an icon.")
    if not current and alternatives:
        raise RequirementError(f"{text!r}: an alternative is empty.")
    alternatives.append(tuple(current))
    return tuple(alternatives)


def fits(slot: str, icon: str) -> bool:
    """An icon fills a slot of its own kind; an "any" slot takes every icon, and a permanent
    resource of kind "any" fills every slot."""
    return icon == ANY or slot in (ANY, icon)


def units(cards: Sequence[Sequence[str]], mode: str) -> list[tuple[int, tuple[str, ...]]]:
    """What the cards offer, as (card index, icons usable by one slot): one unit per card with
    all its icons in `one_per_card` mode (MW-REQ-5), one unit per icon in `all_icons` mode."""
    if mode == ONE_PER_CARD:
        return [(i, tuple(icons)) for i, icons in enumerate(cards) if icons]
    return [(i, (icon,)) for i, icons in enumerate(cards) for icon in icons]


def can_fill(slots: Sequence[str], cards: Sequence[Sequence[str]], mode: str) -> bool:
    """Can every slot be filled at once by the cards' resources (a bipartite matching of
    slots to units, augmenting paths)?"""
    offer = units(cards, mode)
    if len(offer) < len(slots):
        return False
    owner: list[int] = [-1] * len(offer)  # unit -> slot

    def augment(slot: int, seen: list[bool]) -> bool:
        for u, (_card, icons) in enumerate(offer):
            if seen[u] or not any(fits(slots[slot], icon) for icon in icons):
                continue
            seen[u] = True
            if owner[u] < 0 or augment(owner[u], seen):
                owner[u] = slot
                return True
        return False

    return all(augment(s, [False] * len(offer)) for s in range(len(slots)))


def place_icons(open_slots: Sequence[str], icons: Sequence[str]) -> list[int]:
    """Where one card's icons go in `all_icons` mode: indexes of `open_slots` filled, each
    icon at most once, named slots before "any" slots so none is wasted."""
    taken: list[int] = []
    left = list(icons)
    for prefer_named in (True, False):
        for index, slot in enumerate(open_slots):
            if index in taken or (slot == ANY) == prefer_named:
                continue
            for k, icon in enumerate(left):
                if fits(slot, icon):
                    taken.append(index)
                    del left[k]
                    break
    return sorted(taken)


def permanent_slot(open_slots: Sequence[str], kind: str) -> int | None:
    """The slot a permanent resource of `kind` fills when a manifestation opens (MW-REQ-8):
    the first named slot of its kind, else the first "any" slot (a permanent "any" takes the
    first slot)."""
    for index, slot in enumerate(open_slots):
        if slot != ANY and fits(slot, kind):
            return index
    for index, slot in enumerate(open_slots):
        if slot == ANY:
            return index
    return None
