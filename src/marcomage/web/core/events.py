"""Events one site section announces and others act on, so sections stay independent.

Each is a Django signal sent *inside* the transaction that stores the change, so that what the
receivers write (scores, battle reports, notices) is stored with it or not at all.

- `game_finished` (sent by games; scores listens): a game has just ended, by the rules or by
  surrender, abort or finish::

      game_finished.send(sender=GameModel, game_id=..., ruleset=..., state=..., outcome=...,
                         players=..., friendly=..., last=...)

  `game_id` (int) the site's game; `ruleset` the game system's id ("marcomage"); `state` the
  ruleset's finished state (opaque: only the ruleset and its widgets read it); `outcome` the
  platform `Outcome`; `players` the accounts in seat order (seat 0 first); `friendly` (bool)
  whether the game counts for nothing (C-GAME-10); `last` the final accepted action as
  (seat, action dict), or None when no action was taken.
- `game_rated` (sent by scores once it has stored the game's scores; messaging and decks
  listen): the same `game_id`, `ruleset`, `state`, `outcome`, `players` and `friendly`, and
  `rated`, one `scores.services.Rated` per seat in seat order (the seat's `SeatAward`, its
  level and EXP before and after, whether it levelled up).
- `game_stored` (sent by games; the computer's worker listens): a running game was dealt or
  changed. `game` the `Game` row as stored, its seats' `to_act` up to date.
- `challenge_answered`: a challenge was accepted or rejected. `challenger`, `challenged` (the
  accounts), `accepted` (bool), `game_id` (int, the game it became, or None when rejected).
- `notifications_reset` (sent by notifications; the forum listens): the player pressed "Reset
  notification". `user` the account, `when` the time everything before counts as seen.
- `player_registered` (sent by accounts; decks listens): a person registered through the
  site. `user` the new account.
- `account_closing` (sent by accounts, before anything of the account is removed; games
  listens): the player deletes his account; his running games are surrendered and his open
  challenges withdrawn. `user` the account. Sent outside any transaction: each game ends in
  its own.
- `account_erasing` (sent by accounts inside the deletion's transaction; games, messaging and
  decks listen): remove the player's personal data each section keeps (game notes, messages,
  decks). `user` the account.
"""

from __future__ import annotations

from django.dispatch import Signal

game_finished = Signal()
game_rated = Signal()
game_stored = Signal()
challenge_answered = Signal()
notifications_reset = Signal()
player_registered = Signal()
account_closing = Signal()
account_erasing = Signal()
