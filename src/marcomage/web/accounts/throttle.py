"""Failed log-in slowdown: after a few failures each new try must wait, longer every time.

A name may fail FREE_FAILURES times and an address FREE_FAILURES_PER_ADDRESS times at no cost;
past that the next try waits 2, 4, 8 … seconds, at most MAX_WAIT. A quiet spell of FORGET
forgets the failures, and a successful log-in forgets those of the name.

The counter is taken before the password is checked (`attempt`): in one transaction that
locks the counters' rows (BEGIN IMMEDIATE on SQLite, SELECT … FOR UPDATE on PostgreSQL), a try
that must wait is refused and any other is counted as a failure at once; a right password
then gives the count back (`succeeded`). So 50 parallel tries on one name check the password
at most FREE_FAILURES times, and a right password in the middle of a burst is refused too.
A try refused while a counter is locked restarts that counter's wait (without counting a
failure): a burst that goes on longer than the wait checks no more passwords until it has
been quiet for the whole wait (issue 38: a burst lasting past the 2 s lock checked 5 to 9).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .models import LoginFailure
from .names import name_key

FREE_FAILURES = 5
FREE_FAILURES_PER_ADDRESS = 20
MAX_WAIT = timedelta(minutes=15)
FORGET = timedelta(hours=1)


def keys(username: str, address: str | None) -> list[str]:
    """The counters one log-in attempt touches: its name and its client address."""
    found = [f"name:{name_key(username)[:100]}"]
    if address:
        found.append(f"addr:{address[:100]}")
    return found


def _free(key: str) -> int:
    return FREE_FAILURES_PER_ADDRESS if key.startswith("addr:") else FREE_FAILURES


def delay_after(failures: int, free: int) -> timedelta:
    """How long to wait after this many failures.

    >>> delay_after(5, 5), delay_after(6, 5)
    (datetime.timedelta(seconds=2), datetime.timedelta(seconds=4))
    """
    if failures < free:
        return timedelta(0)
    return min(timedelta(seconds=2 ** min(failures - free + 1, 20)), MAX_WAIT)


def wait(counter_keys: list[str], now: datetime | None = None) -> int:
    """Seconds the caller must still wait before trying again (0: go ahead)."""
    now = now or timezone.now()
    longest = 0.0
    for row in LoginFailure.objects.filter(key__in=counter_keys):
        if now - row.last_failure > FORGET:
            continue
        until = row.last_failure + delay_after(row.failures, _free(row.key))
        longest = max(longest, (until - now).total_seconds())
    return int(longest + 0.999)


def _counted(row: LoginFailure, now: datetime) -> int:
    return 1 if now - row.last_failure > FORGET else row.failures + 1


def attempt(counter_keys: list[str], now: datetime | None = None) -> int:
    """Take a try atomically: the seconds to wait (nothing counted), or 0 when the try may
    check its password and has been counted as a failure already."""
    now = now or timezone.now()
    with transaction.atomic():
        LoginFailure.objects.bulk_create(
            [LoginFailure(key=key, failures=0, last_failure=now) for key in counter_keys],
            ignore_conflicts=True,
        )
        rows = list(LoginFailure.objects.select_for_update().filter(key__in=counter_keys))
        longest = 0.0
        for row in rows:
            if now - row.last_failure > FORGET:
                continue
            until = row.last_failure + delay_after(row.failures, _free(row.key))
            longest = max(longest, (until - now).total_seconds())
        if longest > 0:
            # The refused try restarts the wait of every locked counter (issue 38).
            for row in rows:
                if (row.last_failure < now and now - row.last_failure <= FORGET
                        and row.last_failure + delay_after(row.failures, _free(row.key)) > now):
                    LoginFailure.objects.filter(key=row.key).update(last_failure=now)
            return int(longest + 0.999)
        for row in rows:
            LoginFailure.objects.filter(key=row.key).update(
                failures=_counted(row, now), last_failure=now)
    return 0


def succeeded(counter_keys: list[str]) -> None:
    """A right password after `attempt`: forget the name's failures and give the address
    back the try it was counted."""
    with transaction.atomic():
        for key in counter_keys:
            if key.startswith("name:"):
                LoginFailure.objects.filter(key=key).delete()
            else:
                LoginFailure.objects.filter(key=key, failures__gt=0).update(
                    failures=F("failures") - 1)


def record_failure(counter_keys: list[str], now: datetime | None = None) -> None:
    """Count one more failure on each counter."""
    now = now or timezone.now()
    with transaction.atomic():
        for key in counter_keys:
            row, created = LoginFailure.objects.get_or_create(
                key=key, defaults={"failures": 1, "last_failure": now}
            )
            if created:
                continue
            if now - row.last_failure > FORGET:
                LoginFailure.objects.filter(key=key).update(failures=1, last_failure=now)
            else:
                LoginFailure.objects.filter(key=key).update(
                    failures=F("failures") + 1, last_failure=now
                )


def forget(username: str) -> None:
    """A successful log-in clears the name's counter."""
    LoginFailure.objects.filter(key=keys(username, None)[0]).delete()
