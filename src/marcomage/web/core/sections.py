"""The navigation bar: the manual's sections, in menubar order."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    """One entry of the navigation bar."""

    key: str
    title: str
    path: str
    coming: str = ""  # while not built yet: what the page says instead


SECTIONS: tuple[Section, ...] = (
    Section("games", "Games", "/games/"),
    Section("decks", "Decks", "/decks/"),
    Section("players", "Players", "/players/"),
    Section("ladder", "Ladder", "/ladder/"),  # the rating ladder, next to the players list
    Section("messages", "Messages", "/messages/"),
    Section("forum", "Forum", "/forum/", "The forum arrives with its own section."),
    Section("concepts", "Concepts", "/concepts/", "Card concepts arrive with their section."),
    Section("replays", "Replays", "/replays/"),
    Section("stats", "Statistics", "/stats/"),
    Section("settings", "Settings", "/settings/"),
    Section("help", "Help", "/help/"),
)

COMING = {section.key: section for section in SECTIONS if section.coming}


def current(path: str) -> str:
    """The key of the section a URL path belongs to, or ""."""
    for section in SECTIONS:
        if path.startswith(section.path):
            return section.key
    return ""
