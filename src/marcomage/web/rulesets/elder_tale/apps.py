"""Elder Tale's widgets as a Django app: its templates and the custom-card collection."""

from django.apps import AppConfig


class ElderTaleWidgetsConfig(AppConfig):
    """The designer, the collection of custom cards and the duel board."""

    name = "marcomage.web.rulesets.elder_tale"
    label = "elder_tale_widgets"
    verbose_name = "Elder Tale"
    default_auto_field = "django.db.models.BigAutoField"
