"""Events one site section announces and others act on, so sections stay independent.

Each is a Django signal sent *inside* the transaction that stores the change, so that what the
receivers write (scores, battle reports, notices) is stored with it or not at all.

    game_finished.send(sender=GameModel, game_id=..., ruleset=..., state=..., outcome=...,
                       players=..., friendly=..., last=...)

- `game_finished`: a game of any game system has just ended, by its rules or by surrender,
  abort or finish. `game_id` (int) the site's game; `ruleset` (str) the game system's id
  (`marcomage.games.find_ruleset(ruleset)` gives its awards); `state` the ruleset's finished
  state (opaque: hand it back to the ruleset only); `outcome` the platform `Outcome` (winners
  are 0-based seats); `players` the accounts in seat order (`players[0]` sits in seat 0);
  `friendly` (bool) friendly play, which awards nothing; `last` the final accepted action as
  (seat, action JSON), or None when no action was taken.
- `challenge_answered`: a challenge was accepted or rejected. `challenger`, `challenged` (the
  accounts), `accepted` (bool), `game_id` (int, the game it became, or None when rejected).
"""

from __future__ import annotations

from django.dispatch import Signal

game_finished = Signal()
challenge_answered = Signal()
