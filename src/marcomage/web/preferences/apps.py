"""The preferences app (the site's "Settings" section)."""

from django.apps import AppConfig


class PreferencesConfig(AppConfig):
    """Per-player profile and settings."""

    name = "marcomage.web.preferences"
    label = "preferences"
    verbose_name = "Settings"

    def ready(self) -> None:
        """Give every new player a profile and default settings."""
        from . import signals  # noqa: F401
