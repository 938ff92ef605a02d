"""The fog of war (FARWILDS.md "Views", "Fog"): which figures a viewer may know of, and a
redraw of what stands where it cannot see, for the conformance suite's check that views
and legal actions tell nothing of the fog (PL-VIEW-1, PL-SHARED-6, issue 38)."""

from __future__ import annotations

from marcomage.platform.rng import Rng

from .cards import CARDS
from .hexmap import OCEAN
from .sight import board, sees
from .state import CREATURE_KIND, Battle, Enchant, Figure


def known_spaces(state: Battle, viewer: int | None, seen: set[int] | None = None
                 ) -> set[int] | None:
    """The spaces whose figures `viewer` may know of: those it sees now (`seen`, when the
    caller has it) and those of its own figures (its construction sites see nothing); None
    for everything (the replay view, or a battle without fog)."""
    if viewer is None or not state.options.fog:
        return None
    own = {space for space, f in enumerate(state.figures) if f is not None and f.owner == viewer}
    return (sees(state, viewer) if seen is None else seen) | own


def _fits(state: Battle, figure: Figure, space: int) -> bool:
    """Whether the figure could stand on the space: no building, site or walking creature
    on the ocean (FW-CAST-6)."""
    if board(state).terrain[space] != OCEAN:
        return True
    found = CARDS[figure.card]
    return figure.kind == CREATURE_KIND and (found.swims or found.aloft)


def _fits_enchantment(state: Battle, ench: Enchant, space: int) -> bool:
    spec = CARDS[ench.card].target
    hexes = board(state)
    if spec.well and space not in hexes.wells:
        return False
    return not spec.terrain or hexes.terrain[space] in spec.terrain


def resample_fog(state: Battle, viewer: int | None, rng: Rng) -> Battle:
    """A copy of the battle where the other side's figures (with their enchantments) and
    space enchantments out of `viewer`'s sight stand on other spaces out of its sight that
    fit them, drawn with `rng`; what the viewer sees, and all that is its own, stays."""
    after = state.clone()
    known = known_spaces(state, viewer)
    if known is None:
        return after
    hidden = [s for s in range(len(after.figures)) if s not in known]
    figures: list[tuple[int, Figure]] = []
    for space in hidden:
        figure = after.figures[space]
        if figure is not None:
            figures.append((space, figure))
            after.figures[space] = None
    for _, figure in figures:
        free = [s for s in hidden if after.figures[s] is None and _fits(after, figure, s)]
        if not free:  # the ones drawn first took every space that fits this one: keep all
            for space in hidden:
                after.figures[space] = None
            for space, each in figures:
                after.figures[space] = each
            break
        after.figures[free[rng.below(len(free))]] = figure
    enchantments: list[Enchant] = []
    for space in hidden:
        mine = [e for e in after.space_enchantments.get(space, []) if e.owner == viewer]
        enchantments += [e for e in after.space_enchantments.get(space, [])
                         if e.owner != viewer]
        if mine:
            after.space_enchantments[space] = mine
        else:
            after.space_enchantments.pop(space, None)
    for ench in enchantments:
        fitting = [s for s in hidden if _fits_enchantment(after, ench, s)]
        after.space_enchantments.setdefault(fitting[rng.below(len(fitting))], []).append(ench)
    return after
