"""A side's castle as the game screen draws it: the tower and the wall to scale, with their
heights a round ago for the growing animation (C-CHG-1), the opponent's mirrored."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

GROUND = 170
"""The castle drawing's ground line: one unit of tower or wall is one unit of height, so
both are to scale (tower at most 100, wall at most 150, C-LIM-1)."""


@dataclass(frozen=True)
class Castle:
    """The SVG geometry of one side's tower and wall, with their heights a round ago."""

    tower_x: int
    wall_x: int
    tower: int
    wall: int
    tower_before: int
    wall_before: int

    @property
    def tower_top(self) -> int:
        return GROUND - self.tower

    @property
    def wall_top(self) -> int:
        return GROUND - self.wall

    @property
    def tower_top_before(self) -> int:
        return GROUND - self.tower_before

    @property
    def wall_top_before(self) -> int:
        return GROUND - self.wall_before

    @property
    def roof(self) -> str:
        top = self.tower_top
        return f"{self.tower_x - 5},{top} {self.tower_x + 39},{top} {self.tower_x + 17},{top - 18}"

    @property
    def roof_shift(self) -> int:
        """How far below its place the roof starts, as the tower grows into place."""
        return self.tower - self.tower_before


def castle(side: Mapping[str, Any], mirrored: bool) -> Castle:
    """Tower and wall now and before the last round's change (C-CHG-1), the opponent's
    drawn as a mirror image."""
    tower, wall = int(side["tower"]), int(side["wall"])
    before_t = max(0, min(100, tower - int(side["changes"]["tower"])))
    before_w = max(0, min(150, wall - int(side["changes"]["wall"])))
    return Castle(71 if mirrored else 15, 26 if mirrored else 70, tower, wall, before_t,
                  before_w)
