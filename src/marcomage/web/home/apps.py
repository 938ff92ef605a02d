"""The home app."""

from django.apps import AppConfig


class HomeConfig(AppConfig):
    """Home page, help pages and the navigation's template context."""

    name = "marcomage.web.home"
    label = "home"
    verbose_name = "Home"
