"""Account deletion (issue 23): the player goes, the games stay.

Finished games, replays, ladder scores and statistics are kept (the opponent's record and
the site's statistics need them) but name only "deleted-<id>". Everything personal goes:
the name, the profile and avatar, the preferences, the messages sent and received, the game
notes, the decks. Running games are surrendered and open challenges withdrawn, so nobody
waits for a player who will not come back. The account cannot log in again (no usable
password, inactive); the new password hash voids its sessions and closes its sockets.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from marcomage.web.core.events import account_closing, account_erasing
from marcomage.web.preferences.models import Preferences, Profile
from marcomage.web.preferences.services import remove_avatar

from .models import User


def deleted_name(user_id: int) -> str:
    """The name a deleted player's games show."""
    return f"deleted-{user_id}"


def delete_account(user: Any) -> None:
    """Anonymise the player and remove his personal data; keep games and statistics. The
    sections that keep something of his do their part on `account_closing` (games: running
    games surrendered, challenges withdrawn) and `account_erasing` (game notes, messages,
    decks), so that accounts imports none of them."""
    account_closing.send(sender=User, user=user)
    remove_avatar(user)
    with transaction.atomic():
        account_erasing.send(sender=User, user=user)
        Profile.objects.filter(user=user).delete()
        Preferences.objects.filter(user=user).delete()
        user.username = deleted_name(user.pk)
        user.set_unusable_password()
        user.is_active = user.is_staff = user.is_superuser = False
        user.save()  # a new password hash: every session of the account is void now
