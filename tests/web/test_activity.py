"""Activity classes (C-ACT-1) and the middleware that records the last request."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.utils import timezone

from marcomage.web.accounts.activity import Activity, activity
from marcomage.web.accounts.models import User

from .base import BaseTestCase

NOW = datetime(2010, 6, 1, 12, 0, tzinfo=UTC)


class ActivityTestCase(BaseTestCase):
    def test_it_uses_the_manual_thresholds_inclusively(self) -> None:
        cases = [
            (timedelta(minutes=10), Activity.ONLINE),
            (timedelta(minutes=10, seconds=1), Activity.OFFLINE),
            (timedelta(days=7), Activity.OFFLINE),
            (timedelta(days=7, seconds=1), Activity.INACTIVE),
            (timedelta(days=21), Activity.INACTIVE),
            (timedelta(days=21, seconds=1), Activity.DEAD),
        ]
        for idle, expected in cases:
            self.assertEqual(activity(NOW - idle, NOW), expected, idle)

    def test_it_records_the_last_request_of_a_player(self) -> None:
        User.objects.filter(pk=self.alice.pk).update(
            last_activity=timezone.now() - timedelta(days=30)
        )
        self.log_in(self.alice)
        self.client.get("/")
        self.alice.refresh_from_db()
        self.assertLess(timezone.now() - self.alice.last_activity, timedelta(seconds=10))

    def test_it_writes_at_most_once_a_minute(self) -> None:
        recent = timezone.now() - timedelta(seconds=30)
        User.objects.filter(pk=self.alice.pk).update(last_activity=recent)
        self.log_in(self.alice)
        self.client.get("/")
        self.alice.refresh_from_db()
        self.assertEqual(self.alice.last_activity, recent)
