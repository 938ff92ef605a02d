"""Statistics: the web/stats app's numbers per game system (cards, games over time) and
per player (results against each opponent, EXP over time)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from marcomage.web.stats import services

from ..auth import need
from ..schemas import REFUSALS, CardStats, Periods, PlayerStats
from .players import _player
from .systems import _system

router = Router(tags=["statistics"])


@router.get("/stats/{game}/cards", response={200: CardStats, **REFUSALS})
def cards(request: HttpRequest, game: str, order: str = "picked") -> Any:
    """Every card seen in a deck of a finished game: how often picked, its results and
    uses; order by picked, win, played or name."""
    need(request, "read")
    ruleset = _system(game)
    table = services.card_table(ruleset.id, order)
    return {"game": ruleset.id, "games": table.games, "seats": table.seats,
            "cards": [{"card": r.card, "name": r.name, "seats": r.seats, "picked": r.picked,
                       "results": r.results, "wins": r.wins, "win_rate": r.win_rate,
                       "uses": dict(zip(table.verbs, r.uses, strict=True))}
                      for r in table.rows]}


@router.get("/stats/{game}/games", response={200: Periods, **REFUSALS})
def games(request: HttpRequest, game: str) -> Any:
    """Finished games per day, week or month, by end type, with their summed rounds."""
    need(request, "read")
    ruleset = _system(game)
    found, ends, unit = services.periods(ruleset.id)
    return {"game": ruleset.id, "unit": unit, "end_types": ends,
            "periods": [{"label": p.label, "games": p.games, "by_end": p.by_end,
                         "rounds": p.rounds} for p in found]}


@router.get("/stats/{game}/players/{name}", response={200: PlayerStats, **REFUSALS})
def player(request: HttpRequest, game: str, name: str) -> Any:
    """A player's results against each opponent and EXP over time in one game system."""
    need(request, "read")
    ruleset = _system(game)
    who = _player(name)
    rows, unit = services.exp_history(who, ruleset.id)
    return {"game": ruleset.id, "player": who.username, "unit": unit,
            "versus": [{"opponent": v.opponent, "wins": v.wins, "losses": v.losses,
                        "draws": v.draws} for v in services.versus(who, ruleset.id)],
            "exp": [{"label": r.label, "level": r.level, "exp": r.exp, "games": r.games}
                    for r in rows]}
