"""The players app."""

from django.apps import AppConfig


class PlayersConfig(AppConfig):
    """The players list and player details."""

    name = "marcomage.web.players"
    label = "players"
    verbose_name = "Players"
