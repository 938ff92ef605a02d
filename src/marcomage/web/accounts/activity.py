"""Player activity (C-ACT-1, C-ACT-2): the colour of a player's name."""

from __future__ import annotations

import enum
from datetime import datetime, timedelta

ONLINE = timedelta(minutes=10)
OFFLINE = timedelta(days=7)
INACTIVE = timedelta(days=21)


class Activity(enum.Enum):
    """How recently a player made a request, as the manual's colours name it."""

    ONLINE = "online"  # lime (green on light skins): at most 10 minutes
    OFFLINE = "offline"  # red: at most 7 days
    INACTIVE = "inactive"  # dark red: at most 21 days
    DEAD = "dead"  # gray: more than 21 days

    @property
    def label(self) -> str:
        """What a person reads next to the colour."""
        return {
            "online": "online (active in the last 10 minutes)",
            "offline": "offline (active in the last 7 days)",
            "inactive": "inactive (active in the last 21 days)",
            "dead": "dead (inactive for more than 21 days)",
        }[self.value]


def activity(last_seen: datetime, now: datetime) -> Activity:
    """The activity class of a player last seen at `last_seen` (C-ACT-1).

    >>> from datetime import datetime, timezone
    >>> now = datetime(2010, 1, 22, tzinfo=timezone.utc)
    >>> activity(now - timedelta(minutes=10), now)
    <Activity.ONLINE: 'online'>
    >>> activity(now - timedelta(days=21, seconds=1), now)
    <Activity.DEAD: 'dead'>
    """
    idle = now - last_seen
    if idle <= ONLINE:
        return Activity.ONLINE
    if idle <= OFFLINE:
        return Activity.OFFLINE
    if idle <= INACTIVE:
        return Activity.INACTIVE
    return Activity.DEAD
