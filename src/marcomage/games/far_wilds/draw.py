"""The deck, hand and draw (FW-HAND, FW-MULL, FW-CYCLE): Autodraw with its External Cards,
the mulligan and cycling (shuffles are the game's `Rng.shuffle`). Every draw goes through
`draw_one`."""

from __future__ import annotations

from .cards import CARDS
from .sight import bases_of, domain_levels, meets_domain
from .state import Battle, Player


def set_aside_external(player: Player) -> None:
    """FW-HAND-7 (a): every Basic Building copy leaves the deck as an External Card."""
    player.external = [c for c in player.deck if CARDS[c].basic]
    player.deck = [c for c in player.deck if not CARDS[c].basic]


def _gives(card_id: str, domain: str | None) -> bool:
    gives = CARDS[card_id].gives
    return bool(gives) if domain is None else gives.get(domain, 0) > 0


def _take(player: Player, pile: list[str], index: int) -> str:
    card_id = pile.pop(index)
    player.hand.append(card_id)
    return card_id


def autodraw_choice(state: Battle, seat: int) -> tuple[str, int] | None:
    """Where the next Autodraw comes from: ("deck" or "external", index), or None when the
    deck and the External Cards are both empty (FW-HAND-7 b, c, d)."""
    player = state.players[seat]
    levels = domain_levels(state, seat)
    # (b) no Base in play and none in hand: the castable Base nearest the top.
    if not bases_of(state, seat) and not any(CARDS[c].base for c in player.hand):
        for index, card_id in enumerate(player.deck):
            if CARDS[card_id].base and meets_domain(levels, card_id):
                return "deck", index
        for index, card_id in enumerate(player.external):
            if CARDS[card_id].base and meets_domain(levels, card_id):
                return "external", index
    # (c) the first card of the hand whose domain is missing and not castable from hand.
    for card_id in player.hand:
        if meets_domain(levels, card_id):
            continue
        domain = CARDS[card_id].domain
        if any(_gives(h, domain) and meets_domain(levels, h) for h in player.hand):
            continue
        for index, candidate in enumerate(player.deck):
            if _gives(candidate, domain):
                return "deck", index
        for index, candidate in enumerate(player.external):
            if _gives(candidate, domain):
                return "external", index
    # (d) the top card.
    return ("deck", 0) if player.deck else None


def draw_one(state: Battle, seat: int) -> str | None:
    """One draw for `seat`: Autodraw when the option is on, else the top card; an empty
    deck draws nothing (FW-HAND-8)."""
    player = state.players[seat]
    if not state.options.autodraw:
        return _take(player, player.deck, 0) if player.deck else None
    where = autodraw_choice(state, seat)
    if where is None:
        return None
    pile = player.deck if where[0] == "deck" else player.external
    return _take(player, pile, where[1])


def draw(state: Battle, seat: int, count: int) -> int:
    """Up to `count` draws; how many cards came."""
    drawn = 0
    for _ in range(count):
        if draw_one(state, seat) is None:
            break
        drawn += 1
    return drawn


def mulligan(state: Battle, seat: int) -> int:
    """FW-MULL-2, -3: the hand is shuffled into the deck and a hand one card smaller is
    drawn (Autodraw applies, FW-MULL-4); the new hand's size."""
    player = state.players[seat]
    size = len(player.hand) - 1
    player.deck.extend(player.hand)
    player.hand.clear()
    state.rng.shuffle(player.deck)
    draw(state, seat, max(size, 0))
    return len(player.hand)


def cycle(player: Player, card_id: str) -> None:
    """FW-CYCLE-1: the card goes to the bottom of the deck; once a round."""
    player.hand.remove(card_id)
    player.deck.append(card_id)
    player.cycled = True
