"""Casting (FW-CAST, FW-RESULT): the requirement checker `cast_check`, the legal targets of a
card, and the results of a cast, the cancel path included."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .cards import (
    BUILDING,
    CARDS,
    CREATURE,
    ENCHANTMENT,
    SPAWN_DEFAULT,
    SPAWN_FOREST,
    SPAWN_NEAR_BUILDING,
    SPELL,
    STARTING_BASE,
    Card,
    Target,
)
from .combat import hp, hurt
from .draw import draw_one
from .fog import known_spaces
from .hexmap import FOREST, OCEAN, HexMap
from .movement import step_cost
from .sight import board, control, domain_levels, meets_domain, revealed, sees
from .state import BUILDING_KIND, CREATURE_KIND, SITE_KIND, Battle, Enchant, Figure

OK = "ok"
REASONS = {
    OK: "You can cast it.",
    "not_in_hand": "That card is not in your hand.",
    "flux": "You do not have enough flux.",
    "domain": "Your domain level is too low.",
    "target_missing": "The card needs a target.",
    "target_extra": "The card takes no target there.",
    "not_visible": "You cannot see that space.",
    "occupied": "That space is occupied.",
    "empty": "There is nothing there to target.",
    "terrain": "The card cannot go on that terrain.",
    "spawn": "The creature cannot spawn there.",
    "enemy_territory": "That space is in enemy controlled territory.",
    "bad_target": "That is not a valid target for the card.",
    "no_target": "There is no legal target for it now.",
}
"""Every reason code of `cast_check` in words (FW-CAST-12)."""


@dataclass(slots=True)
class Sight:
    """What the checks of one seat need, computed once: the map, revealed spaces (with
    `reveal_memory`, also those seen before), the spaces in sight now, the enemy's area of
    control, own area of control, own Bases and buildings, domain levels."""

    hexes: HexMap
    seen: set[int]
    now: set[int]
    enemy_area: set[int]
    own_area: set[int]
    bases: list[int]
    buildings: list[int]
    levels: dict[str, int]

    @classmethod
    def of(cls, state: Battle, seat: int) -> Sight:
        bases, buildings = [], []
        for space, f in enumerate(state.figures):
            if f is not None and f.owner == seat and f.kind == BUILDING_KIND:
                buildings.append(space)
                if CARDS[f.card].base:
                    bases.append(space)
        # The areas of control as far as the figures in sight and its own tell: under the
        # fog, legal actions never depend on what the caster cannot see (FARWILDS.md Fog).
        now = sees(state, seat)
        known = known_spaces(state, seat, now)
        return cls(board(state), revealed(state, seat), now,
                   control(state, 1 - seat, known), control(state, seat, known), bases,
                   buildings, domain_levels(state, seat))


def _adjacent_to(hexes: HexMap, space: int, others: list[int]) -> bool:
    row = hexes.distance[space]
    return any(row[o] == 1 for o in others)


def _spawn_bases(state: Battle, sight: Sight, found: Card) -> list[int]:
    """FW-CAST-5: any Base of the player. With the option `spawn_needs_domain_base` a
    creature of a domain needs a Base of that same domain, so an Unaligned Base (the starting
    Warcamp, Wayfarer Fort) serves only Unaligned creatures, which may use any Base."""
    if not state.options.spawn_needs_domain_base or found.domain is None:
        return sight.bases
    return [b for b in sight.bases
            if CARDS[state.figures[b].card].domain == found.domain]  # type: ignore[union-attr]


def _creature_check(state: Battle, seat: int, sight: Sight, found: Card, space: int) -> str:
    if space not in sight.now:  # what stands on a space only remembered is hidden
        return "not_visible"
    if state.figures[space] is not None:
        return "occupied"
    terrain = sight.hexes.terrain[space]
    if step_cost(found, terrain) is None:
        return "terrain"  # FW-CAST-6
    if found.spawn == SPAWN_DEFAULT:
        if not _adjacent_to(sight.hexes, space, _spawn_bases(state, sight, found)):
            return "spawn"
    elif found.spawn == SPAWN_FOREST:
        if terrain != FOREST:
            return "spawn"
    elif found.spawn == SPAWN_NEAR_BUILDING and not _adjacent_to(sight.hexes, space,
                                                                  sight.buildings):
        return "spawn"
    if space in sight.enemy_area:
        return "enemy_territory"  # FW-CAST-8
    return OK


def _space_check(state: Battle, sight: Sight, spec: Target, space: int) -> str:
    if not spec.any_space and space not in sight.seen:
        return "not_visible"
    if spec.well and space not in sight.hexes.wells:
        return "bad_target"
    if spec.terrain and sight.hexes.terrain[space] not in spec.terrain:
        return "terrain"
    return OK


def _entity_check(state: Battle, seat: int, sight: Sight, spec: Target, space: int) -> str:
    if space not in sight.now:  # a figure is a target only while in sight (FW-BOARD-2)
        return "not_visible"
    figure = state.figures[space]
    if figure is None:
        return "empty"
    if spec.owner == "own" and figure.owner != seat:
        return "bad_target"
    if spec.owner == "enemy" and figure.owner == seat:
        return "bad_target"
    if spec.types and figure.kind not in spec.types:
        return "bad_target"
    return OK


def _move_check(state: Battle, space: int, dest: int, sight: Sight) -> str:
    """Wind Step's second target: Any space (FW-CAST-11) that fits the creature and is not
    seen to be taken. Whether a space out of sight is empty is not the caster's to know, so
    it never decides what is legal; the move finds out (`_effect`)."""
    if dest == space or (dest in sight.now and state.figures[dest] is not None):
        return "occupied"
    mover = state.figures[space]
    assert mover is not None
    found = CARDS[mover.card]
    if step_cost(found, sight.hexes.terrain[dest]) is None:
        return "terrain"
    return OK


def check_target(state: Battle, seat: int, sight: Sight, found: Card, target: int | None,
                 to: int | None = None) -> str:
    """The target part of FW-CAST-4 to FW-CAST-11 for a card whose flux and domain are met."""
    n = len(sight.hexes)
    if found.type == CREATURE or found.type == BUILDING:
        if target is None:
            return "target_missing"
        if to is not None or not 0 <= target < n:
            return "bad_target"
        if found.type == CREATURE:
            return _creature_check(state, seat, sight, found, target)
        if target not in sight.now:
            return "not_visible"
        if state.figures[target] is not None:
            return "occupied"  # FW-CAST-4
        if sight.hexes.terrain[target] == OCEAN:
            return "terrain"
        return OK
    spec = found.target
    if spec.kind in ("none", "world"):
        return "target_extra" if target is not None or to is not None else OK
    if target is None:
        return "target_missing"
    if not 0 <= target < n:
        return "bad_target"
    if spec.kind == "space":
        return "target_extra" if to is not None else _space_check(state, sight, spec, target)
    result = _entity_check(state, seat, sight, spec, target)
    if result != OK:
        return result
    if found.to is None:
        return "target_extra" if to is not None else OK
    if to is None:
        return "target_missing"
    if not 0 <= to < n:
        return "bad_target"
    return _move_check(state, target, to, sight)


def cast_check(state: Battle, seat: int, card_id: str, target: int | None = None,
               to: int | None = None, sight: Sight | None = None) -> str:
    """OK, or the reason code (REASONS) why `seat` cannot cast `card_id` on `target` now:
    in hand, flux (FW-CAST-1), domain (FW-CAST-2), then the target rules (FW-CAST-4..11)."""
    player = state.players[seat]
    if card_id not in player.hand:
        return "not_in_hand"
    found = CARDS[card_id]
    if player.flux < found.cost:
        return "flux"
    seen = sight if sight is not None else Sight.of(state, seat)
    if not meets_domain(seen.levels, card_id):
        return "domain"
    return check_target(state, seat, seen, found, target, to)


def targets(state: Battle, seat: int, card_id: str, sight: Sight
            ) -> Iterator[tuple[int | None, int | None]]:
    """Every legal (target, to) of a card whose flux and domain are met."""
    found = CARDS[card_id]
    n = len(sight.hexes)
    if found.type in (SPELL, ENCHANTMENT) and found.target.kind in ("none", "world"):
        yield None, None
        return
    for space in range(n):
        if found.to is not None:
            if _entity_check(state, seat, sight, found.target, space) == OK:
                for dest in range(n):
                    if check_target(state, seat, sight, found, space, dest) == OK:
                        yield space, dest
        elif check_target(state, seat, sight, found, space) == OK:
            yield space, None


def hand_reason(state: Battle, seat: int, card_id: str, sight: Sight) -> str:
    """Why a card in hand can or cannot be cast now, target by target: OK when some target
    works, else the reason its best target fails (for the hand on the game page)."""
    found = CARDS[card_id]
    if state.players[seat].flux < found.cost:
        return "flux"
    if not meets_domain(sight.levels, card_id):
        return "domain"
    for _ in targets(state, seat, card_id, sight):
        return OK
    if found.type == CREATURE:
        reasons = {_creature_check(state, seat, sight, found, s) for s in range(len(sight.hexes))}
        for code in ("enemy_territory", "occupied", "spawn"):
            if code in reasons:
                return code
    return "no_target"


def _discard(state: Battle, owner: int, card_id: str) -> None:
    if CARDS[card_id].deckable:
        state.players[owner].discard.append(card_id)


def _effect(state: Battle, seat: int, found: Card, target: int | None, to: int | None,
            entry: dict[str, Any]) -> None:
    """A spell's effect. Damage and destruction leave the figure on the map until the end of
    the action, when the dead are buried (FW-FIGHT-3, `combat.bury`)."""
    effect = found.effect
    kind = effect.get("kind")
    amount = int(effect.get("amount", 0))
    figure = None if target is None else state.figures[target]
    if figure is not None and kind in ("damage", "destroy", "heal"):
        entry["target"] = figure.card  # the log names whose HP changed (issue 32)
    if kind == "gain_flux":
        state.players[seat].flux += amount
    elif kind == "draw":
        for _ in range(amount):
            draw_one(state, seat)
    elif kind == "damage":
        assert figure is not None
        hurt(figure, amount)
        entry["damage"] = amount
    elif kind == "destroy":
        assert figure is not None
        hurt(figure, max(1, hp(figure)))
    elif kind == "heal":
        assert figure is not None
        entry["healed"] = min(amount, figure.damage)
        figure.damage -= entry["healed"]
    elif kind == "move_creature":
        assert target is not None and to is not None and figure is not None
        if state.figures[to] is None:
            state.figures[to], state.figures[target] = figure, None
            figure.entrench = 0  # FW-FIGHT-4: moving loses the tokens
        else:  # the space out of sight was taken: the creature stays, the card is spent
            entry["blocked"] = True


def cancelling(state: Battle, seat: int) -> int | None:
    """Index in the World of the enemy enchantment that cancels `seat`'s next cast."""
    for index, ench in enumerate(state.world):
        if ench.owner != seat and CARDS[ench.card].effect.get("kind") == "cancel_next":
            return index
    return None


def cast(state: Battle, seat: int, card_id: str, target: int | None, to: int | None
         ) -> dict[str, Any]:
    """Resolve a cast already checked (mutates `state`): pay the flux and the card
    (FW-RESULT-1, -2), then either the cancel path (FW-RESULT-7: the turn stays) or the
    card's result (FW-RESULT-4..6) and the turn passes (FW-RESULT-3). The log entry."""
    player = state.players[seat]
    found = CARDS[card_id]
    player.flux -= found.cost
    player.hand.remove(card_id)
    entry: dict[str, Any] = {"round": state.round, "seat": seat, "what": "cast",
                             "card": card_id, "space": target}
    state.passes = 0
    stopper = cancelling(state, seat)
    if stopper is not None:
        ward = state.world.pop(stopper)
        _discard(state, seat, card_id)
        _discard(state, ward.owner, ward.card)
        entry.update(what="cancel", by=ward.card)
        return entry
    if found.type == CREATURE:
        assert target is not None
        state.figures[target] = Figure(seat, card_id, CREATURE_KIND)
    elif found.type == BUILDING:
        assert target is not None
        built = target in control(state, seat)
        state.figures[target] = Figure(seat, card_id, BUILDING_KIND if built else SITE_KIND)
        entry["site"] = not built
    elif found.type == ENCHANTMENT:
        kind = found.target.kind
        ench = Enchant(seat, card_id)
        if kind == "world":
            state.world.append(ench)
        elif kind == "space":
            assert target is not None
            state.space_enchantments.setdefault(target, []).append(ench)
        else:
            assert target is not None
            figure = state.figures[target]
            assert figure is not None
            figure.enchantments.append(ench)
            entry["target"] = figure.card
    else:
        _effect(state, seat, found, target, to, entry)
        _discard(state, seat, card_id)
        if to is not None:
            entry["to"] = to
    state.turn = 1 - seat
    return entry


__all__ = ["OK", "REASONS", "STARTING_BASE", "Sight", "cast", "cast_check", "hand_reason",
           "targets"]
