"""`manage.py verify_replays` (and `marcomage replay verify-all`): re-simulate every finished
game in the database and check every state hash (PL-STATE-3)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from marcomage.web.replays.services import verify_all_finished


class Command(BaseCommand):
    help = ("Re-simulate every finished game from its seed and check every step's hash; "
            "exit status 1 when any replay has drifted or is stale.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--verbose-games", action="store_true",
                            help="print a line for every game, not only the failing ones")

    def handle(self, *args: Any, **options: Any) -> None:
        counts: dict[str, int] = {}
        for check in verify_all_finished():
            report = check.report
            counts[report.status] = counts.get(report.status, 0) + 1
            if options["verbose_games"] or not check.ok:
                self.stdout.write(f"{report.status.upper()}: game {check.game_id}: "
                                  f"{report.message}")
        total = sum(counts.values())
        summary = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
        self.stdout.write(f"{total} finished game{'s' if total != 1 else ''} checked"
                          + (f": {summary}" if summary else "") + ".")
        failed = total - counts.get("ok", 0)
        if failed:
            raise CommandError(f"{failed} replay{'s' if failed != 1 else ''} did not "
                               f"reproduce their hashes.", returncode=1)
