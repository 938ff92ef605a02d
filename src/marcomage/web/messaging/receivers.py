"""What messaging does when other sections announce events (core.events).

Both run inside the games section's transaction: the messages are stored with the game's end
(or the challenge's answer) or not at all.

- game_rated (scores has stored a finished game's scores and EXP): each player whose "Battle
  report messages" option is on gets a battle report of a rated game (C-EXP-13; the game's
  own report from its widget folder, MArcomage's four phases, else the platform's short
  one), and each player who levelled up gets a level-up message whatever the option (C-EXP-15:
  the manual wins over the 2010 engine).
- challenge_answered: the challenger gets "Challenge accepted" or "Challenge rejected" when
  his option is on (C-EXP-14: the manual wins; the 2010 engine sent nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Q
from django.dispatch import receiver

from marcomage.games import find_ruleset
from marcomage.platform.protocol import Outcome, State
from marcomage.web.core.events import account_erasing, challenge_answered, game_rated
from marcomage.web.core.widgets import reports_of
from marcomage.web.preferences.models import Preferences

from . import notices
from .models import Kind, Message
from .services import notify


def wants_reports(user: Any) -> bool:
    """The player's "Battle report messages" option, read fresh from the database."""
    found = Preferences.objects.filter(user_id=user.pk).values_list(
        "battle_reports", flat=True).first()
    return bool(Preferences().battle_reports if found is None else found)


def _report(ruleset: str, rated: Any, players: Sequence[Any], winner: str | None,
            state: State) -> str | None:
    """The seat's battle report: the game's own when its widgets have one."""
    opponent = ", ".join(p.username for seat, p in enumerate(players) if seat != rated.seat)
    reports = reports_of(ruleset)
    if reports is not None:
        return reports.battle_report(rated.award, opponent, winner, state)
    return notices.battle_report(find_ruleset(ruleset).name, rated.award.result,
                                 rated.award.exp, opponent, winner)


def _level_up(ruleset: str, level: int) -> str:
    """The level-up message: the game's own when its widgets have one."""
    reports = reports_of(ruleset)
    if reports is not None:
        return reports.level_up(level)
    return notices.level_up(level, find_ruleset(ruleset).name)


@receiver(game_rated, dispatch_uid="messaging.game_rated")
def on_game_rated(
    sender: Any, *, ruleset: str, state: State, outcome: Outcome, players: Sequence[Any],
    friendly: bool, rated: Sequence[Any], **_: Any,
) -> None:
    """Send battle reports and level-up messages."""
    winner = ", ".join(players[seat].username for seat in outcome.winners) or None
    counts = not friendly and outcome.end_type != "abort"
    for seat in rated:
        if counts and wants_reports(seat.user):
            text = _report(ruleset, seat, players, winner, state)
            if text is not None:
                notify(seat.user, notices.BATTLE_REPORT, text, Kind.REPORT)
        if seat.levelled_up:
            notify(seat.user, notices.level_up_subject(seat.level),
                   _level_up(ruleset, seat.level))


@receiver(challenge_answered, dispatch_uid="messaging.challenge_answered")
def on_challenge_answered(
    sender: Any, *, challenger: Any, challenged: Any, accepted: bool, **_: Any,
) -> None:
    """Tell the challenger that his challenge was accepted or rejected (C-EXP-14)."""
    if wants_reports(challenger):
        subject, text = notices.challenge_answer(challenged.username, accepted)
        notify(challenger, subject, text, Kind.REPORT)


@receiver(account_erasing, dispatch_uid="messaging.account_erasing")
def erase_messages(sender: Any, *, user: Any, **_: Any) -> None:
    """A deleted account's messages, sent and received, go (issue 23)."""
    Message.objects.filter(Q(author=user) | Q(recipient=user)).delete()
