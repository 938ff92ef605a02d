"""The texts of the system's messages: the generic battle report and level-up message (a game
system's own, such as MArcomage's C-EXP-13 report and C-EXP-15 level up, are in its widget
folder) and challenge answers (C-EXP-14). Plain text: templates escape it like any message."""

from __future__ import annotations

BATTLE_REPORT = "Battle report"  # C-EXP-13
CHALLENGE_ACCEPTED = "Challenge accepted"  # C-EXP-14
CHALLENGE_REJECTED = "Challenge rejected"


def battle_report(game: str, result: str, exp: int, opponent: str, winner: str | None) -> str:
    """The platform's report of a rated game, for a game system without its own (PL-SHARED-4):
    the opponents, the result, the winner and the EXP gained."""
    return "\n".join([
        f"Game: {game}",
        f"Opponent: {opponent}",
        f"Result: {result.capitalize()}",
        f"Winner: {winner if winner is not None else 'none (draw)'}",
        "",
        f"Total: you gained {exp} EXP.",
    ])


def level_up_subject(level: int) -> str:
    """ "Level up (N)" (C-EXP-15)."""
    return f"Level up ({level})"


def level_up(level: int, game: str) -> str:
    """The level-up message of a game system without its own (PL-SHARED-4): its levels bring
    no slots (C-EXP-15)."""
    return f"Congratulations, you have reached level {level} in {game}."


def challenge_answer(challenged: str, accepted: bool) -> tuple[str, str]:
    """Subject and text of the notice a challenger gets (C-EXP-14)."""
    if accepted:
        return CHALLENGE_ACCEPTED, f"{challenged} has accepted your challenge. The game has begun."
    return CHALLENGE_REJECTED, f"{challenged} has rejected your challenge."
