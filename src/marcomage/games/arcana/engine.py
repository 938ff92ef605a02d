"""The rules of an Arcana duel: setup, the phase machine, summons, positions, runes, wards,
attacks with blocking and clashes, and the chain with its response windows (ARCANA.md).

`legal_actions(g, seat)` lists what `seat` may do now and `perform(g, seat, action)` does one of
those actions on `g` in place (the ruleset copies the state first). Actions name hand cards
by index ("card"), field cards by zone ("zone", "rune"; targets "ts"/"tz", "ts"/"tr", and
"tn" for a netherworld index).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from marcomage.platform.protocol import Outcome
from marcomage.platform.rng import Rng

from .cards import CARDS, CREATURE, RUNE, WARD, CardDef
from .clash import clash
from .state import (
    ATTACK,
    BATTLE,
    DEFENSE,
    MAIN1,
    MAIN2,
    MULLIGAN,
    OVER,
    Attack,
    Game,
    Link,
    Options,
    Piece,
)

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
LOG_KEEP = 60
"""Public log lines kept in the state."""
UID_RANGE = 1 << 30


class Illegal(Exception):
    """Raised inside the engine when an action cannot be done; the ruleset turns it into
    IllegalAction."""


# -- looking things up ------------------------------------------------------------------


def name(card_id: int) -> str:
    return CARDS[card_id].name


def find(g: Game, uid: int) -> tuple[int, str, int, Piece] | None:
    """Where a field card is: (side, "creature" | "rune", zone, piece)."""
    for side, p in enumerate(g.players):
        for z, c in enumerate(p.creatures):
            if c is not None and c.uid == uid:
                return side, CREATURE, z, c
        for z, c in enumerate(p.runes):
            if c is not None and c.uid == uid:
                return side, RUNE, z, c
    return None


def find_ward(g: Game, uid: int) -> tuple[int, int, Piece] | None:
    """The creature a ward is attached to: (side, zone, creature)."""
    for side, p in enumerate(g.players):
        for z, c in enumerate(p.creatures):
            if c is not None and any(w.uid == uid for w in c.wards):
                return side, z, c
    return None


def power(c: Piece) -> int:
    """Power now: base, wards and modifiers, never below 0 (AR-POS-9); a face-down creature
    shows its base only (AR-POS-6)."""
    value = CARDS[c.card].power
    if c.face_up:
        value += sum(CARDS[w.card].power for w in c.wards) + sum(m[0] for m in c.mods)
    return max(0, value)


def toughness(c: Piece) -> int:
    """Toughness now, as `power`."""
    value = CARDS[c.card].toughness
    if c.face_up:
        value += sum(CARDS[w.card].toughness for w in c.wards) + sum(m[1] for m in c.mods)
    return max(0, value)


def is_set_rune(c: Piece | None) -> bool:
    """A rune face down in its zone (activated runes are no longer set, AR-RUNE-5)."""
    return c is not None and not c.face_up and c.active_until == 0


def free_zone(zones: Sequence[Piece | None]) -> int:
    for z, c in enumerate(zones):
        if c is None:
            return z
    return -1


def log(g: Game, text: str) -> None:
    g.log.append(text)
    if len(g.log) > LOG_KEEP:
        del g.log[: len(g.log) - LOG_KEEP]


def who(seat: int) -> str:
    return f"Player {seat + 1}"


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


def draw(g: Game, seat: int, n: int = 1) -> None:
    """Draw n; an empty deck skips the draw (AR-START-5) or loses (`deck_out_loses`)."""
    p = g.players[seat]
    for _ in range(n):
        if not p.deck:
            if g.options.deck_out_loses and g.phase != MULLIGAN:
                finish(g, Outcome("win", (1 - seat,), "deck_out", g.turn))
            return
        p.hand.append(p.deck.pop())


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
        draw(g, g.current)
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


def finish(g: Game, outcome: Outcome) -> None:
    g.outcome = outcome
    g.phase = OVER
    g.priority = -1
    g.attack = None
    g.chain = []


def check_hp(g: Game) -> bool:
    """End the duel when a player is at 0 HP (AR-END-1, AR-END-2); True if it ended."""
    if g.outcome is not None:
        return True
    dead = [s for s in (0, 1) if g.players[s].hp <= 0]
    if not dead:
        return False
    if len(dead) == 2:
        finish(g, Outcome("draw", (), "hp", g.turn))
    else:
        finish(g, Outcome("win", (1 - dead[0],), "hp", g.turn))
    log(g, "The duel is over.")
    return True


def lose_hp(g: Game, seat: int, amount: int = 1) -> None:
    """HP never below 0 (AR-HP-5)."""
    g.players[seat].hp = max(0, g.players[seat].hp - amount)


# -- moving cards ---------------------------------------------------------------------------


def to_nether(g: Game, c: Piece) -> None:
    """Into the owner's netherworld, back to its base state (AR-NETHER-1, AR-NETHER-2)."""
    for w in c.wards:
        w.reset()
        g.players[w.owner].nether.append(w)   # AR-WARD-4
    c.reset()
    g.players[c.owner].nether.append(c)


def leave_field(g: Game, side: int, z: int, to_hand: bool = False) -> Piece:
    """A creature leaves its zone for its owner's netherworld (or hand)."""
    c = g.players[side].creatures[z]
    assert c is not None
    g.players[side].creatures[z] = None
    if to_hand:
        for w in c.wards:
            w.reset()
            g.players[w.owner].nether.append(w)
        c.reset()
        g.players[c.owner].hand.append(c)
    else:
        to_nether(g, c)
    return c


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
        for uid in targets_of(g, link):
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
                log(g, f"{name(link.card)} changes {name(c.card)}.")
        if select != "all" and not targets_of(g, link):
            log(g, f"{name(link.card)} resolves with no target left.")


def targets_of(g: Game, link: Link) -> list[int]:
    """The creatures a destroy or modify link affects now (AR-POS-6, AR-RUNE-7)."""
    spec = CARDS[link.card].effect
    select = spec.get("select")
    if select == "target":
        where = find(g, link.target)
        if where is None or where[1] != CREATURE or not where[3].face_up:
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
    if select == "all":
        return all_selected(g, spec, link.seat)
    return []


def all_selected(g: Game, spec: dict[str, Any], seat: int) -> list[int]:
    """The creatures an "all" effect of `seat`'s reaches now: face-down ones too unless it
    says face up (AR-POS-6), within its sides and toughness bound."""
    out: list[int] = []
    for side in sides(spec, seat):
        for c in g.players[side].creatures:
            if c is None or (spec.get("face_up") and not c.face_up):
                continue
            if "toughness_max" in spec and toughness(c) > int(spec["toughness_max"]):
                continue
            out.append(c.uid)
    return out


def sides(spec: dict[str, Any], seat: int) -> tuple[int, ...]:
    side = spec.get("side", "any")
    return (seat,) if side == "own" else (1 - seat,) if side == "opponent" else (0, 1)


# -- placing creatures ----------------------------------------------------------------------


def place(g: Game, seat: int, z: int, c: Piece, face_up: bool, position: str,
          special: bool) -> None:
    c.reset()
    c.face_up, c.position, c.arrived, c.special = face_up, position, g.turn, special
    g.players[seat].creatures[z] = c


def can_sacrifice(g: Game, c: Piece) -> bool:
    """AR-SUMMON-6: on the side since the start of its controller's current turn, or
    special summoned."""
    return c.special or c.arrived < g.turn


def tribute_sets(g: Game, seat: int, card: CardDef) -> list[tuple[int, ...]]:
    """The sacrifice zones a tribute summon may use (AR-SUMMON-2, AR-SUMMON-7)."""
    zones = [z for z, c in enumerate(g.players[seat].creatures)
             if c is not None and can_sacrifice(g, c)]
    creatures = g.players[seat].creatures

    def same(z: int) -> bool:
        c = creatures[z]
        return c is not None and CARDS[c.card].type == card.type

    if card.stars == 2:
        return [(z,) for z in zones if same(z)]
    if card.stars == 3:
        return [(a, b) for i, a in enumerate(zones) for b in zones[i + 1:]
                if same(a) or same(b)]
    return [()]


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


def attackers(g: Game, seat: int) -> list[int]:
    """Zones of creatures that may attack now (AR-BATTLE-1, AR-START-7)."""
    if g.phase != BATTLE:
        return []
    out = []
    for z, c in enumerate(g.players[seat].creatures):
        if (c is not None and c.face_up and c.position == ATTACK and c.attacked != g.turn
                and (g.options.summoned_can_attack or c.arrived < g.turn)):
            out.append(z)
    return out


def blockers(g: Game, seat: int, a: Attack) -> list[int]:
    """AR-BLOCK-1, AR-BLOCK-3: face-up defense creatures other than the target that have
    not blocked this turn."""
    if a.target < 0:
        return []
    return [z for z, c in enumerate(g.players[seat].creatures)
            if c is not None and c.face_up and c.position == DEFENSE
            and c.uid != a.target_uid and c.blocked != g.turn]


def effect_targets(g: Game, seat: int, spec: dict[str, Any],
                   exclude: int = 0) -> list[dict[str, int]] | None:
    """The target fields an effect may take; [] when it selects and nothing fits (or it
    reaches "all" and there is nothing to reach), None when it needs no target (AR-RUNE-4,
    AR-RUNE-7)."""
    select = spec.get("select")
    if select == "target":
        return [{"ts": side, "tz": z} for side in sides(spec, seat)
                for z, c in enumerate(g.players[side].creatures)
                if c is not None and (c.face_up or not spec.get("face_up", True))]
    if select == "set_rune":
        return [{"ts": side, "tr": z} for side in (0, 1)
                for z, c in enumerate(g.players[side].runes)
                if is_set_rune(c) and c.uid != exclude]   # type: ignore[union-attr]
    if select == "nether":
        if free_zone(g.players[seat].creatures) < 0:
            return []
        return [{"tn": i} for i, c in enumerate(g.players[seat].nether)
                if summonable(c.card, spec)]
    if select == "hand":   # one choice per card name: copies in hand are alike
        if free_zone(g.players[seat].creatures) < 0:
            return []
        seen: set[int] = set()
        out: list[dict[str, int]] = []
        for h, c in enumerate(g.players[seat].hand):
            if c.card not in seen and summonable(c.card, spec):
                seen.add(c.card)
                out.append({"th": h})
        return out
    if select == "attack_target":
        a = g.attack
        if a is None or a.stage != "window" or a.target_uid < 0:
            return []
        where = find(g, a.target_uid)
        return None if where is not None and where[3].face_up else []
    if select == "all":   # AR-RUNE-4: an "all" effect that would reach nothing is no use
        return None if all_selected(g, spec, seat) else []
    if select == "equipped":
        return None
    return None


def condition_holds(g: Game, seat: int, condition: str) -> bool:
    """AR-RUNE-4 and AR-EFFECT-2: a rune, or a triggered effect, that waits for an event can
    be used only while the response window that event opened is open: an attack's window
    (a creature attacked; a creature attacks; an opponent's creature attacks), or the
    window after a creature is summoned face up. Conditions are checked against
    cards.CONDITIONS when the card set is read, so any other name is a programming error."""
    a = g.attack
    attack_window = a is not None and a.stage == "window"
    if condition in ("", "any"):
        return True
    if condition == "attacked":
        return attack_window and a is not None and a.target_uid >= 0
    if condition == "attacks":
        return attack_window
    if condition == "opponent_attacks":
        return attack_window and g.current != seat
    if condition == "summoned":
        return g.arrival != 0
    raise ValueError(f"Unknown Arcana condition {condition!r}.")


def summonable(card_id: int, spec: dict[str, Any]) -> bool:
    """A creature a special summon may call (AR-SUMMON-5): of the star rating and type the
    effect names, when it names them."""
    card = CARDS[card_id]
    return card.kind == CREATURE and all(
        key not in spec or getattr(card, key) == spec[key] for key in ("stars", "type"))


def rune_targets(g: Game, seat: int, card_id: int, exclude: int = 0) -> list[dict[str, int]]:
    card = CARDS[card_id]
    if not condition_holds(g, seat, card.condition):
        return []
    found = effect_targets(g, seat, card.effect, exclude)
    return [{}] if found is None else found


def set_rune_actions(g: Game, seat: int) -> list[dict[str, Any]]:
    """Set runes that may be activated now (AR-RUNE-3, AR-RUNE-4)."""
    out: list[dict[str, Any]] = []
    for r, c in enumerate(g.players[seat].runes):
        if not is_set_rune(c):
            continue
        assert c is not None
        if g.options.set_rune_delay and c.set_turn == g.turn:
            continue
        out += [{"type": "activate", "rune": r, **t}
                for t in rune_targets(g, seat, c.card, exclude=c.uid)]
    return out


def creature_effects(g: Game, seat: int, quick_only: bool) -> list[dict[str, Any]]:
    """Creature and ward effects usable now: quick ones always, triggered ones while their
    condition holds, activated ones in the owner's Main phases (AR-EFFECT-1, AR-EFFECT-2,
    AR-CHAIN-7); once per turn each."""
    out: list[dict[str, Any]] = []
    for z, c in enumerate(g.players[seat].creatures):
        if c is None or not c.face_up:
            continue
        card = CARDS[c.card]
        if card.timing in ("quick", "activated", "triggered") and c.used != g.turn and (
                card.quick or not quick_only) and condition_holds(g, seat, card.condition):
            found = effect_targets(g, seat, card.effect)
            out += [{"type": "effect", "zone": z, **t} for t in ([{}] if found is None
                                                                  else found)]
        for w_index, w in enumerate(c.wards):
            ward = CARDS[w.card]
            if ward.quick and w.used != g.turn and condition_holds(g, seat, ward.condition):
                out.append({"type": "ward_effect", "zone": z, "ward": w_index})
    return out


def responses(g: Game, seat: int) -> list[dict[str, Any]]:
    """In a response window: set runes, quick creature and ward effects (AR-CHAIN-6)."""
    return set_rune_actions(g, seat) + creature_effects(g, seat, quick_only=True)


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


def flip_up(g: Game, seat: int, c: Piece) -> None:
    """Turn a creature face up; its flip effect becomes a chain link (AR-POS-3)."""
    c.face_up = True
    log(g, f"{who(seat)}'s face-down creature is flipped: {name(c.card)}.")
    if CARDS[c.card].timing == "flip":
        add_link(g, Link(seat, "flip", c.card, c.uid, 0, False))


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


def target_uid(g: Game, seat: int, action: dict[str, Any]) -> int:
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
    target = target_uid(g, seat, action)
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
    link_and_answer(g, Link(seat, "creature", c.card, c.uid, target_uid(g, seat, action),
                            False))


def do_ward_effect(g: Game, seat: int, action: dict[str, Any]) -> None:
    c = g.players[seat].creatures[action["zone"]]
    assert c is not None
    w = c.wards[action["ward"]]
    w.used = g.turn
    link_and_answer(g, Link(seat, "ward", w.card, w.uid, 0, False))


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


def end_attack(g: Game) -> None:
    g.attack = None


def after_attack_chain(g: Game) -> None:
    """AR-BATTLE-4 steps 5 to 7, after the chain resolved; AR-BATTLE-9 first."""
    a = g.attack
    assert a is not None
    seat = g.current
    a.attackers = [u for u in a.attackers
                   if (w := find(g, u)) is not None and w[0] == seat and w[1] == CREATURE]
    if a.negated or not a.attackers:
        log(g, "The attack ends.")
        end_attack(g)
        return
    if a.target >= 0:
        where = find(g, a.target_uid)
        if where is None or where[0] != 1 - seat or where[1] != CREATURE:
            log(g, "The target has left: the attack ends.")
            end_attack(g)
            return
    if a.blocker >= 0:
        where = find(g, a.blocker)
        if where is None or where[0] != 1 - seat or where[1] != CREATURE:
            a.blocker = -1
    if a.call_off_ok:
        a.stage = "call_off"
        return
    damage(g)


def do_decide(g: Game, seat: int, action: dict[str, Any]) -> None:
    a = g.attack
    assert a is not None
    if action["type"] == "call_off":
        log(g, f"{who(seat)} calls the attack off.")
        end_attack(g)
    elif a.stage == "call_off":
        damage(g)
    else:
        strike_target(g, a.party)


def battle_destroy(g: Game, uid: int) -> None:
    """Destroyed in battle: an attack-position creature costs its controller 1 HP
    (AR-HP-3, AR-HP-4)."""
    where = find(g, uid)
    if where is None:
        return
    side, _, z, c = where
    if c.position == ATTACK:
        lose_hp(g, side)
    leave_field(g, side, z)
    log(g, f"{name(c.card)} is destroyed in battle.")


def damage(g: Game) -> None:
    """AR-BATTLE-4 step 6, AR-BATTLE-8, AR-BLOCK-4."""
    a = g.attack
    assert a is not None
    seat = g.current
    contributions: list[tuple[int, int]] = []
    for uid in a.attackers:
        where = find(g, uid)
        assert where is not None
        contributions.append((uid, power(where[3])))
    if a.target < 0:
        for _ in contributions:
            lose_hp(g, 1 - seat)   # AR-HP-2
        log(g, f"{who(1 - seat)} loses {len(contributions)} HP.")
        end_attack(g)
        check_hp(g)
        return
    if a.blocker >= 0:
        where = find(g, a.blocker)
        assert where is not None
        blocker = where[3]
        result = clash(toughness(blocker), blocker.position == ATTACK, contributions)
        for uid in result.destroyed:
            battle_destroy(g, uid)
        if not result.defender_destroyed:
            log(g, f"{name(blocker.card)} holds: the attack ends.")
            end_attack(g)
            check_hp(g)
            return
        battle_destroy(g, blocker.uid)
        party: list[tuple[int, int]] = []
        after = False
        for uid, p in contributions:
            if uid == result.breaker:
                after = True
                if result.excess.get(uid, 0) > 0:
                    party.append((uid, result.excess[uid]))
            elif after:
                party.append((uid, p))
        if check_hp(g):
            return
        if not party:
            end_attack(g)
            return
        a.party = party
        a.blocker = -1
        a.stage = "continue"   # AR-BLOCK-2: continue or call off
        return
    strike_target(g, contributions)


def strike_target(g: Game, contributions: list[tuple[int, int]]) -> None:
    a = g.attack
    assert a is not None
    where = find(g, a.target_uid)
    assert where is not None
    target = where[3]
    result = clash(toughness(target), target.position == ATTACK, contributions)
    for uid in result.destroyed:
        battle_destroy(g, uid)
    if result.defender_destroyed:
        battle_destroy(g, target.uid)
    else:
        log(g, f"{name(target.card)} survives.")
    end_attack(g)
    check_hp(g)


HANDLERS = {
    "keep": do_mulligan, "redraw": do_mulligan, "summon": do_summon, "flip": do_flip,
    "position": do_position, "set": do_set, "activate": do_activate, "effect": do_effect,
    "ward_effect": do_ward_effect, "equip": do_equip, "pass": do_pass,
    "next_phase": do_next_phase, "end_turn": do_end_turn, "attack": do_attack,
    "attack_direct": do_attack, "add": do_add, "cancel": do_cancel, "confirm": do_confirm,
    "block": do_block, "no_block": do_block, "continue": do_decide, "call_off": do_decide,
}


def all_pieces(g: Game) -> Iterator[Piece]:
    for p in g.players:
        yield from p.deck
        yield from p.hand
        yield from p.nether
        for c in p.creatures:
            if c is not None:
                yield c
                yield from c.wards
        for c in p.runes:
            if c is not None:
                yield c
