"""A whole game rebuilt from one seat's platform view (PL-SHARED-5 `sample_state`).

Search bots simulate moves on this game instead of the real one, so they cannot learn
what the view hides: unseen opponent cards are guesses, the opponent's deck is a guess,
and the random source is seeded from the bot's own generator.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.platform.rng import Rng

from ..draw import COMMON_ODDS, UNCOMMON_ODDS
from ..serialize import from_json
from ..state import Deck, Game


def guess_card(rng: Rng, deck: Deck) -> int:
    """A card of `deck` by the normal rarity odds (C-DRAW-1)."""
    r = rng.below(100)
    section = deck[0 if r < COMMON_ODDS else 1 if r < UNCOMMON_ODDS else 2]
    return section[rng.below(len(section))]


def sample_game(view: Mapping[str, Any], rng: Rng, opponent_deck: Deck) -> Game:
    """A running game consistent with the seat's view (`MArcomage.view`, seats 0 and 1):
    hidden opponent slots are drawn from `opponent_deck` (a guess), which also stands in
    for his deck."""
    opp = dict(view["opponent"])
    opp["hand"] = [guess_card(rng, opponent_deck) if c is None else c for c in opp["hand"]]
    opp["deck"] = {
        "common": list(opponent_deck[0]), "uncommon": list(opponent_deck[1]),
        "rare": list(opponent_deck[2]),
    }
    p1, p2 = (view["me"], opp) if view["you"] == 0 else (opp, view["me"])
    return from_json({  # the state document numbers its players 1 and 2
        "round": view["round"], "current": view["current"] + 1, "state": view["state"],
        "outcome": None, "modes": view["modes"],
        "rng": Rng.from_seed(rng.next_u32()).to_json(), "p1": p1, "p2": p2,
    })
