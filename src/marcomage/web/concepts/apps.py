"""The concepts app."""

from django.apps import AppConfig


class ConceptsConfig(AppConfig):
    """Card concepts; lights the bulb icon for concepts a player has not seen."""

    name = "marcomage.web.concepts"
    label = "concepts"
    verbose_name = "Card concepts"

    def ready(self) -> None:
        """Light the bulb for new concepts."""
        from marcomage.web.notifications.registry import register

        from .services import has_new_concepts

        register("concepts", has_new_concepts)
