"""Who decides now and what (MW-TURN, PL-PROTO-4): the seat to act and its legal actions,
the cards and payments that may fill a requirement, and the challenges met."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import CARDS, HEALTH_DECKS, Card
from .crafting import fill, waivable
from .requirements import ALL_ICONS, ANY, can_fill, place_icons
from .state import EMPTY, GameState, Manifest
from .tabletop import POTION_SHELF, card_of, in_game, mage, stat, targets

# --- who decides, and what ----------------------------------------------------------------


def to_act(state: GameState) -> int | None:
    if state.outcome is not None:
        return None
    if state.decisions:
        return int(state.decisions[0]["seat"])
    if state.stage in ("main", "dead", "resurrecting"):
        return state.active
    return None


def _distinct_slots(manifest: Manifest) -> list[int]:
    """The first open slot of each kind (filling either of two equal slots is one choice)."""
    seen: set[str] = set()
    out = []
    slots = manifest.slots
    for index, filled in enumerate(manifest.filled):
        if filled == EMPTY and slots[index] not in seen:
            seen.add(slots[index])
            out.append(index)
    return out


def _icons_of(state: GameState, iids: Sequence[int]) -> list[tuple[str, ...]]:
    return [card_of(state, i).resources for i in iids]


def contributions(state: GameState, seat: int, hand: Sequence[int],
                  manifests: Sequence[Manifest], kind: str = "contribute"
                  ) -> list[dict[str, Any]]:
    """Every way to put a hand card's resources into a manifestation's open slots
    (MW-REQ-3, MW-REQ-5)."""
    out: list[dict[str, Any]] = []
    if state.options.resource_mode == ALL_ICONS:
        for iid in hand:
            icons = card_of(state, iid).resources
            if not icons:
                continue
            for manifest in manifests:
                if manifest.stalled > 0:  # nothing goes into a stalled card (MW-MEDDLE-1)
                    continue
                open_kinds = [manifest.slots[i] for i in manifest.open_slots()]
                if place_icons(open_kinds, icons):
                    out.append({"type": kind, "card": iid, "target": manifest.card})
        return out
    # the open slots of each manifestation read once, not once a hand card (`fits`: an
    # "any" slot takes every icon and an "any" icon fills every slot)
    ready = [(manifest.card, [(slot, manifest.slots[slot])
                              for slot in _distinct_slots(manifest)])
             for manifest in manifests if manifest.stalled <= 0]  # MW-MEDDLE-1
    if not ready:
        return out
    cards = state.cards
    for iid in hand:
        icons = CARDS[cards[iid]].resources
        if not icons:
            continue
        wild = ANY in icons
        for target, slots in ready:
            for slot, needed in slots:
                if wild or needed == ANY or needed in icons:
                    out.append({"type": kind, "card": iid, "target": target, "slot": slot})
    return out


CRAFTABLE = frozenset(c for c, card in CARDS.items() if card.craftable)
"""The card ids opened as manifestations (`Card.craftable`, read once)."""


def _openable(state: GameState, seat: int, card: Card) -> bool:
    """May the seat open this card now? A level card only as the next level, and not while
    another card of that level is already being filled (MW-CARD-7: only one of them could
    ever take effect, so the second one stays in the hand)."""
    if card.id not in CRAFTABLE:
        return False
    if card.type != "level" and card.type != "potion":
        return True
    player = state.players[seat]
    if card.type == "potion":  # room on the shelf for it once brewed (MW-POTION-1)
        brewing = sum(1 for m in player.manifests if card_of(state, m.card).type == "potion")
        return len(player.shelf) + brewing < POTION_SHELF
    return card.level == player.level + 1 and not any(
        card_of(state, m.card).type == "level" and card_of(state, m.card).level == card.level
        for m in player.manifests)


def legal_actions(state: GameState, seat: int) -> list[dict[str, Any]]:
    """The complete list for the seat that must decide now, in canonical order; [] for
    everyone else (PL-PROTO-2, PL-PROTO-4)."""
    if to_act(state) != seat:
        return []
    if state.decisions:
        return _decision_actions(state, state.decisions[0])
    player = state.players[seat]
    if state.stage == "dead":
        out: list[dict[str, Any]] = [{"type": "end_turn"}]
        out += [{"type": "draw_dead", "deck": deck} for deck in dead_draws_left(state)]
        alternatives = mage(state, seat).resurrection
        hand_icons = _icons_of(state, player.hand)
        for alt, slots in enumerate(alternatives):
            if can_fill(slots, hand_icons, state.options.resource_mode):
                out.append({"type": "resurrect", "alt": alt})
        return out
    if state.stage == "resurrecting":
        return _payments(state, seat)
    cards = state.cards
    out = [{"type": "end_turn"}]
    out += [{"type": "use_health", "card": iid} for iid in player.health]
    for iid in player.hand:
        card = CARDS[cards[iid]]
        if _openable(state, seat, card):
            out += [{"type": "open", "card": iid, "alt": alt}
                    for alt in range(len(card.alternatives))]
        if card.type == "challenge":
            out.append({"type": "play_challenge", "card": iid})
    out += contributions(state, seat, player.hand, [*player.manifests, *state.structures])
    if "drank" not in state.flags:  # one potion a turn (MW-POTION-3)
        out += [{"type": "drink", "card": iid} for iid in player.shelf]
    for manifest in waivable(state, seat):
        if manifest.waivers > 0 and manifest.stalled <= 0:
            for slot in _distinct_slots(manifest):
                out.append({"type": "waive", "target": manifest.card, "slot": slot})
    out += [{"type": "abandon", "target": manifest.card} for manifest in player.manifests]
    goals: list[int] | None = None
    for source in (*player.pets, *player.items):
        card = CARDS[cards[source]]
        if card.damage <= 0 or source in player.used:
            continue
        if card.charged and not player.charges.get(source):
            continue
        if goals is None:
            goals = targets(state, seat)
        out += [{"type": "attack", "source": source, "target": t} for t in goals]
    for iid in state.challenges:
        if challenge_met(state, seat, card_of(state, iid)):
            out.append({"type": "claim", "card": iid})
    out += [{"type": "discard_pet", "card": iid} for iid in player.pets]
    out += [{"type": "discard_item", "card": iid} for iid in player.items]
    return out


def dead_draws_left(state: GameState) -> list[str]:
    """The health decks the active dead player may still draw from this dead turn: each
    once, by choice (MW-DEATH-2 "may draw 1 card from each"); a deck with its discard pile
    also empty is left out, as drawing from it would do nothing (MW-DISCARD-2). The draws
    made are recorded in the turn's `flags`, which the next turn clears."""
    return [deck for deck in HEALTH_DECKS
            if f"dead_draw:{deck}" not in state.flags
            and (state.decks[deck] or state.discards[deck])]


def _payments(state: GameState, seat: int) -> list[dict[str, Any]]:
    """Cards that can pay the resurrection without making the rest unpayable (MW-DEATH-3)."""
    payment = state.resurrection
    assert payment is not None
    player = state.players[seat]
    out: list[dict[str, Any]] = []
    for action in contributions(state, seat, player.hand, [payment], "pay"):
        del action["target"]
        trial = payment.clone()
        fill(state, trial, action["card"], action.get("slot"))
        rest = [trial.slots[i] for i in trial.open_slots()]
        others = [i for i in player.hand if i != action["card"]]
        if can_fill(rest, _icons_of(state, others), state.options.resource_mode):
            out.append(action)
    return [*out, {"type": "cancel"}]


def _decision_actions(state: GameState, decision: dict[str, Any]) -> list[dict[str, Any]]:
    seat = int(decision["seat"])
    player = state.players[seat]
    kind = decision["kind"]
    if kind == "select":
        return [{"type": "pick", "card": iid} for iid in sorted(state.decks["mage"])]
    if kind == "curse":
        out: list[dict[str, Any]] = [{"type": "accept"}]
        for iid in (*player.hand, *player.blessings):
            card = card_of(state, iid)
            if card.blessing == "negate" and (iid in player.blessings or not card.requires):
                out.append({"type": "negate", "card": iid})
        if not decision["deflected"]:
            for iid in (*player.hand, *player.blessings):
                card = card_of(state, iid)
                if card.blessing == "deflect" and (iid in player.blessings or not card.requires):
                    out += [{"type": "deflect", "card": iid, "seat": other}
                            for other, p in enumerate(state.players)
                            if other != seat and p.alive and not p.left]
        return out
    if kind == "lose_health":
        return [{"type": "lose", "card": iid} for iid in player.health]
    if kind == "hand_limit":
        return [{"type": "discard", "card": iid} for iid in player.hand]
    if kind == "target":
        goals = targets(state, seat)
        return [{"type": "target", "target": t} for t in goals] or [{"type": "fizzle"}]
    if kind == "craft":
        return _craft_actions(state, seat, int(decision["card"]))
    if kind == "meddle":
        return meddle_actions(state, seat, card_of(state, int(decision["card"])).meddle)
    raise ValueError(f"Unknown decision {kind!r}.")  # pragma: no cover


def meddle_actions(state: GameState, seat: int, how: str) -> list[dict[str, Any]]:
    """The cards a meddling magic card may reach (MW-MEDDLE): `stall` another living
    player's manifestation not yet stalled; `steal` or `shatter` one contributed card of
    another player's manifestation or of any structure being built. None: it fizzles."""
    out: list[dict[str, Any]] = []
    theirs = [m for other in in_game(state) if other != seat and state.players[other].alive
              for m in state.players[other].manifests]
    if how == "stall":
        out = [{"type": "meddle", "target": m.card} for m in theirs if m.stalled <= 0]
    else:
        out = [{"type": "meddle", "target": m.card, "card": iid}
               for m in (*theirs, *state.structures) for iid in m.contributed()]
    return out or [{"type": "fizzle"}]


def _craft_actions(state: GameState, seat: int, iid: int) -> list[dict[str, Any]]:
    """Keep a crafted creature, plant or item (MW-CARD-1, MW-CARD-4), make room by replacing
    a pet of its kind (MW-CARD-2), or use it once (MW-CARD-3). A charged card that got no
    charges (every slot waived or filled by a permanent resource) would be kept with no use
    left, so it may only be used once (MW-CHARGE-1)."""
    card = card_of(state, iid)
    player = state.players[seat]
    out: list[dict[str, Any]] = []
    if card.charged and not player.charges.get(iid):
        pass
    elif card.type in ("creature", "plant"):
        key = "pets" if card.type == "creature" else "plants"
        kept = [p for p in player.pets if card_of(state, p).type == card.type]
        if len(kept) < stat(state, seat, key):
            out.append({"type": "keep"})
        elif stat(state, seat, key) > 0:
            out += [{"type": "replace", "card": p} for p in kept]
    elif card.armor:
        if len(player.armor) < mage(state, seat).armor_max:
            out.append({"type": "keep"})
    elif len(player.items) < stat(state, seat, "items"):
        out.append({"type": "keep"})
    goals = targets(state, seat) if card.damage > 0 else []
    out += [{"type": "use_once", "target": t} for t in goals] or [{"type": "use_once"}]
    return out


def challenge_met(state: GameState, seat: int, card: Card) -> bool:
    """A challenge's condition from the predicate vocabulary (MW-CARD-9)."""
    condition = card.condition
    if "hold_icon" in condition:
        held = sum(1 for i in state.players[seat].hand
                   if condition["hold_icon"] in card_of(state, i).resources)
        return held >= int(condition.get("n", 1))
    if condition.get("attacked_mage"):
        return "attacked_mage" in state.flags
    if condition.get("destroyed"):
        return "destroyed" in state.flags
    if condition.get("contributed_structure"):
        return "contributed_structure" in state.flags
    return False
