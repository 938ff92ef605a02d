"""Figures that fight (FW-FIGHT): HP, melee where the attacker could move, ranged within
range and sight, battle back and Battle Ready, flanking, armour, siege and entrenchment,
death at the end of the action with its corpse or ruins, heal and entrench at the round
boundaries, and special actions with their dim and flux costs."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, Ability
from .hexmap import HexMap
from .movement import bonus, feared_spaces, speed_of, step_cost
from .sight import board
from .state import BUILDING_KIND, CREATURE_KIND, ENTRENCH_MAX, SITE_KIND, Battle, Figure

MELEE, RANGED = "melee", "ranged"


def max_hp(figure: Figure) -> int:
    """FW-MOVE-1: the figure's maximum HP with its enchantments."""
    return CARDS[figure.card].health + bonus(figure, "health")


def hp(figure: Figure) -> int:
    """The figure's HP now: its maximum less the damage it has taken."""
    return max_hp(figure) - figure.damage


def attack_of(figure: Figure) -> int:
    """The figure's Attack with its enchantments; a construction site has none."""
    if figure.kind == SITE_KIND:
        return 0
    return max(0, CARDS[figure.card].attack + bonus(figure, "attack"))


def aloft(figure: Figure) -> bool:
    return figure.kind == CREATURE_KIND and CARDS[figure.card].aloft


def strike(state: Battle, source: int, target: int) -> int:
    """The damage the figure on `source` deals the figure on `target` in one blow: its
    Attack, +siege against a building or construction site, +1 with Flanking when the target
    stands next to another figure of the attacker's side (FW-FIGHT-2), less the target's
    armour and entrenchment tokens (FW-FIGHT-4); never below 0."""
    attacker, defender = state.figures[source], state.figures[target]
    assert attacker is not None and defender is not None
    found = CARDS[attacker.card]
    power = attack_of(attacker)
    if power <= 0:
        return 0
    if defender.kind in (BUILDING_KIND, SITE_KIND):
        power += found.siege
    if found.flanking:
        hexes = board(state)
        if any(n != source and (f := state.figures[n]) is not None
               and f.owner == attacker.owner for n in hexes.neighbours[target]):
            power += 1
    guard = CARDS[defender.card].armour + bonus(defender, "armour") + defender.entrench
    return max(0, power - guard)


def hurt(figure: Figure, amount: int) -> None:
    """The figure takes `amount` damage; a construction site that takes damage starts its
    count again (FW-RESULT-5) and does not progress this round (FW-FIGHT-3)."""
    if amount <= 0:
        return
    figure.damage += amount
    figure.hit = True
    if figure.kind == SITE_KIND:
        figure.progress = 0


def melee_targets(state: Battle, seat: int, source: int, seen: set[int]) -> list[int]:
    """FW-FIGHT-1: the enemy figures next to the figure on `source` that it may melee: in
    sight, on a space it could move into were it empty (its terrain within the creature's
    speed, no Fear keeping it out), and not Aloft against a ground attacker unless that
    Aloft figure meleed a ground creature this round. Buildings do not move, so they do not
    melee (they battle back)."""
    figure = state.figures[source]
    assert figure is not None
    if figure.kind != CREATURE_KIND or attack_of(figure) <= 0:
        return []
    hexes: HexMap = board(state)
    found = CARDS[figure.card]
    speed = speed_of(figure)
    feared = feared_spaces(state, seat, found, seen)
    out = []
    for space in hexes.neighbours[source]:
        target = state.figures[space]
        if space not in seen or target is None or target.owner == seat:
            continue
        cost = step_cost(found, hexes.terrain[space])
        if cost is None or cost > speed or space in feared:
            continue
        if aloft(target) and not found.aloft and not target.struck_ground:
            continue
        out.append(space)
    return out


def ranged_targets(state: Battle, seat: int, source: int, seen: set[int]) -> list[int]:
    """FW-FIGHT-1: a Ranged N figure attacks any enemy figure it sees within N spaces."""
    figure = state.figures[source]
    assert figure is not None
    reach = CARDS[figure.card].range
    if not reach or figure.kind == SITE_KIND or attack_of(figure) <= 0:
        return []
    hexes = board(state)
    return [s for s in sorted(hexes.within(source, reach) & seen)
            if s != source and (f := state.figures[s]) is not None and f.owner != seat]


def attack_targets(state: Battle, seat: int, source: int, seen: set[int]
                   ) -> dict[int, str]:
    """Every figure the figure on `source` may attack now, and how (melee or ranged; a
    Ranged figure shoots even at a neighbour)."""
    out = {s: MELEE for s in melee_targets(state, seat, source, seen)}
    out.update({s: RANGED for s in ranged_targets(state, seat, source, seen)})
    return out


def attack(state: Battle, seat: int, source: int, target: int, how: str
           ) -> dict[str, Any]:
    """Resolve an attack already checked (mutates `state`): the attacker dims (FW-MOVE-2)
    and deals its blow; a meleed figure answers, with Battle Ready at once and without
    dimming, else by battling back if it is undimmed (and then dims), whatever the terrain
    (FW-FIGHT-2). Deaths wait for the end of the action (`bury`). The log entry's fields."""
    attacker, defender = state.figures[source], state.figures[target]
    assert attacker is not None and defender is not None
    attacker.dimmed = True
    dealt = strike(state, source, target)
    hurt(defender, dealt)
    entry: dict[str, Any] = {"what": "attack", "how": how, "card": attacker.card,
                             "space": source, "to": target, "target": defender.card,
                             "damage": dealt}
    if how == MELEE:
        if aloft(attacker) and defender.kind == CREATURE_KIND and not aloft(defender):
            attacker.struck_ground = True
        answer = None
        if defender.kind != SITE_KIND and attack_of(defender) > 0:
            if CARDS[defender.card].battle_ready:
                answer = "battle_ready"
            elif not defender.dimmed:
                answer = "battle_back"
                defender.dimmed = True
        if answer is not None:
            back = strike(state, target, source)
            hurt(attacker, back)
            entry.update(answer=answer, back=back)
    return entry


def bury(state: Battle) -> list[list[Any]]:
    """FW-FIGHT-3, at the end of every action: each figure at 0 HP or less dies. A creature
    leaves a corpse, a building ruins, a construction site nothing; the card and its
    enchantments go to their owners' discard piles (FW-RESULT-6). The dead as [space,
    card, owner, kind], in space order."""
    dead: list[list[Any]] = []
    for space, figure in enumerate(state.figures):
        if figure is None or hp(figure) > 0:
            continue
        dead.append([space, figure.card, figure.owner, figure.kind])
        if figure.kind == CREATURE_KIND:
            state.corpses.setdefault(space, []).append(figure.card)
        elif figure.kind == BUILDING_KIND:
            state.ruins.setdefault(space, []).append(figure.card)
        remove(state, space)
    return dead


def remove(state: Battle, space: int) -> None:
    """A figure leaves the map; it and its enchantments go to their owners' discard piles."""
    figure = state.figures[space]
    assert figure is not None
    state.figures[space] = None
    for ench in figure.enchantments:
        if CARDS[ench.card].deckable:
            state.players[ench.owner].discard.append(ench.card)
    if CARDS[figure.card].deckable:
        state.players[figure.owner].discard.append(figure.card)


def heal_all(state: Battle) -> list[list[Any]]:
    """FW-FIGHT-4, at the start of every round: a figure with Heal X regains X HP, up to
    its maximum. The healed as [space, card, owner, amount]."""
    healed: list[list[Any]] = []
    for space, figure in enumerate(state.figures):
        if figure is None or figure.kind == SITE_KIND:
            continue
        amount = min(CARDS[figure.card].heal, figure.damage)
        if amount > 0:
            figure.damage -= amount
            healed.append([space, figure.card, figure.owner, amount])
    return healed


def entrench_all(state: Battle) -> None:
    """FW-FIGHT-4, at the end of a round before everything undims: an undimmed figure with
    Entrench gains a token, up to ENTRENCH_MAX."""
    for figure in state.figures:
        if (figure is not None and not figure.dimmed and figure.kind != SITE_KIND
                and CARDS[figure.card].entrench):
            figure.entrench = min(ENTRENCH_MAX, figure.entrench + 1)


def ability(figure: Figure, ability_id: str) -> Ability | None:
    for found in CARDS[figure.card].actions:
        if found.id == ability_id:
            return found
    return None


def ability_check(state: Battle, seat: int, space: int, ability_id: str,
                  target: int | None, seen: set[int]) -> str | None:
    """Why the special action cannot be used now (None when it can): the figure is yours and
    built, a dimming action needs it undimmed, the flux is paid, the target fits (FW-FIGHT-5;
    targets in sight only, FARWILDS.md Fog)."""
    figure = state.figures[space]
    if figure is None or figure.owner != seat or figure.kind == SITE_KIND:
        return "That is not a figure of yours."
    found = ability(figure, ability_id)
    if found is None:
        return f"{CARDS[figure.card].name} has no action {ability_id!r}."
    if found.dim and figure.dimmed:
        return f"{CARDS[figure.card].name} is dimmed."
    if state.players[seat].flux < found.flux:
        return "You do not have enough flux."
    spec = found.target
    if spec.kind == "none":
        return None if target is None else "That action takes no target."
    if target is None or type(target) is not int or not 0 <= target < len(state.figures):
        return "That action needs a target."
    other = state.figures[target]
    if target not in seen or other is None:
        return "There is no figure you see there."
    if board(state).distance[space][target] > found.range:
        return "That target is out of reach."
    if (spec.owner == "own" and other.owner != seat) or (
            spec.owner == "enemy" and other.owner == seat):
        return "That is not a valid target for the action."
    if spec.types and other.kind not in spec.types:
        return "That is not a valid target for the action."
    return None


def ability_targets(state: Battle, seat: int, space: int, found: Ability, seen: set[int]
                    ) -> list[int | None]:
    if found.target.kind == "none":
        return [None]
    hexes = board(state)
    return [t for t in sorted(hexes.within(space, found.range) & seen)
            if ability_check(state, seat, space, found.id, t, seen) is None]


def use_ability(state: Battle, seat: int, space: int, ability_id: str, target: int | None
                ) -> dict[str, Any]:
    """Resolve a special action already checked (mutates `state`): pay its flux, dim the
    figure if it dims, then its effect. The log entry's fields."""
    figure = state.figures[space]
    assert figure is not None
    found = ability(figure, ability_id)
    assert found is not None
    state.players[seat].flux -= found.flux
    if found.dim:
        figure.dimmed = True
    amount = int(found.effect.get("amount", 0))
    kind = found.effect["kind"]
    entry: dict[str, Any] = {"what": "ability", "card": figure.card, "ability": found.id,
                             "space": space, "to": target, "effect": kind, "amount": amount}
    aim = figure if target is None else state.figures[target]
    assert aim is not None
    if kind == "damage":
        hurt(aim, amount)
        entry["target"] = aim.card
    elif kind == "heal":
        entry["amount"] = min(amount, aim.damage)
        aim.damage -= entry["amount"]
        entry["target"] = aim.card
    elif kind == "gain_flux":
        state.players[seat].flux += amount
    elif kind == "fortify":
        aim.entrench = min(ENTRENCH_MAX, aim.entrench + amount)
    return entry
