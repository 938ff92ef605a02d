"""What the site's pieces share in the database: the rate-limit counters (rate_limit.py)."""

from __future__ import annotations

from django.db import models


class RateCounter(models.Model):
    """One limit's count for one player, address or API token in its current fixed window,
    kept in the database so that every server process counts together (issue 38)."""

    key = models.CharField(max_length=200, primary_key=True)  # "<limit>|<who>"
    started = models.BigIntegerField()  # the window's start, seconds since the epoch
    count = models.IntegerField()

    def __str__(self) -> str:
        return f"{self.key}: {self.count} since {self.started}"
