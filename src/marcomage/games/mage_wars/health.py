"""Health and death (MW-HEALTH, MW-DEATH): health cards lost, kept cards removed, and a
mage's death with what it takes to the discard piles."""

from __future__ import annotations

from .state import GameState
from .tabletop import discard, mage, say

# --- health, death and resurrection -------------------------------------------------------


def lose_health(state: GameState, seat: int, n: int) -> None:
    """Damage removes health cards: the owner chooses which (a decision, even on another
    player's turn) or they go at random (MW-HEALTH-5); none left is death (MW-HEALTH-6)."""
    player = state.players[seat]
    if n <= 0 or not player.alive:
        return
    n_before = len(player.health)
    if n >= len(player.health) or state.options.health_loss_choice == "random":
        for _ in range(min(n, len(player.health))):
            discard(state, player.health.pop(state.rng.below(len(player.health))))
        say(state, seat, f"loses {min(n, n_before)} health ({len(player.health)} left)")
        if not player.health:
            die(state, seat)
        return
    state.decisions.insert(0, {"kind": "lose_health", "seat": seat, "n": n})


def remove_kept(state: GameState, seat: int, iid: int) -> None:
    """A pet, item or armor card leaves the table to the discard piles with its charges."""
    player = state.players[seat]
    for zone in (player.pets, player.items, player.armor):
        if iid in zone:
            zone.remove(iid)
    for charge in player.charges.pop(iid, []):
        discard(state, charge)
    discard(state, iid)


def die(state: GameState, seat: int) -> None:
    """The mage dies: hand, items, pets, armor and own manifestations are discarded, levels
    and contributions to structures stay (MW-DEATH-1); the turn of a mage who dies on it
    ends. A death past the mage's `resurrections` is final: the mage falls for good and
    leaves the table (MW-DEATH-5)."""
    player = state.players[seat]
    player.alive = False
    player.deaths += 1
    for iid in (*player.hand, *player.health):
        discard(state, iid)
    player.hand.clear()
    player.health.clear()
    player.discounts.clear()
    for iid in (*player.pets, *player.items, *player.armor):
        remove_kept(state, seat, iid)
    for manifest in player.manifests:
        for iid in (manifest.card, *manifest.contributed()):
            discard(state, iid)
    for iid in (*player.shelf, *player.draughts):  # potions are items of a kind (MW-POTION-4)
        discard(state, iid)
    player.shelf.clear()
    player.draughts.clear()
    player.manifests.clear()
    player.used.clear()
    kept = []
    for decision in state.decisions:
        if decision["seat"] == seat and decision["kind"] in ("craft", "target", "meddle"):
            discard(state, decision["card"])
        elif not (decision["seat"] == seat and decision["kind"] in ("lose_health",
                                                                      "hand_limit")):
            kept.append(decision)
    state.decisions = kept
    state.pending_effects = [e for e in state.pending_effects if e["seat"] != seat]
    final = player.deaths > mage(state, seat).resurrections
    if final:
        clear_seat(state, seat)
        player.fallen = True
        say(state, seat, "dies and falls for good: no resurrection is left")
    else:
        left = mage(state, seat).resurrections - player.deaths + 1
        say(state, seat, f"dies ({left} resurrection{'s' if left != 1 else ''} left)")
    if seat == state.active and state.stage in ("fate", "main"):
        for iid in state.challenges:
            discard(state, iid)
        state.challenges.clear()
        state.fate_left = 0
        state.stage = "ending"


def clear_seat(state: GameState, seat: int) -> None:
    """A seat leaves the table for good (surrender, MW-WIN-4, or a final death, MW-DEATH-5):
    its pending decisions and every card it holds go to the discard piles, the health-card
    waivers of structures it opened lapse, and the mage counts as permanently dead."""
    player = state.players[seat]
    for decision in [d for d in state.decisions if d["seat"] == seat]:
        state.decisions.remove(decision)
        if decision["kind"] in ("curse", "craft", "target", "meddle"):
            discard(state, decision["card"])
    state.pending_effects = [e for e in state.pending_effects if e["seat"] != seat]
    if state.resurrection is not None and state.resurrection.owner == seat:
        for iid in state.resurrection.contributed():
            discard(state, iid)
        state.resurrection = None
    for iid in (*player.pets, *player.items, *player.armor):
        remove_kept(state, seat, iid)
    for manifest in player.manifests:
        for iid in (manifest.card, *manifest.contributed()):
            discard(state, iid)
    for iid in (*player.hand, *player.health, *player.permanents, *player.blessings,
                *player.levels, *player.shelf, *player.draughts):
        discard(state, iid)
    player.shelf.clear()
    player.draughts.clear()
    if player.mage >= 0:
        discard(state, player.mage)
    for manifest in state.structures:  # the discount was the leaver's (MW-HEALTH-4)
        if manifest.opener == seat:
            manifest.waivers = 0
    player.manifests.clear()
    player.hand.clear()
    player.health.clear()
    player.permanents.clear()
    player.blessings.clear()
    player.levels.clear()
    player.discounts.clear()
    player.alive, player.left = False, True
