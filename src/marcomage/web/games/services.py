"""The Games section's public face for the rest of the site: challenges, hosting, joining,
actions, ending, leaving, chat and notes, and the lists, for every game system. Each
concern lives in its own module and is re-exported here, so other apps need one import:

- `lobby`: choosing a system, deck and options; challenges, hosted games, slots, the deal;
- `play`: the one write path (`store`), a seat's action, surrender, abort, finish, leave;
- `chat`: a game's chat and the players' notes;
- `queries`: reads (a game, its state, slots, activity, the lists and the icon);
- `errors`: `GameError` and its kinds, each refusal saying why in a player's words.

Views are thin; every refusal raises `GameError` and leaves the database unchanged. The
rules come only through the platform protocol (`ruleset_of(game)`). A test that replaces a
function replaces it in the module that defines it (e.g. `lobby.new_seed`).
"""

from __future__ import annotations

from .chat import LEFT_TEXT, post_chat, save_note
from .ends import FINISH_AFTER, EndOptions, end_options
from .errors import GameError, NotFound, StaleVersion
from .lobby import (
    RANDOM_DECK,
    Choice,
    accept,
    challenge,
    choose_deck,
    choose_system,
    deal,
    host,
    join,
    new_seed,
    option_fields,
    reject,
    unhost,
    withdraw,
)
from .play import (
    abort,
    act,
    act_on_form,
    apply_action,
    finish,
    leave,
    store,
    surrender,
)
from .queries import (
    OPEN,
    STARTED,
    challenges_from,
    challenges_to,
    dead,
    find_game,
    free_slots,
    game_state,
    hosted_by,
    initiated,
    new_challenge,
    next_game,
    online,
    open_games,
    outcome_of,
    player_by_name,
    ruleset_of,
    total_slots,
    used_slots,
    visible_games,
    your_turn,
    your_turn_anywhere,
)

__all__ = [
    "FINISH_AFTER",
    "LEFT_TEXT",
    "OPEN",
    "RANDOM_DECK",
    "STARTED",
    "Choice",
    "EndOptions",
    "GameError",
    "NotFound",
    "StaleVersion",
    "abort",
    "accept",
    "act",
    "act_on_form",
    "apply_action",
    "challenge",
    "challenges_from",
    "challenges_to",
    "choose_deck",
    "choose_system",
    "dead",
    "deal",
    "end_options",
    "find_game",
    "finish",
    "free_slots",
    "game_state",
    "host",
    "hosted_by",
    "initiated",
    "join",
    "leave",
    "new_challenge",
    "new_seed",
    "next_game",
    "online",
    "open_games",
    "option_fields",
    "outcome_of",
    "player_by_name",
    "post_chat",
    "reject",
    "ruleset_of",
    "save_note",
    "store",
    "surrender",
    "total_slots",
    "unhost",
    "used_slots",
    "visible_games",
    "withdraw",
    "your_turn",
    "your_turn_anywhere",
]
