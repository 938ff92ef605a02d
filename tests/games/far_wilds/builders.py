"""Battles built by name for the rule tests: a position on the default map with the
figures, hands, decks and flux a test names, in a round, the given seat to act."""

from __future__ import annotations

from marcomage.games.far_wilds.hexmap import DEFAULT_MAP
from marcomage.games.far_wilds.state import BATTLE, BUILDING_KIND, Battle, Figure, Options, Player
from marcomage.platform.rng import Rng

BASE0, BASE1 = DEFAULT_MAP.bases


def at(q: int, r: int) -> int:
    """The space number of axial coordinates (q, r)."""
    return DEFAULT_MAP.coords.index((q, r))


def battle(hands: tuple[list[str], list[str]] = ([], []),
           decks: tuple[list[str], list[str]] = ([], []),
           figures: dict[int, tuple[int, str, str]] | None = None,
           flux: tuple[int, int] = (10, 10), turn: int = 0, options: Options | None = None,
           bases: bool = True) -> Battle:
    """Round 1 of a battle in progress; `figures` maps a space to (owner, card, kind);
    both starting Bases stand unless `bases` is False."""
    cells: list[Figure | None] = [None] * len(DEFAULT_MAP)
    if bases:
        cells[BASE0] = Figure(0, "warcamp", BUILDING_KIND, dimmed=False)
        cells[BASE1] = Figure(1, "warcamp", BUILDING_KIND, dimmed=False)
    for space, (owner, card, kind) in (figures or {}).items():
        cells[space] = Figure(owner, card, kind, dimmed=False)
    players = [Player(list(hands[s]), list(decks[s]), flux=flux[s], kept=True)
               for s in range(2)]
    return Battle(options or Options(), players, Rng.from_seed(5), cells, phase=BATTLE,
                  round=1, first=turn, turn=turn)
