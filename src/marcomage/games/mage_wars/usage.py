"""Which cards each seat put to use in a finished game (issue 33): the balance lab's per-card
measure for Mage Wars, where every seat plays from one shared pack and so every seat's
"deck" holds every card.

A seat used a card when it completed it (MW-REQ-6: every card with requirements takes
effect only then, whether crafted, cast, brewed, built, raised as a level or a permanent
resource, a meddling spell included; a potion drunk was brewed first) or played a
challenge from its hand or won one (MW-CARD-9: the reward is the challenge's use).
Cards spent only as another card's resources, cards opened and abandoned, curses suffered,
health cards and fate cards drawn are not counted: the seat did not choose them for what
they do, or they never did it. Each card is counted once a seat, however often it was used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARDS
from .crafting import COMPLETES
from .state import GameState

PLAYED = ("play_challenge", "claim")
"""Actions that put the card they name to use directly from the hand or the table."""
BY_NAME = {card.name: card.id for card in CARDS.values()}


def cards_used(state: GameState, events: Sequence[Mapping[str, Any]]) -> list[tuple[str, ...]]:
    """Per seat, the card ids it used (in the order first used), read from the events of
    every move of the game: the public "completes" log lines and the challenge actions."""
    used: list[dict[str, None]] = [{} for _ in state.players]
    for event in events:
        seat = event.get("seat")
        if not isinstance(seat, int) or seat not in range(len(used)):
            continue
        if event.get("type") == "log":
            text = str(event.get("text", ""))
            if text.startswith(COMPLETES):
                used[seat][BY_NAME[text[len(COMPLETES):]]] = None
        elif event.get("type") == "action":
            action = event.get("action", {})
            if action.get("type") in PLAYED:
                used[seat][state.cards[int(action["card"])]] = None
    return [tuple(seat_used) for seat_used in used]
