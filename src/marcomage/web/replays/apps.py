"""The replays app."""

from django.apps import AppConfig


class ReplaysConfig(AppConfig):
    """Every finished game as a replay: the list, the step-by-step viewer, the JSON export."""

    name = "marcomage.web.replays"
    label = "replays"
    verbose_name = "Replays"
