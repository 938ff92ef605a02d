"""How an Arcana duel is lost: HP run out (AR-END-1, AR-END-2), a draw from an empty deck
(AR-START-5: a loss when that option is on, else HP lost), and the outcome that closes the
duel."""

from __future__ import annotations

from marcomage.platform.ending import knockout
from marcomage.platform.protocol import Outcome

from .field import log, who
from .state import MULLIGAN, OVER, Game


def draw(g: Game, seat: int, n: int = 1) -> None:
    """Draw n; an empty deck skips the draw (AR-START-5) or loses (`deck_out_loses`)."""
    p = g.players[seat]
    for _ in range(n):
        if not p.deck:
            if g.options.deck_out_loses and g.phase != MULLIGAN:
                finish(g, Outcome("win", (1 - seat,), "deck_out", g.turn))
            return
        p.hand.append(p.deck.pop())


def empty_draw(g: Game, seat: int) -> None:
    """The Draw phase of a player whose deck is empty (AR-START-5, our reading since ruleset
    version 4): no card, and `empty_deck_hp` HP lost, logged, so that a duel whose board
    neither player can change any more still ends by HP, not at TURN_LIMIT."""
    if g.options.empty_deck_hp:
        change_hp(g, seat, -g.options.empty_deck_hp, "an empty deck at the draw")
        check_hp(g)


def finish(g: Game, outcome: Outcome) -> None:
    """Close the duel with `outcome`, by its rules or by the platform: no one decides any
    more, and the attack and chain in progress are dropped."""
    g.outcome = outcome
    g.phase = OVER
    g.priority = -1
    g.attack = None
    g.chain = []


def check_hp(g: Game) -> bool:
    """End the duel when a player is at 0 HP (AR-END-1, AR-END-2); True if it ended."""
    if g.outcome is not None:
        return True
    outcome = knockout([p.hp for p in g.players], "hp", g.turn)
    if outcome is None:
        return False
    finish(g, outcome)
    log(g, "The duel is over.")
    return True


MAX_HP = 10
"""AR-HP-1 and our reading AR-EFFECT-4: a card that gives HP never lifts a player above the
10 they started with."""


def change_hp(g: Game, seat: int, amount: int, cause: str) -> None:
    """A card's effect changes a player's HP (AR-EFFECT-4), logged with its cause."""
    p = g.players[seat]
    before = p.hp
    p.hp = max(0, min(MAX_HP, p.hp + amount))
    verb = "gains" if amount >= 0 else "loses"
    log(g, f"{who(seat)} {verb} {abs(p.hp - before)} HP ({cause}): {p.hp} left.")


def lose_hp(g: Game, seat: int, amount: int = 1) -> None:
    """HP never below 0 (AR-HP-5)."""
    g.players[seat].hp = max(0, g.players[seat].hp - amount)
