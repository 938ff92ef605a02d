"""The decks app."""

from django.apps import AppConfig


class DecksConfig(AppConfig):
    """Decks of 45 cards (C-DECK) and the card database."""

    name = "marcomage.web.decks"
    label = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        """Give every new player the eight decks of C-DECK-4."""
        from . import signals  # noqa: F401
