"""Drawing (MW-TURN, MW-CURSE): one card from a deck, cards received into a hand, the
curses that wait for their effects, and the effects run in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import HEALTH_DECKS
from .health import lose_health, remove_kept
from .state import GameState
from .tabletop import card_of, discard, mage, reaches, say

# --- drawing ------------------------------------------------------------------------------


def draw_one(state: GameState, deck: str) -> int | None:
    """The top card of `deck`; an empty deck first takes its reshuffled discard pile, and
    both empty draw nothing (MW-DISCARD-2)."""
    pile = state.decks[deck]
    if not pile:
        if not state.discards[deck]:
            return None
        pile.extend(state.discards[deck])
        state.discards[deck].clear()
        state.rng.shuffle(pile)
    return pile.pop()


def receive(state: GameState, seat: int, iid: int) -> bool:
    """A drawn card goes to the hand; a curse resolves at once against the drawer, after the
    response decision (MW-CURSE-1, MW-CURSE-3). True when it was a curse."""
    card = card_of(state, iid)
    if card.type == "curse":
        say(state, seat, f"draws the curse {card.name}")
        state.decisions.append({"kind": "curse", "seat": seat, "card": iid, "deflected": 0})
        return True
    state.players[seat].hand.append(iid)
    return False


def curse_waiting(state: GameState) -> bool:
    """Is a drawn curse waiting for its target's decision (MW-CURSE-3)?"""
    return any(d["kind"] == "curse" for d in state.decisions)


def run_effects(state: GameState, seat: int, effects: Sequence[dict[str, Any]]) -> None:
    """Run the effects of fate cards, magic, rewards, consequences and curses in order
    (MW-TURN-2, MW-CURSE-1, MW-DISCARD-3). A curse drawn by one of them resolves at the
    point it is drawn: the rest of the list waits in `pending_effects` until the curse is
    decided, so no card drawn after it is exposed to it. Effects started while a curse
    waits (later in the same action) queue behind the waiting rest; effects started
    otherwise (the curse's own, once accepted) run before it."""
    tagged = [{**effect, "seat": seat} for effect in effects]
    if curse_waiting(state):
        state.pending_effects += tagged
    else:
        state.pending_effects[:0] = tagged
    run_pending(state)


def draw(state: GameState, seat: int, deck: str, n: int) -> None:
    """`seat` draws n cards from `deck` (a curse among them stops the rest, MW-CURSE-1)."""
    run_effects(state, seat, [{"do": "draw", "deck": deck, "n": n}])


def run_pending(state: GameState) -> None:
    """Run the queued effects until a drawn curse must be decided first."""
    while state.pending_effects and not curse_waiting(state) and state.outcome is None:
        effect = state.pending_effects.pop(0)
        _run_one(state, int(effect["seat"]), effect)


def heal(state: GameState, seat: int, n: int) -> None:
    """Up to n new health cards, never above the mage's Health, drawn face down from the
    health deck the mage card names most (MW-POTION-2); a curse drawn so stays a hit point,
    as when health is dealt (MW-HEALTH-2)."""
    player = state.players[seat]
    card = mage(state, seat)
    if not player.alive:
        return
    deck = max(HEALTH_DECKS, key=lambda d: card.health_cards.get(d, 0))
    healed = 0
    while healed < n and len(player.health) < card.health:
        iid = draw_one(state, deck)
        if iid is None:
            break
        player.health.append(iid)
        healed += 1
    if healed:
        say(state, seat, f"regains {healed} health")


def _draw_until_curse(state: GameState, seat: int, effect: dict[str, Any]) -> None:
    """`draw`, `draw_keep_only` and `draw_from_discard`, one card at a time; after a curse
    the draws left go back to the front of the queue, to run once it is decided."""
    do, n = effect["do"], int(effect["n"])
    for k in range(n):
        if do == "draw_from_discard":
            pile = state.discards[effect["deck"]]
            iid: int | None = pile.pop() if pile else None
        else:
            iid = draw_one(state, effect["deck"])
        if iid is None:
            return
        if do == "draw_keep_only" and card_of(state, iid).type not in (effect["card_type"],
                                                                        "curse"):
            discard(state, iid)
            continue
        if receive(state, seat, iid):
            if k + 1 < n:
                state.pending_effects.insert(0, {**effect, "n": n - k - 1})
            return


def _run_one(state: GameState, seat: int, effect: dict[str, Any]) -> None:
    """One effect of the vocabulary, for `seat`."""
    do = effect["do"]
    player = state.players[seat]
    if do in ("draw", "draw_keep_only", "draw_from_discard"):
        _draw_until_curse(state, seat, effect)
    elif do == "each_player_draws":  # one queued draw per seat, in seat order from `seat`
        count = len(state.players)
        others = [(seat + k) % count for k in range(count)]
        state.pending_effects[:0] = [
            {"do": "draw", "deck": effect["deck"], "n": effect["n"], "seat": other}
            for other in others if not state.players[other].left]
    elif do == "lose_turn":
        player.skip += 1
    elif do == "discard":
        for _ in range(int(effect["n"])):
            if not player.hand:
                break
            iid = player.hand.pop(state.rng.below(len(player.hand)))
            player.discounts.pop(iid, None)
            discard(state, iid)
            say(state, seat, f"discards {card_of(state, iid).name}")
    elif do == "lose_item":
        if player.items:
            lost = player.items[-1]
            remove_kept(state, seat, lost)
            say(state, seat, f"loses the item {card_of(state, lost).name}")
    elif do == "lose_health":
        lose_health(state, seat, int(effect["n"]))
    elif do == "heal":
        heal(state, seat, int(effect["n"]))
    elif do == "each_mage":  # a structure's effect on the mages it reaches (MW-STRUCT-2)
        count = len(state.players)
        reached = [(seat + k) % count for k in range(count)]
        state.pending_effects[:0] = [
            {**then, "seat": other} for other in reached
            if state.players[other].alive and not state.players[other].left
            and reaches(state, other, effect.get("who", {})) for then in effect["then"]]
    else:  # pragma: no cover - card data is checked by the tests
        raise ValueError(f"Unknown effect {do!r}.")
