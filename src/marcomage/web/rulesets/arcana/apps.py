"""Arcana's widgets as a Django app, so that its board templates are found, and its
collection, store and binder (issue 34) have their models."""

from django.apps import AppConfig


class ArcanaWidgetsConfig(AppConfig):
    """Arcana's board, computer opponent, help text, and the store with its collection."""

    name = "marcomage.web.rulesets.arcana"
    label = "arcana_widgets"
    verbose_name = "Arcana widgets"

    def ready(self) -> None:
        """Pay the players of finished Arcana games (receivers.py)."""
        from . import receivers  # noqa: F401
