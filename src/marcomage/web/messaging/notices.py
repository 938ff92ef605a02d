"""The texts of the system's messages: the generic battle report (a game system's own, such
as MArcomage's C-EXP-13 report, is in its widget folder), challenge answers (C-EXP-14) and
level ups (C-EXP-15). Plain text: templates escape it like any message."""

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


def level_up(level: int, game: str = "") -> str:
    """The level-up message. In the site's main game system it names the bonus game slot
    (every 4th level) and deck slot (every 6th level) when this level brings them (C-EXP-15,
    C-GAME-1, C-DECK-4); in another (`game`, its name) levels bring no slots (PL-SHARED-4)."""
    if game:
        return f"Congratulations, you have reached level {level} in {game}."
    lines = [f"Congratulations, you have reached level {level}."]
    if level % 4 == 0:
        lines.append("You have gained a bonus game slot.")
    if level % 6 == 0:
        lines.append("You have gained a bonus deck slot: a new empty deck is in your decks.")
    return "\n".join(lines)


def challenge_answer(challenged: str, accepted: bool) -> tuple[str, str]:
    """Subject and text of the notice a challenger gets (C-EXP-14)."""
    if accepted:
        return CHALLENGE_ACCEPTED, f"{challenged} has accepted your challenge. The game has begun."
    return CHALLENGE_REJECTED, f"{challenged} has rejected your challenge."
