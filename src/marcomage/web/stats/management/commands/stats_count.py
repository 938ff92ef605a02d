"""`manage.py stats_count`: add every finished game not counted yet to the statistics."""

from typing import Any

from django.core.management.base import BaseCommand

from marcomage.web.stats.counting import count_missing


class Command(BaseCommand):
    help = "Add finished games that are not counted yet to the statistics."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"games counted now: {count_missing()}")
