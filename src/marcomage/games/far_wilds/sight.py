"""What the map gives each player: vision (FW-BOARD-2), area of control and Flux Wells
(FW-BOARD-3), domain levels (FW-CAST-2, FW-CAST-3) and income (FW-ROUND-4)."""

from __future__ import annotations

from collections.abc import Collection

from .cards import BUILDING, CARDS, DOMAINS
from .hexmap import MAPS, HexMap
from .state import BASE_INCOME, BUILDING_KIND, MAX_DOMAIN_LEVEL, SITE_KIND, Battle, Figure


def board(state: Battle) -> HexMap:
    return MAPS[state.options.map]


def vision_of(figure: Figure) -> int:
    """A figure's vision radius with its enchantments; a construction site sees nothing."""
    if figure.kind == SITE_KIND:
        return -1
    bonus = sum(int(CARDS[e.card].effect.get("amount", 0)) for e in figure.enchantments
                if CARDS[e.card].effect.get("kind") == "vision")
    return CARDS[figure.card].vision + bonus


def sees(state: Battle, seat: int) -> set[int]:
    """Every space `seat` sees now: within the vision radius of one of its figures."""
    hexes = board(state)
    seen: set[int] = set()
    for space, figure in enumerate(state.figures):
        if figure is not None and figure.owner == seat and figure.kind != SITE_KIND:
            seen.update(hexes.within(space, vision_of(figure)))
    return seen


def revealed(state: Battle, seat: int) -> set[int]:
    """What counts as "revealed" for targeting (FW-CAST-10): seen now, plus everything seen
    before when the option `reveal_memory` is on."""
    now = sees(state, seat)
    if state.options.reveal_memory:
        now.update(state.revealed[seat])
    return now


def building_reach(state: Battle, seat: int, among: Collection[int] | None = None
                   ) -> set[int]:
    """Every space within the vision of one of `seat`'s buildings (only those standing
    `among` the given spaces: what a viewer knows of, fog.known_spaces)."""
    hexes = board(state)
    reach: set[int] = set()
    for space, figure in enumerate(state.figures):
        if figure is not None and figure.owner == seat and figure.kind == BUILDING_KIND and (
                among is None or space in among):
            reach.update(hexes.within(space, vision_of(figure)))
    return reach


def control(state: Battle, seat: int, among: Collection[int] | None = None) -> set[int]:
    """The area of control: within the vision of one of `seat`'s buildings and not within
    the vision of any enemy building (FW-BOARD-3); with `among`, as far as the buildings on
    those spaces tell (what a viewer may know under the fog)."""
    return building_reach(state, seat, among) - building_reach(state, 1 - seat, among)


def wells_held(state: Battle, seat: int, among: Collection[int] | None = None) -> list[int]:
    """The Flux Wells in `seat`'s area of control (FW-BOARD-3; `among` as for control)."""
    area = control(state, seat, among)
    return [w for w in board(state).wells if w in area]


def domain_levels(state: Battle, seat: int) -> dict[str, int]:
    """Per-domain levels from the buildings `seat` has on the map (not sites), each capped
    at MAX_DOMAIN_LEVEL."""
    levels = dict.fromkeys(DOMAINS, 0)
    for figure in state.figures:
        if figure is not None and figure.owner == seat and figure.kind == BUILDING_KIND:
            for domain, n in CARDS[figure.card].gives.items():
                levels[domain] += n
    return {d: min(n, MAX_DOMAIN_LEVEL) for d, n in levels.items()}


def meets_domain(levels: dict[str, int], card_id: str) -> bool:
    """FW-CAST-2: a domain card needs that domain's level, an Unaligned one the sum."""
    found = CARDS[card_id]
    have = sum(levels.values()) if found.domain is None else levels[found.domain]
    return have >= found.level


def income(state: Battle, seat: int, among: Collection[int] | None = None) -> int:
    """Flux gained at the start of a round: 2, plus 1 per Flux Well held, plus World and
    well enchantments (FW-ROUND-4); `among` as for control (the income a view foresees)."""
    held = wells_held(state, seat, among)
    gain = BASE_INCOME + len(held)
    for ench in state.world:
        effect = CARDS[ench.card].effect
        if ench.owner == seat and effect.get("kind") == "income":
            gain += int(effect["amount"])
    for well in held:
        for ench in state.space_enchantments.get(well, []):
            effect = CARDS[ench.card].effect
            if effect.get("kind") == "well_income":
                gain += int(effect["amount"])
    return gain


def bases_of(state: Battle, seat: int) -> list[int]:
    """Spaces of the Bases `seat` has on the map (built, not sites)."""
    return [space for space, f in enumerate(state.figures)
            if f is not None and f.owner == seat and f.kind == BUILDING_KIND
            and CARDS[f.card].base and CARDS[f.card].type == BUILDING]
