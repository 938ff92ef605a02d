"""A player's deck as the platform deck document (PL-SHARED-2): a game system, a format, a
name, card entries and the game's own extra part. Whether it is ready is its ruleset's say."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from marcomage.games import UnknownRuleset, find_ruleset
from marcomage.platform.protocol import DeckDoc, Violation
from marcomage.web.core.widgets import deck_editor_of

NAME_LENGTH = 20  # C-DECK-3


def name_key(name: str) -> str:
    """The form of a name that must be unique among a player's decks of one game system
    (C-DECK-3): letter case and trailing spaces ignored."""
    return name.strip().casefold()


def format_violations(owner: Any, doc: DeckDoc, fmt: str) -> list[Violation]:
    """What a deck of `owner` breaks in format `fmt`: its ruleset's validator, then the
    site's own checks where the game's deck editor widget has them (`owner_violations`:
    Arcana's Collection format takes only cards the owner owns). Raises UnknownRuleset
    for a game the site does not host."""
    game = str(doc.get("game", ""))
    problems = list(find_ruleset(game).validate_deck(doc, fmt))
    editor = deck_editor_of(game)
    check = editor.owner_violations if editor is not None else None
    if check is not None:
        problems += check(owner, doc, fmt)
    return problems


class Deck(models.Model):
    """One deck. `entries` are {"card": id, "count": n} in the owner's order; `extra` is the
    game's own part (MArcomage: {"tokens": [...]} and where its empty slots are)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = models.CharField(max_length=40, db_index=True)
    format = models.CharField(max_length=40)
    name = models.CharField(max_length=NAME_LENGTH)
    name_key = models.CharField(max_length=4 * NAME_LENGTH, editable=False)
    entries = models.JSONField(default=list)
    extra = models.JSONField(default=dict)
    modified = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("id",)
        constraints = (
            models.UniqueConstraint(fields=("owner", "game", "name_key"),
                                    name="deck_name_unique_per_game"),
        )

    def __str__(self) -> str:
        return f"{self.name} ({self.owner}, {self.game})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Keep the uniqueness key in step with the name."""
        self.name_key = name_key(self.name)
        super().save(*args, **kwargs)

    def document(self) -> DeckDoc:
        """The deck as the platform deck document (PL-SHARED-2), detached from the row. A
        game whose deck editor widget has `fill_document(deck, doc)` makes its own parts
        of the document there (Elder Tale: the definitions of the owner's custom cards),
        so what a client stored in `extra` is not taken on trust for validation or play."""
        doc: DeckDoc = {
            "game": self.game, "format": self.format, "name": self.name,
            "entries": [{"card": e["card"], "count": int(e["count"])} for e in self.entries],
            "extra": dict(self.extra),
        }
        editor = deck_editor_of(self.game)
        fill = editor.fill_document if editor is not None else None
        return doc if fill is None else fill(self, doc)

    @property
    def card_count(self) -> int:
        """How many cards the deck holds (copies counted)."""
        return sum(int(entry["count"]) for entry in self.entries)

    @property
    def violations(self) -> list[Violation]:
        """What its ruleset's format validator says against the deck; none means ready."""
        try:
            find_ruleset(self.game)
        except UnknownRuleset:
            return [Violation("game", f"There is no game system {self.game!r} on this site.")]
        return format_violations(self.owner, self.document(), self.format)

    @property
    def ready(self) -> bool:
        """C-DECK-2, PL-SHARED-2: ready for play when its format's validator passes."""
        return not self.violations
