"""What the site does when the games section announces an event (core.events).

Both run inside the games section's transaction: the score, the EXP and the messages are
stored with the game's end (or the challenge's answer) or not at all.

- game_finished: scores.services.record_game() applies the awards (score, the four EXP
  phases, level up, bonus deck); then each player whose "Battle report messages" option is
  on gets a battle report (C-EXP-13), and each player who levelled up gets a level-up
  message whatever the option (C-EXP-15: the manual wins over the 2010 engine).
- challenge_answered: the challenger gets "Challenge accepted" or "Challenge rejected" when
  his option is on (C-EXP-14: the manual wins; the 2010 engine sent nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.dispatch import receiver

from marcomage.platform.protocol import Action, Outcome
from marcomage.web.core.events import challenge_answered, game_finished
from marcomage.web.preferences.models import Preferences
from marcomage.web.scores.services import record_game

from . import notices
from .models import Kind
from .services import notify


def wants_reports(user: Any) -> bool:
    """The player's "Battle report messages" option, read fresh from the database."""
    found = Preferences.objects.filter(user_id=user.pk).values_list(
        "battle_reports", flat=True).first()
    return bool(Preferences().battle_reports if found is None else found)


@receiver(game_finished, dispatch_uid="messaging.game_finished")
def on_game_finished(
    sender: Any, *, ruleset: str, state: Any, outcome: Outcome, players: Sequence[Any],
    friendly: bool = False, last: tuple[int, Action] | None = None, **_: Any,
) -> None:
    """Record a MArcomage game's score and EXP, then send battle reports and level-up
    messages (the other game systems' EXP is the scores section's next step)."""
    if ruleset != "marcomage":
        return
    recorded = record_game(state, players, last)
    winner = players[outcome.winners[0]].username if outcome.winners else None
    for seat, done in enumerate(recorded):
        if done.rating is not None and wants_reports(done.user):
            notify(done.user, notices.BATTLE_REPORT, notices.battle_report(
                done.rating, players[1 - seat].username, winner, done.hidden), Kind.REPORT)
        if done.levelled_up:
            notify(done.user, notices.level_up_subject(done.level), notices.level_up(done.level))


@receiver(challenge_answered, dispatch_uid="messaging.challenge_answered")
def on_challenge_answered(
    sender: Any, *, challenger: Any, challenged: Any, accepted: bool, **_: Any,
) -> None:
    """Tell the challenger that his challenge was accepted or rejected (C-EXP-14)."""
    if wants_reports(challenger):
        subject, text = notices.challenge_answer(challenged.username, accepted)
        notify(challenger, subject, text, Kind.REPORT)
