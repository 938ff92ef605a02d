"""Seeded MArcomage games with guest cards (card concepts being tried), played by random bots
through the protocol, for the check that they end the same with and without the site
(issue 30). Pure: importing this module loads neither Django nor the site.

`python -m tests.games.marcomage.guest_playout` prints the final hashes as JSON, and fails
if Django was loaded on the way."""

from __future__ import annotations

import json
import sys

from marcomage.games import find_ruleset
from marcomage.games.marcomage.cards import CARDS, RARITY_BY_NAME
from marcomage.platform.bots import RandomBot
from marcomage.platform.protocol import DeckDoc
from marcomage.platform.replay import state_hash

SEEDS = range(1, 7)
CODES = ("attack 12\nme.tower += 6", "enemy.stock -= 8\nproduction all x3",
         "if me.wall < enemy.wall: me.wall = enemy.wall + 5 else: attack me.quarry * 3")


def with_guests(deck: DeckDoc) -> DeckDoc:
    """The deck with its last three common cards played by guest cards of strong effects."""
    commons = [int(e["card"]) for e in deck.get("entries", ())
               if CARDS[int(e["card"])].rarity == RARITY_BY_NAME["Common"]]
    guests = [{"id": carrier, "name": f"Guest {n}", "rarity": "Common", "cost": [1, 0, 0],
               "modes": 0, "keywords": [], "text": code, "code": code}
              for n, (carrier, code) in enumerate(zip(commons[-3:], CODES, strict=True))]
    return {**deck, "extra": {**deck.get("extra", {}), "guests": guests}}


def final_hash(seed: int, guests: bool = True) -> str:
    """The hash of the final state of one seeded game with guests in both decks (or, with
    `guests` false, the same game without them)."""
    ruleset = find_ruleset("marcomage")
    starters = ruleset.starter_decks()
    decks = [starters[seed % 3], starters[(seed + 1) % 3]]
    if guests:
        decks = [with_guests(deck) for deck in decks]
    state = ruleset.new_game(ruleset.options_from_json({}), decks, seed)
    bots = [RandomBot(seed * 2 + seat) for seat in range(2)]
    for _ in range(ruleset.max_steps):
        if ruleset.outcome(state) is not None:
            break
        seat = min(ruleset.to_act(state))
        action = bots[seat].choose(ruleset.view(state, seat), ruleset.legal_actions(state, seat))
        state, _ = ruleset.apply(state, seat, action)
    return state_hash(ruleset, state)


def final_hashes() -> list[str]:
    return [final_hash(seed) for seed in SEEDS]


if __name__ == "__main__":
    hashes = final_hashes()
    if any(name == "django" or name.startswith("marcomage.web") for name in sys.modules):
        raise SystemExit("the plain process loaded Django or the site")
    print(json.dumps(hashes))
