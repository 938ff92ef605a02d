"""The forum app."""

from typing import Any

from django.apps import AppConfig


class ForumConfig(AppConfig):
    """Sections, threads and posts; lights the book icon for posts a player has not read."""

    name = "marcomage.web.forum"
    label = "forum"
    verbose_name = "Forum"

    def ready(self) -> None:
        """Light the book for unread posts; forget them all on "Reset notification"."""
        from marcomage.web.core.events import notifications_reset
        from marcomage.web.notifications.registry import register

        from .reading import has_unread_posts, reset

        register("forum", has_unread_posts)

        def on_reset(sender: Any, user: Any, when: Any, **kwargs: Any) -> None:
            reset(user, when)

        notifications_reset.connect(on_reset, weak=False, dispatch_uid="forum-reset")
