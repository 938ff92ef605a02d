"""Player activity now lives with the accounts (`accounts.activity`), so that the ladder can
colour names without the scores app importing the players app; this name stays for the
games app until it imports `accounts.activity` itself."""

from marcomage.web.accounts.activity import INACTIVE, OFFLINE, ONLINE, Activity, activity

__all__ = ["INACTIVE", "OFFLINE", "ONLINE", "Activity", "activity"]
