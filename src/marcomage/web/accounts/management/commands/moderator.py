"""`python -m django moderator NAME [--revoke]`: make a registered player a moderator."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from marcomage.web.accounts.models import User
from marcomage.web.accounts.names import name_key


class Command(BaseCommand):
    """Grant (or take back) the moderators' console: staff and superuser."""

    help = "Make a registered player a moderator (admin console), or revoke it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="the player's name, any letter case")
        parser.add_argument("--revoke", action="store_true", help="take moderation away")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            user = User.objects.get(username_key=name_key(options["name"]))
        except User.DoesNotExist as missing:
            raise CommandError(f"No player is called {options['name']!r}.") from missing
        granted = not options["revoke"]
        user.is_staff = user.is_superuser = granted
        user.save(update_fields=["is_staff", "is_superuser"])
        verb = "is now" if granted else "is no longer"
        self.stdout.write(f"{user.username} {verb} a moderator.")
