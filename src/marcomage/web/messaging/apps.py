"""The messaging app."""

from django.apps import AppConfig


class MessagingConfig(AppConfig):
    """Private messages, battle reports and notices; lights the envelope icon."""

    name = "marcomage.web.messaging"
    label = "messaging"
    verbose_name = "Messages"

    def ready(self) -> None:
        """Light the envelope for new messages and listen to the games section's events."""
        from marcomage.web.notifications.registry import register

        from . import receivers  # noqa: F401  (connects the receivers)
        from .services import has_new_messages

        register("messages", has_new_messages)
