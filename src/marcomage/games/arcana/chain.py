"""The chain and its response windows (AR-CHAIN): opening a window, passing priority,
adding links, resolving them last in first out, and the actions that start a link (rune
activations, creature and ward effects, flips)."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, CREATURE, RUNE
from .combat import after_attack_chain
from .effects import all_selected
from .field import (
    find,
    find_ward,
    free_zone,
    is_set_rune,
    leave_field,
    log,
    name,
    place,
    power,
    to_nether,
    toughness,
    who,
)
from .state import ATTACK, DEFENSE, Game, Link, Piece
from .victory import change_hp, check_hp, draw

# -- who decides ------------------------------------------------------------------------


def qualifies(g: Game, seat: int) -> bool:
    """AR-CHAIN-4: a response window is offered to a player holding a set rune, or a face-up
    creature or ward with a quick effect. These facts are public."""
    p = g.players[seat]
    if any(is_set_rune(c) for c in p.runes):
        return True
    for c in p.creatures:
        if c is not None and c.face_up and (
                CARDS[c.card].quick or any(CARDS[w.card].quick for w in c.wards)):
            return True
    return False


# -- the chain ------------------------------------------------------------------------------


def open_window(g: Game, causer: int) -> None:
    """A response window: the first chance goes to the causer's opponent (AR-CHAIN-3)."""
    g.priority = 1 - causer
    g.passes = 0
    settle(g)


def settle(g: Game) -> None:
    """Players not offered the window pass for themselves; two passes in a row close it."""
    while g.priority >= 0 and g.outcome is None:
        if g.passes >= 2:
            resolve_chain(g)
            return
        if qualifies(g, g.priority):
            return
        g.passes += 1
        g.priority = 1 - g.priority


def add_link(g: Game, link: Link) -> None:
    """A new chain link; the opponent of its player answers first (AR-CHAIN-3)."""
    a = g.attack
    if a is not None and a.stage == "window":
        link.on_attack = True
        card = CARDS[link.card]
        if (card.kind == RUNE and link.seat != g.current
                and card.effect.get("op") != "destroy"):
            a.call_off_ok = True   # AR-CHAIN-5
    g.chain.append(link)
    log(g, f"{who(link.seat)} chains {name(link.card)} (link {len(g.chain)}).")


def resolve_chain(g: Game) -> None:
    """Last in, first out (AR-CHAIN-2), then what the chain interrupted goes on."""
    g.priority = -1
    g.passes = 0
    g.arrival = 0   # the summon this window answered is past; a special summon sets anew
    while g.chain:
        link = g.chain.pop()
        resolve(g, link)
        if check_hp(g):
            return
    a = g.attack
    if a is not None and a.stage == "window":
        g.summoned = -1
        g.arrival = 0
        after_attack_chain(g)
    elif g.summoned >= 0:
        seat, g.summoned = g.summoned, -1
        open_window(g, seat)


def resolve(g: Game, link: Link) -> None:
    """One link's effect, on targets that are still valid (a target that left or turned
    face down is passed over)."""
    card = CARDS[link.card]
    spec = card.effect
    op = spec.get("op")
    select = spec.get("select")
    turns = int(spec.get("turns", 1))
    until = g.turn + turns - 1
    if op == "draw":
        draw(g, link.seat, int(spec.get("count", 1)))
        log(g, f"{name(link.card)} resolves: {who(link.seat)} draws.")
    elif op == "negate":
        if g.attack is not None:
            g.attack.negated = True
            log(g, f"{name(link.card)} resolves: the attack is negated.")
        else:
            log(g, f"{name(link.card)} resolves with no attack to negate.")
    elif op == "hp":   # AR-EFFECT-4: the card's text changes a player's HP
        side = link.seat if spec.get("side") == "own" else 1 - link.seat
        change_hp(g, side, int(spec.get("amount", 0)), name(link.card))
    elif op == "counter":   # AR-EFFECT-5: the link below this one does nothing
        if g.chain:
            below = g.chain.pop()
            log(g, f"{name(link.card)} negates {name(below.card)} (link {len(g.chain) + 1}).")
        else:
            log(g, f"{name(link.card)} resolves with nothing to negate.")
    elif op == "destroy" and select == "set_rune":   # AR-EFFECT-6
        where = find(g, link.target)
        if where is not None and where[1] == RUNE and is_set_rune(where[3]):
            side, _, z, c = where
            g.players[side].runes[z] = None
            to_nether(g, c)
            log(g, f"{name(link.card)} destroys a set rune: {name(c.card)}.")
        else:
            log(g, f"{name(link.card)} resolves and finds no set rune.")
    elif op == "return" and select == "set_rune":
        where = find(g, link.target)
        if where is not None and where[1] == RUNE and is_set_rune(where[3]):
            side, _, z, c = where
            g.players[side].runes[z] = None
            c.reset()
            g.players[c.owner].hand.append(c)
            log(g, f"{name(link.card)} resolves: a set rune returns to its owner's hand.")
        else:
            log(g, f"{name(link.card)} resolves and finds no set rune.")
    elif op == "special_summon":
        # From the netherworld the target is the instance; from hand it is the card, and
        # the first copy in hand comes (AR-SUMMON-5).
        from_hand = select == "hand"
        pile = g.players[link.seat].hand if from_hand else g.players[link.seat].nether
        index = next((i for i, c in enumerate(pile)
                      if (c.card if from_hand else c.uid) == link.target), -1)
        z = free_zone(g.players[link.seat].creatures)
        if index < 0 or z < 0:   # AR-SUMMON-8: onto a full side, nothing happens
            log(g, f"{name(link.card)} resolves: nothing is summoned.")
            return
        c = pile.pop(index)
        place(g, link.seat, z, c, face_up=True,
              position=ATTACK if spec.get("position") == ATTACK else DEFENSE, special=True)
        g.summoned = link.seat
        g.arrival = c.uid
        log(g, f"{name(link.card)} resolves: {who(link.seat)} special summons "
               f"{name(c.card)}{' from hand' if from_hand else ''}.")
    else:
        reached = targets_of(g, link)
        for uid in reached:
            where = find(g, uid)
            if where is None:
                continue
            side, _, z, c = where
            if op == "destroy":
                leave_field(g, side, z)
                log(g, f"{name(link.card)} destroys {name(c.card)}.")
            elif op == "return":   # to its owner's hand; a face-down one stays unnamed
                what = name(c.card) if c.face_up else "a face-down creature"
                leave_field(g, side, z, to_hand=True)
                log(g, f"{name(link.card)} returns {what} to its owner's hand.")
            elif op == "modify":
                c.mods.append((int(spec.get("power", 0)), int(spec.get("toughness", 0)),
                               until))
                log(g, f"{name(link.card)} gives {name(c.card)} "
                       f"{change_words(spec)}: now {power(c)}/{toughness(c)}.")
        if select != "all" and not reached:   # issue 34: only when it reached nothing
            log(g, f"{name(link.card)} resolves with no target left.")


def change_words(spec: dict[str, Any]) -> str:
    """"+2 power and -1 toughness this turn" for a modify effect."""
    parts = [f"{int(spec[k]):+d} {k}" for k in ("power", "toughness") if spec.get(k)]
    turns = int(spec.get("turns", 1))
    return " and ".join(parts) + (" this turn" if turns == 1 else f" for {turns} turns")


def targets_of(g: Game, link: Link) -> list[int]:
    """The creatures a destroy or modify link affects now (AR-POS-6, AR-RUNE-7)."""
    spec = CARDS[link.card].effect
    select = spec.get("select")
    if select == "target":   # still there, still selectable (AR-RUNE-7), still in bound
        where = find(g, link.target)
        if where is None or where[1] != CREATURE or (
                not where[3].face_up and spec.get("face_up", True)):
            return []
        if "toughness_max" in spec and toughness(where[3]) > int(spec["toughness_max"]):
            return []
        return [link.target]
    if select == "attack_target":
        a = g.attack
        if a is None or a.target_uid < 0:
            return []
        where = find(g, a.target_uid)
        return [a.target_uid] if where is not None and where[3].face_up else []
    if select == "equipped":
        holder = find_ward(g, link.source)
        return [] if holder is None or not holder[2].face_up else [holder[2].uid]
    if select == "self":   # AR-EFFECT-3: the creature whose effect it is
        where = find(g, link.source)
        return ([link.source] if where is not None and where[1] == CREATURE
                and where[3].face_up else [])
    if select == "arrival":   # AR-EFFECT-7: the summoned creature, chosen when chained
        where = find(g, link.target)
        return ([link.target] if where is not None and where[1] == CREATURE
                and where[3].face_up else [])
    if select == "all":
        return all_selected(g, spec, link.seat)
    return []


def attack_triggers(g: Game, seat: int, uids: list[int]) -> None:
    """AR-EFFECT-3: each confirmed attacker with an attack trigger adds it as a chain link,
    in declaration order (so the last declared resolves first)."""
    for uid in uids:
        where = find(g, uid)
        if where is not None and where[3].face_up and CARDS[where[3].card].timing == "attack":
            add_link(g, Link(seat, "attack", where[3].card, uid, 0, False))


def flip_up(g: Game, seat: int, c: Piece) -> None:
    """Turn a creature face up; its flip effect becomes a chain link (AR-POS-3)."""
    c.face_up = True
    log(g, f"{who(seat)}'s face-down creature is flipped: {name(c.card)}.")
    if CARDS[c.card].timing == "flip":
        add_link(g, Link(seat, "flip", c.card, c.uid, 0, False))


def target_uid(g: Game, seat: int, action: dict[str, Any], card: int = 0) -> int:
    """The uid (or, from hand, the card id) an action's target fields name; an effect on
    the creature just summoned takes it without a choice (AR-EFFECT-7)."""
    if card and CARDS[card].effect.get("select") == "arrival":
        return g.arrival
    if "tz" in action:
        c = g.players[action["ts"]].creatures[action["tz"]]
        return 0 if c is None else c.uid
    if "tr" in action:
        c = g.players[action["ts"]].runes[action["tr"]]
        return 0 if c is None else c.uid
    if "tn" in action:
        return int(g.players[seat].nether[action["tn"]].uid)
    if "th" in action:   # the card itself, not the instance: the choice reveals the card only
        return int(g.players[seat].hand[action["th"]].card)
    return 0


def do_activate(g: Game, seat: int, action: dict[str, Any]) -> None:
    """A rune from hand or from its zone becomes a chain link; it stays face up in its zone
    until the end of the turn its effect ends (AR-RUNE-6)."""
    p = g.players[seat]
    held = p.hand[action["card"]] if "card" in action else p.runes[action["rune"]]
    assert held is not None
    target = target_uid(g, seat, action, held.card)
    if "card" in action:
        c = p.hand.pop(action["card"])
        c.reset()
        p.runes[free_zone(p.runes)] = c
    else:
        rune = p.runes[action["rune"]]
        assert rune is not None
        c = rune
    c.face_up = True
    c.active_until = g.turn + int(CARDS[c.card].effect.get("turns", 1)) - 1
    log(g, f"{who(seat)} activates {name(c.card)}.")
    link_and_answer(g, Link(seat, "rune", c.card, c.uid, target, False))


def link_and_answer(g: Game, link: Link) -> None:
    """Add a link, then the window: a new chain opens one, a link in an open one hands
    priority to the other player (AR-CHAIN-3)."""
    add_link(g, link)
    open_window(g, link.seat)


def do_effect(g: Game, seat: int, action: dict[str, Any]) -> None:
    c = g.players[seat].creatures[action["zone"]]
    assert c is not None
    c.used = g.turn
    link_and_answer(g, Link(seat, "creature", c.card, c.uid,
                            target_uid(g, seat, action, c.card), False))


def do_ward_effect(g: Game, seat: int, action: dict[str, Any]) -> None:
    c = g.players[seat].creatures[action["zone"]]
    assert c is not None
    w = c.wards[action["ward"]]
    w.used = g.turn
    link_and_answer(g, Link(seat, "ward", w.card, w.uid, 0, False))
