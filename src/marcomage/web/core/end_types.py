"""How a game ended, in words for players: the end types the rulesets and the platform record
("hp", "win_condition", "Surrender", ...) are ids, not text (issue 31)."""

from __future__ import annotations

WORDS: dict[str, str] = {
    "surrender": "Surrender",
    "abort": "Aborted",
    "abandon": "Abandoned",
    "draw": "Draw",
    "hp": "Out of health",
    "knockout": "Knockout",
    "deck_out": "Out of cards",
    "turn_limit": "Turn limit reached",
    "round_limit": "Round limit reached",
    "win_condition": "Victory condition met",
    "glory": "Glory",
}
"""The end types of the five systems and the platform whose id is not a word, by their
lower-case id (MArcomage's "Destruction", "Construction", "Resource", "Timeout" are words:
C-END-6)."""


def end_words(end_type: str) -> str:
    """The end type as a player reads it; an unknown one with its underscores as spaces.
    The case of the id does not matter: MArcomage's "Surrender" and the platform's
    "surrender" are one end."""
    key = (end_type or "").strip().lower()
    return WORDS.get(key) or key.replace("_", " ").capitalize()
