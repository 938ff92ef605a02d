"""Arcana's widgets as a Django app, so that its board templates are found."""

from django.apps import AppConfig


class ArcanaWidgetsConfig(AppConfig):
    """Arcana's board, computer opponent and help text."""

    name = "marcomage.web.rulesets.arcana"
    label = "arcana_widgets"
    verbose_name = "Arcana widgets"
