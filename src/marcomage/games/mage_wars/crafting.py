"""Opening and filling a card's requirements (MW-REQ): the manifests on the table,
the slots a card fills, the waivers, and a card that becomes active."""

from __future__ import annotations

from typing import Any

from .drawing import run_effects
from .requirements import permanent_slot, place_icons
from .state import ALL, EMPTY, PERMANENT, WAIVED, GameState, Manifest
from .tabletop import RuleError, card_of, discard, say

COMPLETES = "completes "
"""How the public log says that a seat completed a card (read back by `usage.cards_used`)."""

# --- carrying out an action ---------------------------------------------------------------


def fill(state: GameState, manifest: Manifest, iid: int, slot: int | None) -> None:
    """Put a card's resources into the manifestation: one chosen slot (one_per_card) or one
    slot per icon (all_icons) (MW-REQ-5)."""
    if slot is not None:
        manifest.filled[slot] = iid
        return
    open_slots = manifest.open_slots()
    for index in place_icons([manifest.slots[i] for i in open_slots],
                             card_of(state, iid).resources):
        manifest.filled[open_slots[index]] = iid


def find_manifest(state: GameState, seat: int, target: Any, centre: bool) -> Manifest:
    found: list[Manifest] = [*state.players[seat].manifests,
                             *(state.structures if centre else ())]
    for manifest in found:
        if manifest.card == target:
            return manifest
    raise RuleError("There is no such manifestation.")


def waivable(state: GameState, seat: int) -> list[Manifest]:
    """The manifestations whose health-card waivers `seat` may spend: its own, and the
    structures in the centre it opened (MW-HEALTH-4, MW-CARD-6)."""
    return [*state.players[seat].manifests,
            *(m for m in state.structures if m.opener == seat)]


def open_card(state: GameState, seat: int, iid: int, alt: int) -> None:
    """Place a card as a manifestation (MW-REQ-3, MW-REQ-4): its chosen alternative's slots,
    the health-card discount (MW-HEALTH-4) and the owner's permanent resources (MW-REQ-8)."""
    player = state.players[seat]
    card = card_of(state, iid)
    player.hand.remove(iid)
    discount = player.discounts.pop(iid, 0)
    slots = list(card.alternatives[alt])
    manifest = Manifest(iid, -1 if card.type == "structure" else seat, slots,
                        [EMPTY] * len(slots), opener=seat)
    for permanent in player.permanents:
        kind = card_of(state, permanent).permanent
        index = permanent_slot([s if f == EMPTY else "" for s, f in
                                zip(manifest.slots, manifest.filled, strict=True)], kind)
        if index is not None and manifest.filled[index] == EMPTY:
            manifest.filled[index] = PERMANENT
    waivers = len(slots) if discount == ALL else discount
    if waivers >= len(manifest.open_slots()):
        manifest.filled = [WAIVED if f == EMPTY else f for f in manifest.filled]
    else:
        manifest.waivers = waivers
    say(state, seat, f"opens {card.name}")
    if card.type == "structure":
        state.structures.append(manifest)
    else:
        player.manifests.append(manifest)
    if not manifest.open_slots():
        activate(state, seat, manifest)


def activate(state: GameState, seat: int, manifest: Manifest) -> None:
    """All requirements met: the card activates (MW-REQ-6); contributed cards become charges
    or are discarded (MW-REQ-7, MW-CHARGE-1); then the card does what its type does."""
    iid = manifest.card
    card = card_of(state, iid)
    player = state.players[seat]
    if manifest in player.manifests:
        player.manifests.remove(manifest)
    if manifest in state.structures:
        state.structures.remove(manifest)
    contributed = manifest.contributed()
    say(state, seat, f"{COMPLETES}{card.name}")
    if card.charged:
        player.charges[iid] = contributed
    else:
        for used in contributed:
            discard(state, used)
    if card.type == "level":
        if card.level == player.level + 1:
            player.levels.append(iid)
            player.level = card.level
        else:  # no longer the next level: no buffs, and never a lower level (MW-CARD-7/8)
            say(state, seat, f"{card.name} is not the next level and has no effect")
            discard(state, iid)
    elif card.type == "structure":
        state.built.append(iid)
        run_effects(state, seat, card.on_complete)
    elif card.type == "resource":
        player.permanents.append(iid)
    elif card.type == "blessing":
        player.blessings.append(iid)
    elif card.type == "potion":  # brewed: it waits on the shelf to be drunk (MW-POTION-1)
        player.shelf.append(iid)
    elif card.type == "magic":
        if card.meddle:
            state.decisions.insert(0, {"kind": "meddle", "seat": seat, "card": iid})
        elif card.damage > 0:
            state.decisions.insert(0, {"kind": "target", "seat": seat, "card": iid})
        else:
            discard(state, iid)
            run_effects(state, seat, card.effects)
    else:
        state.decisions.insert(0, {"kind": "craft", "seat": seat, "card": iid})
