"""The scores app."""

from django.apps import AppConfig


class ScoresConfig(AppConfig):
    """Each player's wins, losses, draws, EXP and level, per game system."""

    name = "marcomage.web.scores"
    label = "scores"
    verbose_name = "Scores"

    def ready(self) -> None:
        """Give every new player a score row; record every finished game."""
        from . import receivers, signals  # noqa: F401
