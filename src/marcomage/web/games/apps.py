"""The games app."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Challenges, hosted games, playing (through the engine) and the in-game chat."""

    name = "marcomage.web.games"
    label = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Light the crossed swords when it is the player's turn in any game."""
        from marcomage.web.notifications.registry import register

        from .services import your_turn_anywhere

        register("games", your_turn_anywhere)
