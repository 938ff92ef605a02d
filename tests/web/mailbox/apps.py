"""The stand-in mailbox app."""

from django.apps import AppConfig


class MailboxConfig(AppConfig):
    """Letters between players, lighting the "messages" icon."""

    name = "tests.web.mailbox"
    label = "mailbox"

    def ready(self) -> None:
        """Register the source of the messages icon, as the real messaging app will."""
        from marcomage.web.notifications.registry import register

        from .models import has_unread

        register("messages", has_unread)
