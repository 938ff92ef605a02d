"""Events one site section announces and others act on, so sections stay independent.

Each is a Django signal sent *inside* the transaction that stores the change, so that what the
receivers write (scores, battle reports, notices) is stored with it or not at all.

    game_finished.send(sender=GameModel, game_id=..., state=..., players=..., final_turn=...)

- `game_finished`: a game has just ended, by the rules or by surrender, abort or finish.
  `game_id` (int) the site's game; `state` the finished engine `Game` (its `outcome` is set,
  its `friendly` flag says whether it counts); `players` the two accounts in the engine's seat
  order (`players[0]` is engine player 0); `final_turn` the `rating.FinalTurn` of the last
  turn taken, or None when no turn was taken.
- `challenge_answered`: a challenge was accepted or rejected. `challenger`, `challenged` (the
  accounts), `accepted` (bool), `game_id` (int, the game it became, or None when rejected).
"""

from __future__ import annotations

from django.dispatch import Signal

game_finished = Signal()
challenge_answered = Signal()
