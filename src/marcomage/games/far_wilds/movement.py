"""Creatures on the move (FW-MOVE): what a space costs a creature (terrain, Swims, Aloft,
strides), Fear, the spaces a creature can reach this action and the walk itself.

Under the fog a move is planned from what its owner knows (FARWILDS.md Fog): its own
figures and the spaces it sees now; a space out of sight counts as empty. The walk then
meets the map as it is: at a taken space, or a space within the Fear of a figure it had not
seen, the creature stops short on the last space it reached."""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from .cards import CARDS, CREATURE, Card
from .hexmap import FOREST, LAND, OCEAN, HexMap
from .sight import board
from .state import CREATURE_KIND, Battle, Figure

TERRAIN_COST = {LAND: 1, FOREST: 2}
"""FW-MOVE-3: what a space costs a ground creature (our numbers); ocean is impassable."""
SWIM_COST = 2
"""FW-MOVE-3: what an ocean space costs a creature that Swims (our number)."""


def bonus(figure: Figure, kind: str) -> int:
    """The sum of the `kind` modifiers (attack, health, speed, armour, vision) of the
    enchantments on the figure."""
    return sum(int(CARDS[e.card].effect.get("amount", 0)) for e in figure.enchantments
               if CARDS[e.card].effect.get("kind") == kind)


def speed_of(figure: Figure) -> int:
    """FW-MOVE-1, FW-MOVE-3: a creature's Speed with its enchantments; buildings and
    construction sites have speed 0."""
    if figure.kind != CREATURE_KIND:
        return 0
    return max(0, CARDS[figure.card].speed + bonus(figure, "speed"))


def step_cost(found: Card, terrain: str) -> int | None:
    """FW-MOVE-3: what entering a space of `terrain` costs the creature; None where it
    cannot go. Aloft: 1 everywhere; a stride: 1 on that terrain; Swims: ocean 2."""
    if found.aloft or terrain in found.strides:
        return 1
    if terrain == OCEAN:
        return SWIM_COST if found.swims else None
    return TERRAIN_COST[terrain]


def afraid(mover: Card, fearer: Card) -> bool:
    """FW-MOVE-4: whether a creature of card `mover` fears a figure of card `fearer`: a
    non-construct creature of another domain (Unaligned is another domain)."""
    return (fearer.fear > 0 and mover.type == CREATURE and not mover.construct
            and mover.domain != fearer.domain)


def feared_spaces(state: Battle, seat: int, mover: Card, spaces: Iterable[int]) -> set[int]:
    """The spaces the creature will not enter: within X of an enemy figure with Fear X
    standing on one of `spaces` (what its owner may know of; our reading: only the other
    side's Fear counts)."""
    hexes = board(state)
    out: set[int] = set()
    for space in spaces:
        figure = state.figures[space]
        if figure is not None and figure.owner != seat and figure.kind == CREATURE_KIND:
            fearer = CARDS[figure.card]
            if afraid(mover, fearer):
                out |= hexes.within(space, fearer.fear)
    return out


def routes(state: Battle, seat: int, start: int, known: set[int], enemy_area: set[int]
           ) -> dict[int, list[int]]:
    """Every space the creature on `start` may end a move on, with the path to it (the
    spaces entered, in order), as its owner knows the map (`known`: the spaces whose
    figures it may know of). The cheapest path wins; ties go to lower space numbers, so the
    route is the same for everyone (PL-STATE-1). A path never enters a known taken space or
    a space within known Fear (FW-MOVE-4). With the option `enter_enemy_territory` off (the
    strict reading of FW-MOVE-3) the destination is not in known enemy territory unless the
    card trespasses. It is on by default, our choice from play: with the ban, melee
    creatures could never reach a building, so a well held stayed held and 10 of 200 random
    battles ran to the round cap; without it none of 200 did."""
    figure = state.figures[start]
    assert figure is not None
    hexes: HexMap = board(state)
    found = CARDS[figure.card]
    budget = speed_of(figure)
    blocked = {s for s in known if state.figures[s] is not None}
    feared = feared_spaces(state, seat, found, known)
    best = {start: 0}
    parent: dict[int, int] = {}
    queue = [(0, start)]
    while queue:
        cost, space = heapq.heappop(queue)
        if cost > best.get(space, budget + 1):
            continue
        for nxt in hexes.neighbours[space]:
            step = step_cost(found, hexes.terrain[nxt])
            if step is None or nxt in blocked or nxt in feared:
                continue
            total = cost + step
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                parent[nxt] = space
                heapq.heappush(queue, (total, nxt))
    free_roam = state.options.enter_enemy_territory or found.trespass
    out: dict[int, list[int]] = {}
    for dest in sorted(best):
        if dest == start or (dest in enemy_area and not free_roam):
            continue
        path = [dest]
        while path[-1] in parent and parent[path[-1]] != start:
            path.append(parent[path[-1]])
        out[dest] = path[::-1]
    return out


def walk(state: Battle, seat: int, start: int, path: list[int]) -> tuple[int, str | None]:
    """Move the creature along `path` on the map as it is (mutates `state`); the space it
    ends on, and why it stopped short ("taken" or "fear") or None. Moving loses every
    entrenchment token (FW-FIGHT-4) and dims the creature (FW-MOVE-2)."""
    figure = state.figures[start]
    assert figure is not None
    found = CARDS[figure.card]
    feared = feared_spaces(state, seat, found, range(len(state.figures)))
    here, why = start, None
    for nxt in path:
        if state.figures[nxt] is not None:
            why = "taken"
            break
        if nxt in feared:
            why = "fear"
            break
        here = nxt
    state.figures[start] = None
    state.figures[here] = figure
    figure.dimmed = True
    figure.entrench = 0
    return here, why
