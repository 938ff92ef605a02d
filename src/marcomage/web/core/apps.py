"""The core app."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Home page, navigation and the pieces every section shares."""

    name = "marcomage.web.core"
    label = "core"
    verbose_name = "Site"

    def ready(self) -> None:
        """Sockets end with their log-in (sockets.py)."""
        from .sockets import connect_receivers

        connect_receivers()
