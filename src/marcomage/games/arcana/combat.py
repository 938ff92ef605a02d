"""Attacks after their declaration (AR-BATTLE): who may attack and block, the damage step
with its clashes, strikes at a player or a creature, and what is destroyed in battle."""

from __future__ import annotations

from typing import Any

from .cards import CREATURE
from .clash import clash
from .field import find, leave_field, log, name, power, toughness, who
from .state import ATTACK, BATTLE, DEFENSE, Attack, Game
from .victory import check_hp, lose_hp


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
    attacking = c.position == ATTACK
    leave_field(g, side, z)
    log(g, f"{name(c.card)} is destroyed in battle.")
    if attacking:
        lose_hp(g, side)
        log(g, f"{who(side)} loses 1 HP ({name(c.card)} fell in attack position): "
               f"{g.players[side].hp} left.")


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
        for uid, _ in contributions:   # AR-HP-2: each direct attacker costs 1 HP
            lose_hp(g, 1 - seat)
            where = find(g, uid)
            assert where is not None
            log(g, f"{who(1 - seat)} loses 1 HP ({name(where[3].card)} attacks directly): "
                   f"{g.players[1 - seat].hp} left.")
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
