"""A whole game rebuilt from one player's view (PL-SHARED-5 `sample_state`).

Search bots simulate moves on this game instead of the real one, so they cannot learn
what the view hides: unseen opponent cards are guesses, the opponent's deck is a guess,
and the random source is seeded from the bot's own generator.
"""

from __future__ import annotations

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


def sample_game(doc: dict[str, Any], rng: Rng, opponent_deck: Deck) -> Game:
    """A game consistent with the view `doc`: hidden opponent slots are drawn from
    `opponent_deck` (a guess), which also stands in for his deck."""
    opp = dict(doc["opponent"])
    opp["hand"] = [guess_card(rng, opponent_deck) if c is None else c for c in opp["hand"]]
    opp["deck"] = {
        "common": list(opponent_deck[0]), "uncommon": list(opponent_deck[1]),
        "rare": list(opponent_deck[2]),
    }
    p1, p2 = (doc["me"], opp) if doc["you"] == 1 else (opp, doc["me"])
    return from_json({
        "round": doc["round"], "current": doc["current"], "state": doc["state"],
        "outcome": doc["outcome"], "modes": doc["modes"],
        "rng": Rng.from_seed(rng.next_u32()).to_json(), "p1": p1, "p2": p2,
    })
