"""MArcomage's system messages: the battle report (C-EXP-13), one player's four EXP phases
from the rating his SeatAward carries and the finished game's modes, and the level-up
message with its bonus slots (C-EXP-15). Plain text: templates escape it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from marcomage.games.marcomage.awards import Rating, Result, deck_slots
from marcomage.games.marcomage.state import OUTCOME_TEXT, EndType
from marcomage.platform.protocol import SeatAward
from marcomage.platform.rating import game_slots
from marcomage.web.core.widgets import Reports

RESULT_TEXT = {Result.WIN: "Victory", Result.DRAW: "Draw", Result.LOSS: "Loss"}
# Phase 1 outcome names, as the manual's table writes them (C-EXP-4).
END_TEXT = {
    EndType.RESOURCE: "Resource accumulation",
    EndType.CONSTRUCTION: "Tower building",
    EndType.DESTRUCTION: "Tower destruction",
    EndType.ABANDON: "Abandon",
    EndType.SURRENDER: "Surrender",
    EndType.TIMEOUT: "Timeout",
}


def percent(modifier: Decimal) -> str:
    """A modifier as the manual writes it: 1.05 → "105%", 0.7 → "70%", 1.375 → "137.5%"."""
    value = (modifier * 100).normalize()
    return f"{value:f}%"


def game_line(rating: Rating) -> str:
    """The phase 1 outcome as in the manual's table, e.g. "Victory - Tower destruction"."""
    if rating.result is Result.DRAW:
        return "Draw"
    return f"{RESULT_TEXT[rating.result]} - {END_TEXT[rating.end_type]}"


def report_text(rating: Rating, opponent: str, winner: str | None, hidden: bool) -> str:
    """One player's report of a finished game: the opponent, the outcome, the winner, the
    hidden-cards mode, each phase's modifier and running EXP, the awards and the gain."""
    awards = ", ".join(award.value for award in rating.awards) or "none"
    lines = [
        f"Opponent: {opponent}",
        f"Outcome: {OUTCOME_TEXT[rating.end_type]}",
        f"Result: {RESULT_TEXT[rating.result]}",
        f"Winner: {winner if winner is not None else 'none (draw)'}",
        f"Hide opponent's cards: {'yes' if hidden else 'no'}",
        "",
        "Base EXP: 100",
        f"Phase 1, game rating ({game_line(rating)}): {percent(rating.game.modifier)}"
        f" = {rating.game.exp} EXP",
        f"Phase 2, opponent rating (your level {rating.level}, opponent's level"
        f" {rating.opponent_level}): {percent(rating.opponent.modifier)}"
        f" = {rating.opponent.exp} EXP",
        f"Phase 3, victory rating ({rating.achievement.text}):"
        f" {percent(rating.victory.modifier)} = {rating.victory.exp} EXP",
    ]
    if rating.result is Result.WIN:
        lines.append(f"Phase 4, awards ({awards}): {percent(rating.award.modifier)}"
                     f" = {rating.award.exp} EXP")
    else:
        lines.append("Phase 4, awards: only the victor collects awards")
    lines += ["", f"Total: you gained {rating.gain} EXP."]
    return "\n".join(lines)


def battle_report(award: SeatAward, opponent: str, winner: str | None, state: Any) -> str | None:
    """The report of a rated seat, or None when the game rated nothing (friendly, aborted)."""
    doc = award.details.get("rating")
    if doc is None:
        return None
    return report_text(Rating.from_json(doc), opponent, winner, bool(state.hidden))


def level_up(level: int) -> str:
    """The level-up message; it names the bonus game slot (every 4th level) and deck slot
    (every 6th level) when this level brings them (C-EXP-15, C-GAME-1, C-DECK-4)."""
    lines = [f"Congratulations, you have reached level {level}."]
    if game_slots(level) > game_slots(level - 1):
        lines.append("You have gained a bonus game slot.")
    if deck_slots(level) > deck_slots(level - 1):
        lines.append("You have gained a bonus deck slot: a new empty deck is in your decks.")
    return "\n".join(lines)


WIDGET = Reports(battle_report=battle_report, level_up=level_up)
"""The system messages as the widget registry hands them out (`core.widgets.reports_of`)."""
