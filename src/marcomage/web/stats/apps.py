"""The statistics app."""

from django.apps import AppConfig


class StatsConfig(AppConfig):
    """Card, game and player statistics of every game system, counted as games finish."""

    name = "marcomage.web.stats"
    label = "stats"
    verbose_name = "Statistics"

    def ready(self) -> None:
        """Count every finished game once it is rated."""
        from . import receivers  # noqa: F401
