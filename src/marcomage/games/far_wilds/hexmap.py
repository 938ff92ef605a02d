"""The battle maps (FW-BOARD-1): hex spaces in axial coordinates, each land, forest or
ocean, with Flux Wells and the two starting Bases. Maps are data (data/maps/*.json, checked
when loaded); the default one has radius 3 (37 spaces), and every shipped map is
point-symmetric so that neither seat is favoured."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from types import MappingProxyType
from typing import Any

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
    name: str = ""
    text: str = ""

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

    @cached_property
    def turned(self) -> tuple[int, ...]:
        """turned[s]: the space half a turn about the centre from `s` (the map is a hexagon
        of spaces, so it always exists); on a point-symmetric map it is where the other
        seat's figure stands when the position is mirrored."""
        index = {c: i for i, c in enumerate(self.coords)}
        return tuple(index[(-q, -r)] for q, r in self.coords)

    def label(self, space: int) -> str:
        q, r = self.coords[space]
        return f"({q},{r})"


def hex_map(map_id: str, radius: int, forest: set[tuple[int, int]],
            ocean: set[tuple[int, int]], wells: list[tuple[int, int]],
            bases: tuple[tuple[int, int], tuple[int, int]], name: str = "", text: str = ""
            ) -> HexMap:
    coords = sorted(((q, r) for q in range(-radius, radius + 1)
                     for r in range(-radius, radius + 1) if abs(q + r) <= radius),
                    key=lambda c: (c[1], c[0]))
    index = {c: i for i, c in enumerate(coords)}
    terrain = tuple(FOREST if c in forest else OCEAN if c in ocean else LAND for c in coords)
    return HexMap(map_id, tuple(coords), terrain, tuple(index[w] for w in wells),
                  (index[bases[0]], index[bases[1]]), name or map_id, text)


def map_problems(doc: Any) -> list[str]:
    """Every problem of a map file in words: a whole-number radius from 2 to 6, terrain and
    wells inside the map, no space both forest and ocean, wells and the two Bases on
    distinct land spaces."""
    if not isinstance(doc, Mapping):
        return ["A map is an object."]
    problems: list[str] = []
    for key in ("id", "name", "text"):
        if not isinstance(doc.get(key), str) or not doc.get(key):
            problems.append(f"`{key}` must be a non-empty text.")
    radius = doc.get("radius")
    if type(radius) is not int or not 2 <= radius <= 6:
        return [*problems, "`radius` is a whole number from 2 to 6."]
    cells: dict[str, set[tuple[int, int]]] = {}
    for key in ("forest", "ocean", "wells", "bases"):
        value = doc.get(key)
        if not isinstance(value, list) or not all(
                isinstance(c, list) and len(c) == 2 and all(type(x) is int for x in c)
                for c in value):
            problems.append(f"`{key}` is a list of [q, r] pairs.")
            continue
        cells[key] = {(c[0], c[1]) for c in value}
        outside = [c for c in cells[key] if hex_distance(c, (0, 0)) > radius]
        if outside:
            problems.append(f"`{key}` has spaces outside the map: {sorted(outside)}.")
    if problems:
        return problems
    if cells["forest"] & cells["ocean"]:
        problems.append("A space cannot be both forest and ocean.")
    if len(doc["bases"]) != 2 or len(cells["bases"]) != 2:
        problems.append("A map has two distinct Bases.")
    if not cells["wells"]:
        problems.append("A map has at least one Flux Well.")
    if (cells["wells"] | cells["bases"]) & (cells["forest"] | cells["ocean"]) or (
            cells["wells"] & cells["bases"]):
        problems.append("Wells and Bases stand on distinct land spaces.")
    return problems


def load_map(doc: Mapping[str, Any]) -> HexMap:
    """A checked map file as a HexMap; ValueError listing its problems."""
    problems = map_problems(doc)
    if problems:
        raise ValueError(f"The map {doc.get('id')!r} is not sound: " + " ".join(problems))

    def pairs(key: str) -> list[tuple[int, int]]:
        return [(int(c[0]), int(c[1])) for c in doc[key]]
    bases = pairs("bases")
    return hex_map(str(doc["id"]), int(doc["radius"]), set(pairs("forest")),
                   set(pairs("ocean")), pairs("wells"), (bases[0], bases[1]),
                   name=str(doc["name"]), text=str(doc["text"]))


def point_symmetric(hexes: HexMap) -> bool:
    """Whether the map looks the same turned half a turn about its centre, with the Bases
    swapped: then neither seat is favoured (FW-BOARD-1)."""
    index = {c: i for i, c in enumerate(hexes.coords)}
    turn = [index[(-q, -r)] for q, r in hexes.coords]
    return (all(hexes.terrain[i] == hexes.terrain[turn[i]] for i in range(len(hexes)))
            and {turn[w] for w in hexes.wells} == set(hexes.wells)
            and turn[hexes.bases[0]] == hexes.bases[1])


def _load_maps() -> dict[str, HexMap]:
    folder = resources.files(__package__).joinpath("data/maps")
    found: dict[str, HexMap] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            hexes = load_map(json.loads(entry.read_text("utf-8")))
            found[hexes.id] = hexes
    return found


_MAPS = _load_maps()
DEFAULT_MAP = _MAPS["default"]
"""Seat 0's Base in the (-3, 3) corner and seat 1's in the opposite one; a Flux Well by each
side of the map three spaces from the nearer Base, and one in the centre."""

MAPS = MappingProxyType({DEFAULT_MAP.id: DEFAULT_MAP,
                         **{k: v for k, v in _MAPS.items() if k != DEFAULT_MAP.id}})
"""Every map a battle may be played on (the `map` option), the default first; each is a
file in data/maps (FW-BOARD-1: maps are data)."""
