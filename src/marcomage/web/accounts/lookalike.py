"""Names that only look like others: the reserved senders, and Latin spoofed with homoglyphs.

A message from "MАrcomage" (Cyrillic А) or "Cоmputer (easy)" must not pass for a system
notice or the computer opponent, nor "Marcomagé" or "Alïce" for the site or for another
player (issue 38). A name is reduced to its look-alike skeleton: NFKC and case folding,
accents and other combining marks dropped (NFD), every character that Unicode's
confusables table (confusable-homoglyphs) lists as looking like a Latin letter replaced by
that letter, a few digit and letter pairs
that read alike (0/o, 1/l, rn/m) folded, and everything but letters and digits dropped. A
skeleton that contains the skeleton of a reserved word is refused, and so is one equal to
an existing player's (`User.name_skeleton`); so is a name that mixes Latin letters with
letters of another script that look like Latin ones.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

RESERVED_WORDS = ("marcomage", "computer", "system", "moderator", "administrator", "deleted")
"""Words no player name may look like or contain: the system sender (C-SITE-1), the
computer opponent, the words a notice from the site or its staff would be signed with, and
the names deleted accounts get (accounts/deletion.py)."""
READ_ALIKE = (("rn", "m"), ("vv", "w"), ("0", "o"), ("1", "l"), ("|", "l"), ("!", "l"))


def _latin_look(char: str) -> str:
    """The Latin letter `char` looks like, or `char` itself."""
    if char.isascii():
        return char
    found = confusables.is_confusable(char, greedy=True, preferred_aliases=["latin"])
    for entry in found or ():
        for glyph in entry["homoglyphs"]:
            if glyph["c"].isascii() and glyph["c"].isalnum():
                return str(glyph["c"])
    return char


def skeleton(name: str) -> str:
    """The name reduced to how it reads.

    >>> skeleton("MАrcomage") == skeleton("marcomage") == skeleton("M a r c o m a g e")
    True
    >>> skeleton("C0mputer (easy)"), skeleton("Compute\u0155")
    ('computereasy', 'computer')
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    folded = "".join(char for char in unicodedata.normalize("NFD", folded)
                     if not unicodedata.combining(char))
    text = "".join(_latin_look(char) for char in folded).casefold()
    for seen, reads in READ_ALIKE:
        text = text.replace(seen, reads)
    return "".join(char for char in text if char.isalnum())


def reserved_lookalike(name: str) -> str | None:
    """The reserved word the name looks like or contains, or None."""
    reduced = skeleton(name)
    for word in RESERVED_WORDS:
        if skeleton(word) in reduced:
            return word
    return None


def spoofed_latin(name: str) -> bool:
    """Whether Latin letters are mixed with other-script letters that look like Latin ones
    ("Cоmputer", "аlice"); names in one script, or Latin beside a script that does not
    imitate it, are fine."""
    letters = [char for char in name if char.isalpha()]
    if not any(char.isascii() for char in letters):
        return False
    return any(not char.isascii() and "LATIN" not in unicodedata.name(char, "")
               and _latin_look(char) != char for char in letters)
