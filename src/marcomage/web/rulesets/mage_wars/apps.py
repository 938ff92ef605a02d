"""Mage Wars' widgets as a Django app, so that its board templates are found."""

from django.apps import AppConfig


class MageWarsWidgetsConfig(AppConfig):
    """The Mage Wars board and replay templates."""

    name = "marcomage.web.rulesets.mage_wars"
    label = "mage_wars_widgets"
    verbose_name = "Mage Wars widgets"
