"""MArcomage's widgets as a Django app, so that its templates and the `cards` template tag
library are found."""

from django.apps import AppConfig


class MArcomageWidgetsConfig(AppConfig):
    """MArcomage's card face, card database and deck editor."""

    name = "marcomage.web.rulesets.marcomage"
    label = "marcomage_widgets"
    verbose_name = "MArcomage widgets"

