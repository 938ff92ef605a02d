"""The notifications app."""

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """Notification icons, their sources, and the real-time channel."""

    name = "marcomage.web.notifications"
    label = "notifications"
    verbose_name = "Notifications"
