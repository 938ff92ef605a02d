"""Which cards each seat held early in a game (issue 33): the balance lab's per-card measure
for Mage Wars, where every seat plays from one shared pack and so every seat's "deck" holds
every card.

The honest analogue of "the decks that hold a card" in a shared-pack game is the cards a
seat was dealt by the shuffle: a seat held a card early when it was among its health cards
or in its hand at any point of the first `EARLY_ROUNDS` rounds (two) while every mage was
still alive and in the game. Health is dealt at the start (MW-HEALTH-1) and a health card
taken into the hand was held already; the hand fills from the fate draws and their effects
(MW-TURN-1). The window closes for every seat at once (at the end of round `EARLY_ROUNDS`,
or at the first death or departure), so a seat that lives longer does not hold more:
whether a seat holds a card is decided by the shuffle, not by how long it lasted. Counting
the cards a seat *completed* (`cards_used`) instead favours every card, because a seat that
lives longer completes more; that measure is kept for comparison
(tests/lab/test_card_held_early.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARDS
from .crafting import COMPLETES
from .engine import perform
from .state import GameState

EARLY_ROUNDS = 2
"""The window of `cards_held_early`: rounds 1 and 2, two whole turns of every seat. By then
a seat has held about 12 cards (its health and some 6 drawn), enough to tell cards apart,
and a mage has died in about 3 of 100 games of the search bots (which last 7 to 11 rounds),
so nearly every game has a full window. A third round lets in more of what a seat drew by
its own choices (the draw effects of the cards it completed): on 150 seeded 3-seat games the
mean over cards drifted from +0.3 points (2 rounds) to +1.8 (3 rounds; +3.1 counting the
hand alone), where counting use gave +6.6."""
PLAYED = ("play_challenge", "claim")
"""Actions that put the card they name to use directly from the hand or the table."""
BY_NAME = {card.name: card.id for card in CARDS.values()}


def window_open(state: GameState, rounds: int) -> bool:
    """Is the window still open: within `rounds`, no outcome, every mage alive and seated?"""
    return (state.outcome is None and state.round <= rounds
            and all(p.alive and not p.left for p in state.players))


def cards_held_early(start: GameState, events: Sequence[Mapping[str, Any]],
                     rounds: int = EARLY_ROUNDS) -> list[tuple[str, ...]]:
    """Per seat, the card ids it held early (in the order first held): the game is replayed
    from its `start` with the actions among `events` (the engine is deterministic), and each
    seat's health and hand are read before the first action and after every action while
    the window is open. Each card is counted once a seat."""
    held: list[dict[str, None]] = [{} for _ in start.players]
    state = start.clone()
    actions = (e for e in events if e.get("type") == "action")
    while window_open(state, rounds):
        for seat, player in enumerate(state.players):
            for iid in (*player.health, *player.hand):
                held[seat][state.cards[iid]] = None
        event = next(actions, None)
        if event is None:
            break
        state.news = []
        perform(state, int(event["seat"]), dict(event["action"]))
    return [tuple(seat_held) for seat_held in held]


def cards_used(state: GameState, events: Sequence[Mapping[str, Any]]) -> list[tuple[str, ...]]:
    """Per seat, the card ids it used (in the order first used), read from the events of
    every move of the game: the public "completes" log lines and the challenge actions.

    A seat used a card when it completed it (MW-REQ-6) or played a challenge from its hand
    or won one (MW-CARD-9). The lab does not count this (a seat that lives longer completes
    more cards, whatever the card); it is the comparison that shows `cards_held_early`
    free of that drift."""
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
