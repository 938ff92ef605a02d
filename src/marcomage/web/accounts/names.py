"""Player name rules (C-SITE-8, C-SITE-1): non-blank, at most 20 characters, unique."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from .lookalike import reserved_lookalike, skeleton, spoofed_latin

NAME_LENGTH = 20
SYSTEM_NAME = "MArcomage"  # C-GEN-7 SYSTEM_NAME, reserved for system messages (C-SITE-1)
COMPUTER_NAME = "Computer"  # the computer opponent's account (issue 11), reserved likewise
RESERVED_NAMES = (SYSTEM_NAME, COMPUTER_NAME)


class InvalidName(ValueError):
    """A player name that breaks the rules; the message says which."""


def name_key(name: str) -> str:
    """The case-insensitive identity of a name: two names with one key are the same player.

    >>> name_key("Alice") == name_key("ALICE")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def clean_name(raw: str) -> str:
    """The name as it will be stored; InvalidName if it breaks a rule other than uniqueness."""
    name = unicodedata.normalize("NFC", raw.strip())
    if not name:
        raise InvalidName("Enter a name.")
    if len(name) > NAME_LENGTH:
        raise InvalidName(
            f"A name has at most {NAME_LENGTH} characters (this one has {len(name)})."
        )
    if any(unicodedata.category(char)[0] == "C" for char in name):
        raise InvalidName("A name cannot contain control or invisible characters.")
    if "/" in name or "\\" in name or not name.strip("."):
        raise InvalidName("A name cannot contain slashes or be made of dots only.")
    for reserved in RESERVED_NAMES:
        if name_key(name) == name_key(reserved):
            raise InvalidName(f"The name {reserved} is reserved.")
    word = reserved_lookalike(name)
    if word is not None:
        raise InvalidName(f"A name cannot look like or contain \u201c{word}\u201d, which the "
                          "site and its staff sign with.")
    if spoofed_latin(name):
        raise InvalidName("A name cannot mix Latin letters with look-alike letters of another "
                          "script.")
    return name


def looks_taken(name: str, taken: Callable[[str], bool]) -> bool:
    """Whether the name reads like an existing player's: `taken(skeleton)` looks it up
    (User.name_skeleton); names that reduce to nothing are left to the other rules."""
    reduced = skeleton(name)
    return bool(reduced) and taken(reduced[:200])


LOOKS_TAKEN = "That name looks like the name of another player; choose another."
