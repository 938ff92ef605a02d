"""What each seat may see of a duel (PL-VIEW, ELDERTALE.md "Views"), and the hidden part
drawn anew (`resample_hidden`) for the conformance suite and the search bot.

Owner: the hand in full, and what is left in each of their piles (as a sorted list: they
know their decks, not the order). Opponent: the hand as a count per deck (and the clutter in it,
which announced itself when drawn), and a Facedown card retired at the end of an attack step
as a count per deck (`veiled`) instead of in the discards, until the next exchange reveals it.
Nobody: the order of the piles. Public: pile sizes, discard piles, HP and maximum HP, EN left,
the effects in force with their remaining bounds, the cards on the table (a Facedown card as
its deck only until its exchange resolves) and the log.
"""

from __future__ import annotations

from typing import Any

from marcomage.platform.rng import Rng

from .cards import CLUTTER, KINDS
from .engine import ROUND_LIMIT
from .state import Active, Duel, Played


def _effect(effect: Active) -> dict[str, Any]:
    doc: dict[str, Any] = {"type": effect.type, "intensity": effect.intensity,
                           "hits_left": effect.hits, "rounds_left": effect.rounds}
    for key in ("deck", "resist", "stage", "source"):
        if getattr(effect, key):
            doc[key] = getattr(effect, key)
    return doc


def _table(duel: Duel, placed: list[Played], owner: int | None, viewer: int | None,
           seen: set[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for p in placed:
        card = duel.card(p.iid)
        if p.facedown and viewer is not None and viewer != owner:
            out.append({"deck": card.kind, "facedown": True, "card": None})
        else:
            seen.add(card.id)
            out.append({"deck": card.kind, "facedown": p.facedown, "card": card.id})
    return out


def view(duel: Duel, viewer: int | None) -> dict[str, Any]:
    """The duel as `viewer` may see it; None is the replay view (everything)."""
    if viewer is not None and viewer not in range(duel.seats):
        raise ValueError(f"The seats of this Elder Tale duel are 0 to {duel.seats - 1}, "
                         f"not {viewer!r}.")
    seen: set[str] = set()
    fighters: list[dict[str, Any]] = []
    for seat, f in enumerate(duel.fighters):
        # ET-DUEL-10: the other seat sees a retired Facedown card as a count per deck only,
        # until the exchange reveals it.
        hidden = set(f.veiled) if viewer is not None and viewer != seat else set()
        discards = {k: [duel.instances[i] for i in f.discards[k] if i not in hidden]
                    for k in KINDS}
        for ids in discards.values():
            seen.update(ids)
        removed = [duel.instances[i] for i in f.removed if i not in hidden]
        seen.update(removed)
        veiled = {k: sum(1 for i in (*f.discards[k], *f.removed)
                         if i in hidden and duel.homes[i] == k) for k in KINDS}
        clutter = [duel.instances[i] for i in f.hand if duel.card(i).kind == CLUTTER]
        fighters.append({
            "hp": f.hp, "max_hp": f.max_hp,
            "pile_sizes": {k: len(f.piles[k]) for k in KINDS},
            "hand_counts": {k: sum(1 for i in f.hand if duel.homes[i] == k
                                   and duel.card(i).kind != CLUTTER) for k in KINDS},
            "clutter_in_hand": clutter,
            "discards": discards, "removed": removed, "veiled": veiled,
            "effects": [_effect(e) for e in f.effects],
        })
        seen.update(clutter)
    doc: dict[str, Any] = {
        "you": viewer, "round": duel.round, "round_limit": ROUND_LIMIT, "turn": duel.turn,
        "active": duel.active, "step": duel.step, "en": duel.en, "first": duel.first,
        "fighters": fighters, "teams": list(duel.teams), "aim": duel.aim,
        "pending": _pending(duel, viewer, seen),
        "attacks": [{"by": a.by, "target": a.target,
                     "cards": _table(duel, a.cards, a.by, viewer, seen)}
                    for a in duel.attacks],
        "building": _table(duel, duel.building, duel.active, viewer, seen),
        "played": _table(duel, duel.played, duel.active, viewer, seen),
        "log": [dict(e) for e in duel.log],
        "outcome": None if duel.outcome is None else duel.outcome.to_json(),
    }
    if viewer is None:
        doc["hands"] = [[_hand_card(duel, i, seen) for i in f.hand] for f in duel.fighters]
    else:
        doc["hand"] = [_hand_card(duel, i, seen) for i in duel.fighters[viewer].hand]
        mine = duel.fighters[viewer]
        doc["library"] = {k: sorted(duel.instances[i] for i in mine.piles[k]) for k in KINDS}
        for ids in doc["library"].values():
            seen.update(ids)
    doc["cards"] = {cid: duel.cards[cid].to_json() for cid in sorted(seen)}
    return doc


def _pending(duel: Duel, viewer: int | None, seen: set[str]) -> dict[str, Any]:
    """The attack the active seat faces (in a 1v1 duel the one pending attack; in a group
    duel the oldest aimed at the active seat, or the oldest of all), as {"by", "cards"}."""
    attack = next(iter(duel.incoming(duel.active)), None) or next(iter(duel.attacks), None)
    if attack is None:
        return {"by": None, "cards": []}
    return {"by": attack.by, "cards": _table(duel, attack.cards, attack.by, viewer, seen)}


def _hand_card(duel: Duel, iid: int, seen: set[str]) -> dict[str, Any]:
    card = duel.card(iid)
    seen.add(card.id)
    return {"iid": iid, "card": card.id, "deck": duel.homes[iid]}


def resample_hidden(duel: Duel, viewer: int | None, rng: Rng) -> Duel:
    """The duel with what `viewer` cannot see drawn anew: every pile's order; and for a
    seat, the opponent's unseen cards (hand, piles, face-down cards on the table) dealt again
    among the same places, deck by deck, clutter kept where it is."""
    after = duel.clone()
    for seat, fighter in enumerate(after.fighters):
        for kind in KINDS:
            rng.shuffle(fighter.piles[kind])
        if viewer is None or seat == viewer:
            continue
        hidden_table = [p.iid for a in after.attacks if a.by == seat for p in a.cards
                        if p.facedown]
        if after.active == seat:
            hidden_table += [p.iid for p in (*after.building, *after.played) if p.facedown]
        hidden_table += [i for i in fighter.veiled
                         if i in fighter.removed or any(i in d for d in fighter.discards.values())]
        for kind in KINDS:
            slots = [i for i in fighter.hand + fighter.piles[kind] + hidden_table
                     if after.homes[i] == kind and after.card(i).kind != CLUTTER]
            names = [after.instances[i] for i in slots]
            order = list(range(len(names)))
            rng.shuffle(order)
            for slot, pick in zip(slots, order, strict=True):
                after.instances[slot] = names[pick]
    after.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
    return after

