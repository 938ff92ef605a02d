"""What is on the table: the card an instance is and the deck it goes home to (MW-DISCARD-1),
the mages and their stats, who is still in the game, the public log, and damage previews."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARDS, Card
from .state import GameState

LOG_LENGTH = 40
"""How many recent log lines the state keeps (what the board shows)."""
STAT_KEYS = ("fate", "max_cards", "pets", "plants", "items", "defense", "damage")
"""The buff vocabulary of levels, pets, items, potions and structures (MW-CARD-8)."""
REACH_KEYS = ("alignment", "element", "min_level", "max_level", "pet_owner")
"""Whom a structure's effect reaches (MW-STRUCT-1): mages of an alignment or element, of a
level range, or with (true) or without (false) a pet or plant."""
POTION_SHELF = 2
"""Brewed potions a mage may keep waiting at once (MW-POTION-1, ours)."""
POTION_TURNS = 2
"""A drunk potion lasts to the end of its drinker's next turn (MW-POTION-3, ours)."""


class RuleError(ValueError):
    """An action the rules refuse (the ruleset turns it into IllegalAction)."""


# --- small helpers ------------------------------------------------------------------------


def card_of(state: GameState, iid: int) -> Card:
    return CARDS[state.cards[iid]]


def origin(state: GameState, iid: int) -> str:
    """The deck a card instance came from and is discarded to (MW-DISCARD-1)."""
    return state.homes[state.cards[iid]]


def say(state: GameState, seat: int, text: str) -> None:
    """A public log line (drawn fate cards, curses, attacks, deaths; MAGEWARS.md Views)."""
    state.log.append({"seat": seat, "text": text})
    state.news.append({"seat": seat, "text": text})
    if len(state.log) > LOG_LENGTH:
        del state.log[0]


def discard(state: GameState, iid: int) -> None:
    """The card goes face up onto its origin deck's discard pile (MW-DISCARD-1)."""
    state.discards[origin(state, iid)].append(iid)


def mage(state: GameState, seat: int) -> Card:
    return card_of(state, state.players[seat].mage)


def reaches(state: GameState, seat: int, who: Mapping[str, Any]) -> bool:
    """Does an effect limited by `who` reach this seat's mage (MW-STRUCT-1)? Every named
    limit must hold: alignment, element, level from `min_level` to `max_level`, and
    `pet_owner` (true: keeps at least one pet or plant; false: keeps none)."""
    player = state.players[seat]
    base = mage(state, seat)
    if who.get("alignment", base.alignment) != base.alignment:
        return False
    if who.get("element", base.element) != base.element:
        return False
    if not int(who.get("min_level", 1)) <= player.level <= int(who.get("max_level", 99)):
        return False
    return "pet_owner" not in who or bool(who["pet_owner"]) == bool(player.pets)


def stat(state: GameState, seat: int, key: str) -> int:
    """A mage's value with every buff: levels, kept pets and items, potions in effect, and
    the persistent effects of completed structures that reach it (MW-CARD-8, MW-CARD-6,
    MW-POTION-3, MW-STRUCT-1)."""
    player = state.players[seat]
    base = mage(state, seat)
    value = {"fate": base.fate, "max_cards": base.max_cards, "pets": base.pets,
             "plants": base.plants, "items": base.items}.get(key, 0)
    for iid in (*player.levels, *player.pets, *player.items, *player.draughts):
        value += card_of(state, iid).bonus.get(key, 0)
    for iid in state.built:
        effect = card_of(state, iid).persistent
        if key in effect and reaches(state, seat, effect):
            value += int(effect[key])
    return max(1, value) if key in ("fate", "max_cards") else value


def in_game(state: GameState) -> list[int]:
    return [s for s, p in enumerate(state.players) if not p.left]


def targets(state: GameState, seat: int) -> list[int]:
    """What `seat` may attack: another living player's mage, pets, items and armor, and any
    completed structure (MW-COMBAT-5, MW-COMBAT-6, MW-DEATH-2)."""
    found: list[int] = []
    for other, player in enumerate(state.players):
        if other == seat or player.left or not player.alive:
            continue
        found += [player.mage, *player.pets, *player.items, *player.armor]
    return found + state.built


def seat_of_mage(state: GameState, iid: int) -> int | None:
    for seat, player in enumerate(state.players):
        if player.mage == iid:
            return seat
    return None


def mage_damage(state: GameState, attacker: int, damage: int, flags: Sequence[str],
                defender: int) -> int:
    """Damage dealt to a mage: the attack with the attacker's damage buffs, less the armor
    pile unless ignored, less defense buffs unless ignored, never below 0 (MW-COMBAT-1..3)."""
    total = damage + stat(state, attacker, "damage")
    if "ignores_armor" not in flags:
        total -= len(state.players[defender].armor)
    if "ignores_defense_buffs" not in flags:
        total -= stat(state, defender, "defense")
    return max(0, total)


def card_damage(state: GameState, attacker: int, damage: int) -> int:
    """Damage dealt to a pet, item, armor card or structure (MW-COMBAT-4)."""
    return damage + stat(state, attacker, "damage")
