"""The battle map (FW-BOARD-1): hex spaces in axial coordinates, each land, forest or
ocean, with Flux Wells and the two starting Bases. A map is data; the default one has radius
3 (37 spaces) and is point-symmetric so that neither seat is favoured."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

LAND, FOREST, OCEAN = "land", "forest", "ocean"
TERRAINS = (LAND, FOREST, OCEAN)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


@dataclass(frozen=True)
class HexMap:
    """Spaces are numbered 0..n-1 in (r, q) order; `bases[seat]` is a space number."""

    id: str
    coords: tuple[tuple[int, int], ...]
    terrain: tuple[str, ...]
    wells: tuple[int, ...]
    bases: tuple[int, int]

    def __len__(self) -> int:
        return len(self.coords)

    @cached_property
    def distance(self) -> tuple[tuple[int, ...], ...]:
        """distance[a][b] in steps between spaces."""
        return tuple(tuple(hex_distance(a, b) for b in self.coords) for a in self.coords)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(b for b in range(len(self)) if self.distance[a][b] == 1)
                     for a in range(len(self)))

    @cached_property
    def _balls(self) -> tuple[tuple[frozenset[int], ...], ...]:
        size = max(max(row) for row in self.distance) + 1
        return tuple(tuple(frozenset(b for b in range(len(self)) if row[b] <= radius)
                           for radius in range(size)) for row in self.distance)

    def within(self, space: int, radius: int) -> frozenset[int]:
        """Every space at most `radius` steps from `space` (none for a negative radius)."""
        balls = self._balls[space]
        if radius < 0:
            return frozenset()
        return balls[min(radius, len(balls) - 1)]

    def label(self, space: int) -> str:
        q, r = self.coords[space]
        return f"({q},{r})"


def hex_map(map_id: str, radius: int, forest: set[tuple[int, int]],
            ocean: set[tuple[int, int]], wells: list[tuple[int, int]],
            bases: tuple[tuple[int, int], tuple[int, int]]) -> HexMap:
    coords = sorted(((q, r) for q in range(-radius, radius + 1)
                     for r in range(-radius, radius + 1) if abs(q + r) <= radius),
                    key=lambda c: (c[1], c[0]))
    index = {c: i for i, c in enumerate(coords)}
    terrain = tuple(FOREST if c in forest else OCEAN if c in ocean else LAND for c in coords)
    return HexMap(map_id, tuple(coords), terrain, tuple(index[w] for w in wells),
                  (index[bases[0]], index[bases[1]]))


def _mirror(cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    return cells | {(-q, -r) for q, r in cells}


DEFAULT_MAP = hex_map(
    "default", 3,
    forest=_mirror({(-2, 1), (-1, 2), (-1, 0)}),
    ocean=_mirror({(0, 3), (1, 2), (2, 1)}),
    wells=[(-3, 0), (0, 0), (3, 0)],
    bases=((-3, 3), (3, -3)),
)
"""Seat 0's Base in the (-3, 3) corner and seat 1's in the opposite one; a Flux Well by each
side of the map three spaces from the nearer Base, and one in the centre."""

MAPS = MappingProxyType({DEFAULT_MAP.id: DEFAULT_MAP})
