"""The rules of an Arcana duel: setup, the phase machine, who decides, the legal actions and
the actions that are neither a chain link nor an attack's damage: summons, flips, positions,
runes set, equipment, attack declarations and blocks (ARCANA.md). The rest is split by
concept: `field` (where cards are and their stats), `victory` (HP, deck out, the outcome),
`effects` (what an effect may target), `chain` (links and response windows) and `combat`
(the damage step).

`legal_actions(g, seat)` lists what `seat` may do now and `perform(g, seat, action)` does
one of those actions on `g` in place (the ruleset copies the state first). Actions name hand
cards by index ("card"), field cards by zone ("zone", "rune"; targets "ts"/"tz", "ts"/"tr",
and "tn" for a netherworld index).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from marcomage.platform.protocol import Outcome
from marcomage.platform.rng import Rng

from .cards import CARDS, CREATURE, RUNE, WARD
from .chain import (
    add_link,
    attack_triggers,
    do_activate,
    do_effect,
    do_ward_effect,
    flip_up,
    open_window,
    settle,
)
from .combat import attackers, blockers, do_decide
from .effects import creature_effects, responses, rune_targets, set_rune_actions
from .field import find, free_zone, leave_field, log, name, place, to_nether, tribute_sets, who
from .state import (
    ATTACK,
    BATTLE,
    DEFENSE,
    MAIN1,
    MAIN2,
    MULLIGAN,
    Attack,
    Game,
    Link,
    Options,
    Piece,
)
from .victory import draw, empty_draw, finish

START_HP = 10
"""AR-HP-1."""
OPENING_HAND = 5
"""AR-START-1."""
DIE = 20
"""AR-START-2: the first-player roll is a seeded d20."""
TURN_LIMIT = 200
"""AR-TURN-5: match turns before the duel is a draw."""
HAND_LIMIT = None
"""AR-TURN-4: no hand-size limit."""
BLOCKS_PER_TURN = 1
"""AR-BLOCK-3."""
ATTACK_CANCELS_PER_TURN = 3
"""Our reading: an attack being built can always be cancelled (AR-BATTLE-2), but after this
many cancels in a turn no new attack may be declared that turn, so that a turn always ends
(the conformance suite's step bound)."""
UID_RANGE = 1 << 30


class Illegal(Exception):
    """Raised inside the engine when an action cannot be done; the ruleset turns it into
    IllegalAction."""


# -- setup --------------------------------------------------------------------------------


def new_game(options: Options, decks: Sequence[Sequence[int]], seed: int) -> Game:
    """A duel ready for the mulligan decisions. Random order: shuffle seat 0's deck, seat
    1's, assign opaque instance ids (PL-VIEW-3), roll d20s until they differ (AR-START-2),
    then the opening draws of five (AR-START-1)."""
    g = Game(options, Rng.from_seed(seed))
    for seat, cards in enumerate(decks):
        g.players[seat].hp = START_HP
        g.players[seat].deck = [Piece(0, c, seat) for c in cards]
        g.rng.shuffle(g.players[seat].deck)
    used: set[int] = set()
    for p in g.players:
        for c in p.deck:
            uid = 1 + g.rng.below(UID_RANGE)
            while uid in used:
                uid = 1 + g.rng.below(UID_RANGE)
            used.add(uid)
            c.uid = uid
    while True:
        rolls = [1 + g.rng.below(DIE), 1 + g.rng.below(DIE)]
        for seat in (0, 1):
            g.players[seat].roll.append(rolls[seat])
        if rolls[0] != rolls[1]:
            break
    g.first = 0 if rolls[0] > rolls[1] else 1
    log(g, f"{who(0)} rolls {rolls[0]}, {who(1)} rolls {rolls[1]}: {who(g.first)} goes "
           "first.")
    for seat in (0, 1):
        draw(g, seat, OPENING_HAND)
    return g


def mulligan_seat(g: Game) -> int:
    """Who decides keep or redraw now: the first player, then the second (AR-START-3)."""
    return g.first if not g.players[g.first].mulligan else 1 - g.first


def start_turn(g: Game) -> None:
    """Draw phase (AR-START-4), then Main 1; past TURN_LIMIT the duel is a draw."""
    g.turn += 1
    if g.turn > TURN_LIMIT:
        finish(g, Outcome("draw", (), "turn_limit", TURN_LIMIT))
        return
    for p in g.players:
        p.normal_done = False
    g.cancels = 0
    log(g, f"Turn {g.turn}: {who(g.current)}.")
    if g.turn > 1:
        if g.players[g.current].deck or g.options.deck_out_loses:
            draw(g, g.current)
        else:
            empty_draw(g, g.current)
    if g.outcome is None:
        g.phase = MAIN1


def end_turn(g: Game) -> None:
    """End phase (AR-TURN-4): runes whose effect ends go to their owner's netherworld,
    this turn's modifiers expire, the turn passes."""
    for p in g.players:
        for z, c in enumerate(p.runes):
            if c is not None and c.active_until and c.active_until <= g.turn:
                p.runes[z] = None
                to_nether(g, c)
        for c in p.creatures:
            if c is not None and c.mods:
                c.mods = [m for m in c.mods if m[2] > g.turn]
    start_turn(g)


def to_act(g: Game) -> frozenset[int]:
    if g.outcome is not None:
        return frozenset()
    return frozenset((deciding(g),))


def deciding(g: Game) -> int:
    """The one seat that decides now (PL-PROTO-2)."""
    if g.phase == MULLIGAN:
        return mulligan_seat(g)
    if g.priority >= 0:
        return g.priority
    a = g.attack
    if a is not None and a.stage == "block":
        return 1 - g.current
    return g.current


# -- legal actions --------------------------------------------------------------------------


def legal_actions(g: Game, seat: int) -> list[dict[str, Any]]:
    """Every action `seat` may take now, in canonical order (PL-PROTO-4)."""
    if g.outcome is not None or seat != deciding(g):
        return []
    if g.phase == MULLIGAN:
        return [{"type": "keep"}, {"type": "redraw"}]
    if g.priority >= 0:
        return [{"type": "pass"}, *responses(g, seat)]
    a = g.attack
    if a is not None:
        if a.stage == "block":
            return [{"type": "no_block"}] + [{"type": "block", "zone": z}
                                             for z in blockers(g, seat, a)]
        if a.stage in ("call_off", "continue"):
            return [{"type": "continue"}, {"type": "call_off"}]
        out: list[dict[str, Any]] = [{"type": "add", "zone": z} for z in attackers(g, seat)
                                     if g.players[seat].creatures[z].uid   # type: ignore[union-attr]
                                     not in a.attackers]
        if a.attackers:
            out.append({"type": "confirm"})
        out.append({"type": "cancel"})   # AR-BATTLE-2: until confirmed, always
        return out
    return idle_actions(g, seat)


def idle_actions(g: Game, seat: int) -> list[dict[str, Any]]:
    """The turn player's actions outside any chain or attack (AR-TURN-2, AR-TURN-3)."""
    p = g.players[seat]
    out: list[dict[str, Any]] = []
    main = g.phase in (MAIN1, MAIN2)
    if main:
        out += summons(g, seat)
        for z, c in enumerate(p.creatures):
            if c is None:
                continue
            if not c.face_up and c.arrived < g.turn:
                out.append({"type": "flip", "zone": z})       # AR-POS-2, AR-POS-4
            if (c.face_up and c.arrived < g.turn and c.changed != g.turn
                    and c.attacked != g.turn):
                out.append({"type": "position", "zone": z})   # AR-POS-7
        free_rune = free_zone(p.runes) >= 0
        for h, c in enumerate(p.hand):
            kind = CARDS[c.card].kind
            if kind == RUNE and free_rune:
                out.append({"type": "set", "card": h})
            elif kind == WARD:
                out += [{"type": "equip", "card": h, "zone": z}
                        for z, t in enumerate(p.creatures) if t is not None and t.face_up]
    # Runes from hand start a chain in the turn player's Main or Battle phase (AR-RUNE-1).
    if free_zone(p.runes) >= 0:
        for h, c in enumerate(p.hand):
            if CARDS[c.card].kind == RUNE:
                out += [{"type": "activate", "card": h, **t}
                        for t in rune_targets(g, seat, c.card)]
    out += set_rune_actions(g, seat)
    out += creature_effects(g, seat, quick_only=not main)
    if g.phase == BATTLE and attackers(g, seat) and g.cancels < ATTACK_CANCELS_PER_TURN:
        opp = g.players[1 - seat]
        out += [{"type": "attack", "zone": z} for z, c in enumerate(opp.creatures)
                if c is not None]
        if all(c is None for c in opp.creatures):
            out.append({"type": "attack_direct"})   # AR-BATTLE-3
    out.append({"type": "end_turn"} if g.phase == MAIN2 else {"type": "next_phase"})
    return out


def summons(g: Game, seat: int) -> list[dict[str, Any]]:
    """Normal summon, set, tribute summon, tribute set (AR-SUMMON-1 to -4, -8)."""
    p = g.players[seat]
    if p.normal_done:
        return []
    out: list[dict[str, Any]] = []
    has_free = free_zone(p.creatures) >= 0
    for h, c in enumerate(p.hand):
        card = CARDS[c.card]
        if card.kind != CREATURE:
            continue
        for ts in tribute_sets(g, seat, card):
            if not ts and not has_free:
                continue
            extra = {f"t{i + 1}": z for i, z in enumerate(ts)}
            out.append({"type": "summon", "card": h, "position": ATTACK, **extra})
            out.append({"type": "summon", "card": h, "position": DEFENSE, **extra})
    return out


# -- doing an action ------------------------------------------------------------------------


def perform(g: Game, seat: int, action: dict[str, Any]) -> None:
    """Do one legal action (the caller checked it is in `legal`)."""
    kind = action["type"]
    handler = HANDLERS[kind]
    handler(g, seat, action)


def do_mulligan(g: Game, seat: int, action: dict[str, Any]) -> None:
    p = g.players[seat]
    p.mulligan = action["type"]
    if p.mulligan == "redraw":   # AR-START-3
        p.deck.extend(p.hand)
        p.hand = []
        g.rng.shuffle(p.deck)
        draw(g, seat, OPENING_HAND)
        log(g, f"{who(seat)} reshuffles and redraws five.")
    else:
        log(g, f"{who(seat)} keeps the opening hand.")
    if all(q.mulligan for q in g.players):
        start_turn(g)


def do_summon(g: Game, seat: int, action: dict[str, Any]) -> None:
    p = g.players[seat]
    c = p.hand.pop(action["card"])
    tributes = [action[k] for k in ("t1", "t2") if k in action]
    for z in tributes:   # sacrifices leave first (AR-SUMMON-8)
        t = leave_field(g, seat, z)
        log(g, f"{who(seat)} sacrifices {name(t.card)}.")
    z = free_zone(p.creatures)
    up = action["position"] == ATTACK
    place(g, seat, z, c, face_up=up, position=ATTACK if up else DEFENSE, special=False)
    p.normal_done = True   # AR-SUMMON-3
    what = "tribute " if tributes else ""
    if up:
        log(g, f"{who(seat)} {what}summons {name(c.card)} in attack position.")
    else:
        log(g, f"{who(seat)} {what}sets a creature face down in defense position.")
    if up and CARDS[c.card].timing == "summon":
        add_link(g, Link(seat, "summon", c.card, c.uid, 0, False))
    if up:   # "when a creature is summoned" (a face-down set is not seen, AR-POS-6)
        g.arrival = c.uid
    open_window(g, seat)


def do_flip(g: Game, seat: int, action: dict[str, Any]) -> None:
    c = g.players[seat].creatures[action["zone"]]
    assert c is not None
    c.position, c.changed = ATTACK, g.turn   # a flip summon (AR-POS-4)
    flip_up(g, seat, c)
    g.arrival = c.uid   # a flip summon is a summon for "when a creature is summoned"
    open_window(g, seat)


def do_position(g: Game, seat: int, action: dict[str, Any]) -> None:
    c = g.players[seat].creatures[action["zone"]]
    assert c is not None
    c.position = DEFENSE if c.position == ATTACK else ATTACK
    c.changed = g.turn
    log(g, f"{who(seat)} turns {name(c.card)} to {c.position} position.")


def do_set(g: Game, seat: int, action: dict[str, Any]) -> None:
    p = g.players[seat]
    c = p.hand.pop(action["card"])
    r = free_zone(p.runes)
    c.reset()
    c.set_turn = g.turn
    p.runes[r] = c
    log(g, f"{who(seat)} sets a rune.")


def do_equip(g: Game, seat: int, action: dict[str, Any]) -> None:
    p = g.players[seat]
    w = p.hand.pop(action["card"])
    c = p.creatures[action["zone"]]
    assert c is not None
    w.reset()
    w.face_up = True
    c.wards.append(w)
    log(g, f"{who(seat)} equips {name(w.card)} to {name(c.card)}.")


def do_pass(g: Game, seat: int, action: dict[str, Any]) -> None:
    g.passes += 1
    g.priority = 1 - seat
    settle(g)


def do_next_phase(g: Game, seat: int, action: dict[str, Any]) -> None:
    if g.phase == MAIN1 and g.turn > 1:   # AR-START-6: match turn 1 has no battle phase
        g.phase = BATTLE
    else:
        g.phase = MAIN2
    log(g, f"{who(seat)} moves to {'the battle phase' if g.phase == BATTLE else 'main 2'}.")


def do_end_turn(g: Game, seat: int, action: dict[str, Any]) -> None:
    log(g, f"{who(seat)} ends the turn.")
    end_turn(g)


# -- attacks --------------------------------------------------------------------------------


def do_attack(g: Game, seat: int, action: dict[str, Any]) -> None:
    if action["type"] == "attack_direct":
        g.attack = Attack(-1, -1)
    else:
        c = g.players[1 - seat].creatures[action["zone"]]
        assert c is not None
        g.attack = Attack(action["zone"], c.uid)


def do_add(g: Game, seat: int, action: dict[str, Any]) -> None:
    c = g.players[seat].creatures[action["zone"]]
    assert c is not None and g.attack is not None
    g.attack.attackers.append(c.uid)


def do_cancel(g: Game, seat: int, action: dict[str, Any]) -> None:
    g.attack = None
    g.cancels += 1


def do_confirm(g: Game, seat: int, action: dict[str, Any]) -> None:
    """AR-BATTLE-4 steps 1 and 2: flip a face-down target, then the blocker choice."""
    a = g.attack
    assert a is not None
    names = []
    for uid in a.attackers:
        where = find(g, uid)
        assert where is not None
        where[3].attacked = g.turn
        names.append(name(where[3].card))
    defender = 1 - seat
    if a.target < 0:
        log(g, f"{who(seat)} attacks directly with {', '.join(names)}.")
    else:
        t = g.players[defender].creatures[a.target]
        assert t is not None
        log(g, f"{who(seat)} attacks zone {a.target + 1} with {', '.join(names)}.")
        if not t.face_up:
            flip_up(g, defender, t)   # AR-POS-1: stays in defense position
    attack_triggers(g, seat, a.attackers)
    if blockers(g, defender, a):
        a.stage = "block"
    else:
        a.stage = "window"
        open_window(g, seat)


def do_block(g: Game, seat: int, action: dict[str, Any]) -> None:
    a = g.attack
    assert a is not None
    if action["type"] == "block":
        c = g.players[seat].creatures[action["zone"]]
        assert c is not None
        c.blocked = g.turn
        a.blocker = c.uid
        log(g, f"{who(seat)} blocks with {name(c.card)}.")
    else:
        log(g, f"{who(seat)} does not block.")
    a.stage = "window"
    open_window(g, g.current)


HANDLERS = {
    "keep": do_mulligan, "redraw": do_mulligan, "summon": do_summon, "flip": do_flip,
    "position": do_position, "set": do_set, "activate": do_activate, "effect": do_effect,
    "ward_effect": do_ward_effect, "equip": do_equip, "pass": do_pass,
    "next_phase": do_next_phase, "end_turn": do_end_turn, "attack": do_attack,
    "attack_direct": do_attack, "add": do_add, "cancel": do_cancel, "confirm": do_confirm,
    "block": do_block, "no_block": do_block, "continue": do_decide, "call_off": do_decide,
}
