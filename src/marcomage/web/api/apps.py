"""The api app: the public JSON API, its tokens and the bot event stream (issue 24)."""

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "marcomage.web.api"
    label = "api"
    verbose_name = "Public API"
    default_auto_field = "django.db.models.BigAutoField"
