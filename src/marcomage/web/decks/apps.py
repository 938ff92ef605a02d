"""The decks app."""

from django.apps import AppConfig


class DecksConfig(AppConfig):
    """Decks of every game system (PL-SHARED-2, C-DECK)."""

    name = "marcomage.web.decks"
    label = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        """Give every new player the eight decks of C-DECK-4, and bonus decks on level up."""
        from . import signals  # noqa: F401
