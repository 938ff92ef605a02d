"""The Far Wilds widgets as a Django app, so that their templates are found."""

from django.apps import AppConfig


class FarWildsWidgetsConfig(AppConfig):
    """The Far Wilds board and replay board."""

    name = "marcomage.web.rulesets.far_wilds"
    label = "far_wilds_widgets"
    verbose_name = "The Far Wilds widgets"
