"""A greedy battle plan for the search bot (issue 32): every legal action rated at once,
without playing it, by what it does to the fight for the Flux Wells. Attacks that kill or
hurt more than they cost, creatures that march on the enemy buildings holding wells (only
buildings hold wells, FW-BOARD-3, so a well changes hands when they fall), buildings that
take or contest a well, and the spells and enchantments that help these. The search bot
plays it in its rollouts and starts its root actions from it; with no search budget it is
the bot (the balance lab's cheap budget)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from marcomage.platform.protocol import Action
from marcomage.platform.rng import Rng

from .cards import BUILDING, CARDS, CREATURE, ENCHANTMENT
from .combat import attack_of, hp, strike
from .hexmap import HexMap
from .sight import board, building_reach, domain_levels
from .state import BUILDING_KIND, CREATURE_KIND, SITE_KIND, Battle, Figure

PASS: Action = {"type": "pass"}


@dataclass(slots=True)
class Plan:
    """What one decision of `seat` is judged by, worked out once: the map, each side's
    building reach, the wells each side holds, and the spaces a creature marches on (the
    enemy buildings and sites, those by a well first; failing any, the wells it lacks)."""

    seat: int
    hexes: HexMap
    mine: set[int]
    theirs: set[int]
    wells_mine: set[int]
    wells_theirs: set[int]
    goals: list[int]
    levels: dict[str, int]

    @classmethod
    def of(cls, state: Battle, seat: int) -> Plan:
        hexes = board(state)
        mine, theirs = building_reach(state, seat), building_reach(state, 1 - seat)
        wells_mine = {w for w in hexes.wells if w in mine and w not in theirs}
        wells_theirs = {w for w in hexes.wells if w in theirs and w not in mine}
        goals = [s for s, f in enumerate(state.figures) if f is not None
                 and f.owner != seat and f.kind in (BUILDING_KIND, SITE_KIND)]
        if not goals:
            goals = [w for w in hexes.wells if w not in wells_mine] or list(hexes.wells)
        return cls(seat, hexes, mine, theirs, wells_mine, wells_theirs, goals,
                   domain_levels(state, seat))

    def to_goal(self, space: int) -> int:
        """Steps from `space` to the nearest goal."""
        row = self.hexes.distance[space]
        return min(row[g] for g in self.goals)


def worth(state: Battle, space: int, plan: Plan) -> float:
    """What the figure on `space` is worth to its side: its cost, its fight, and for a
    building the wells it holds or contests."""
    figure = state.figures[space]
    assert figure is not None
    found = CARDS[figure.card]
    value = 1.0 + found.cost + 0.5 * attack_of(figure) + 0.25 * hp(figure)
    if figure.kind in (BUILDING_KIND, SITE_KIND):
        reach = plan.hexes.within(space, max(found.vision, 0))
        value += 4.0 * sum(w in reach for w in plan.hexes.wells) + (3.0 if found.base else 0)
    return value


def _blow(state: Battle, plan: Plan, source: int | None, target: int, dealt: int) -> float:
    """A blow of `dealt` on the figure on `target`: a kill is worth the figure, a wound its
    share of it (a figure at full HP heals nothing, so part of the wound is lost)."""
    figure = state.figures[target]
    if figure is None or dealt <= 0:
        return -1.0
    value = worth(state, target, plan)
    if figure.owner == plan.seat:
        return -value
    left = hp(figure)
    if dealt >= left:
        return 4.0 + 1.5 * value
    return 0.6 * value * dealt / max(left, 1)


def rate_attack(state: Battle, plan: Plan, source: int, target: int) -> float:
    """An attack: the blow, less the answer a meleed figure strikes back with."""
    dealt = strike(state, source, target)
    value = _blow(state, plan, source, target, dealt)
    attacker, defender = state.figures[source], state.figures[target]
    assert attacker is not None and defender is not None
    melee = plan.hexes.distance[source][target] == 1 and not CARDS[attacker.card].range
    if melee and defender.kind != SITE_KIND and attack_of(defender) > 0 and (
            CARDS[defender.card].battle_ready or not defender.dimmed):
        back = strike(state, target, source)
        if back >= hp(attacker) and dealt < hp(defender):
            value -= 4.0 + 1.5 * worth(state, source, plan)
        elif back >= hp(attacker):
            value -= worth(state, source, plan)
        else:
            value -= 0.6 * worth(state, source, plan) * back / max(hp(attacker), 1)
    return value


def rate_move(state: Battle, plan: Plan, source: int, dest: int) -> float:
    """A move: the steps it gains towards the nearest goal; a Ranged creature stops at its
    range rather than walking into melee."""
    figure = state.figures[source]
    assert figure is not None
    reach = CARDS[figure.card].range
    before, after = plan.to_goal(source), plan.to_goal(dest)
    if reach:
        before, after = max(before - reach, 0), max(after - reach, 0)
    return 1.2 * (before - after) - 0.1


def rate_cast(state: Battle, plan: Plan, action: Action) -> float:
    """A cast, by kind: a building by the wells it takes or contests and the domain it
    gives, a creature by its fight and how near a goal it enters, a spell or an enchantment
    by its effect on its target."""
    found = CARDS[action["card"]]
    target = action.get("target")
    kind = found.effect.get("kind")
    amount = int(found.effect.get("amount", 0))
    if found.type == BUILDING:
        assert target is not None
        reach = plan.hexes.within(target, found.vision)
        value = 1.0 + 0.5 * found.health / 4
        for well in plan.hexes.wells:
            if well in reach and well not in plan.wells_mine:
                value += 6.0 if well not in plan.theirs else 4.0
        value += 2.0 * sum(1 for d, n in found.gives.items() if n and plan.levels[d] < 3)
        if target not in plan.mine or target in plan.theirs:
            value -= 2.0  # a construction site, three rounds from doing anything
        return value
    if found.type == CREATURE:
        assert target is not None
        fight = found.attack * (1 + 0.5 * bool(found.range)) + 0.5 * found.health
        return 2.0 + 0.6 * fight + 0.3 * found.speed - 0.3 * plan.to_goal(target)
    if kind == "gain_flux":
        return 0.8 * amount - 0.5 * found.cost
    if kind == "draw":
        return 1.5 * amount - 0.3 * found.cost
    if kind == "income" or kind == "cancel_next":
        return 2.5
    if kind == "well_income":
        return 3.0 if target in plan.wells_mine else -1.0
    if target is None:
        return 0.5
    figure = state.figures[target]
    if figure is None:
        return 0.0
    if kind == "damage":
        return _blow(state, plan, None, target, amount) - 0.3 * found.cost
    if kind == "destroy":
        return _blow(state, plan, None, target, max(1, hp(figure))) - 0.3 * found.cost
    if kind == "heal":
        return 0.6 * min(amount, figure.damage) - 0.3 * found.cost
    if found.type == ENCHANTMENT and figure.owner == plan.seat:
        weight = 1.0 if figure.kind == CREATURE_KIND else 0.6
        return weight * (1.0 + 0.7 * amount) - 0.2 * found.cost
    return -1.0


def rate_act(state: Battle, plan: Plan, action: Action) -> float:
    """A special action by its effect."""
    source = action["from"]
    figure = state.figures[source]
    assert figure is not None
    found = next(a for a in CARDS[figure.card].actions if a.id == action["ability"])
    amount = int(found.effect.get("amount", 0))
    kind = found.effect["kind"]
    target = action.get("target")
    aim: Figure | None = figure if target is None else state.figures[target]
    cost = 0.5 * found.flux
    if kind == "damage":
        return _blow(state, plan, source, source if target is None else target, amount) - cost
    if kind == "heal":
        return (0.6 * min(amount, aim.damage) if aim is not None else 0.0) - cost - 0.2
    if kind == "gain_flux":
        return 0.8 * amount - found.flux - 0.2
    return 0.3 - cost  # fortify


def rate(state: Battle, plan: Plan, action: Action) -> float:
    """The action's value to `plan.seat` (0 is a pass)."""
    kind = action["type"]
    if kind == "attack":
        return rate_attack(state, plan, action["from"], action["to"])
    if kind == "move":
        return rate_move(state, plan, action["from"], action["to"])
    if kind == "cast":
        return rate_cast(state, plan, action)
    if kind == "act":
        return rate_act(state, plan, action)
    if kind == "cycle":
        return -0.5
    return 0.0


def tie_order(plan: Plan, action: Action) -> tuple[object, ...]:
    """How `plan.seat` orders two actions of equal value: by kind and card, then by their
    spaces seen from its own side of the map (seat 1 reads each space as its mirror image,
    `HexMap.turned`). Every shipped map is point-symmetric, so both seats break ties alike;
    the legal order (space numbers, which run from seat 1's edge to seat 0's) had one seat
    lean towards the enemy and the other towards home, which gave seat 2 about 58% of the
    premade armies' battles (issue 32, w32e)."""
    turn = plan.hexes.turned if plan.seat == 1 else None

    def at(key: str) -> int:
        space = action.get(key)
        if type(space) is not int:
            return -1
        return turn[space] if turn is not None else space
    return (action["type"], str(action.get("card", "")), str(action.get("ability", "")),
            at("from"), at("target"), at("to"))


def ranked(state: Battle, seat: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """The legal actions with their values, best first (ties by `tie_order`)."""
    plan = Plan.of(state, seat)
    rated = [(rate(state, plan, a), tie_order(plan, a), a) for a in legal]
    rated.sort(key=lambda t: t[1])
    rated.sort(key=lambda t: t[0], reverse=True)
    return [(v, a) for v, _, a in rated]


def greedy(state: Battle, seat: int, legal: Sequence[Action], rng: Rng | None = None,
           noise: float = 0.0) -> Action:
    """The best action by `rate` (with `noise`, each value is shaken by up to that much, so
    that rollouts differ); a pass when nothing is worth more than 0; ties by `tie_order`,
    the same for both seats."""
    plan = Plan.of(state, seat)
    best: Action = PASS
    top = 0.0
    for action in legal:
        value = rate(state, plan, action)
        if noise and rng is not None:
            value += noise * (rng.below(1000) / 1000.0 - 0.5)
        if value > top or (value == top and best is not PASS
                           and tie_order(plan, action) < tie_order(plan, best)):
            best, top = action, value
    return best


__all__ = ["Plan", "greedy", "ranked", "rate", "tie_order"]
