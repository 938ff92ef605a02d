"""What a seat sees (`view`, PL-VIEW: the state's JSON with what it may not see left out)
and what it cannot see, drawn anew: `resample_hidden` for the conformance suite (the view
must not change, PL-SHARED-6) and `sample_state` for the search bot (a full state consistent
with a view, PL-SHARED-5)."""

from __future__ import annotations

from typing import Any

from marcomage.platform.rng import Rng

from .cards import CARDS, CREATURE, RUNE, STARTERS
from .serialize import from_json, state_json
from .state import Game, Piece


def view(g: Game, viewer: int | None) -> dict[str, Any]:
    """What `viewer` (0 or 1) may see; None is the replay view: everything."""
    if viewer is not None and (type(viewer) is not int or viewer not in (0, 1)):
        raise ValueError(f"Arcana seats are 0 and 1, not {viewer!r}.")
    return state_json(g, viewer)  # type: ignore[arg-type]


def resample_hidden(g: Game, viewer: int | None, rng: Rng) -> Game:
    """A copy of `g` with deck orders redrawn and, for a seat, the opponent's hand, deck,
    face-down creatures and set runes redealt from the same cards (a face-down creature
    zone takes a creature, a set rune zone a rune)."""
    after = g.clone()
    for seat, p in enumerate(after.players):
        rng.shuffle(p.deck)
        if viewer is None or seat == viewer:
            continue
        down = [c for c in p.creatures if c is not None and not c.face_up]
        runes = [c for c in p.runes if c is not None and not c.face_up]
        loose = p.hand + p.deck
        cards = [c.card for c in down + runes + loose]
        rng.shuffle(cards)
        for pieces, kind in ((down, CREATURE), (runes, RUNE)):
            for c in pieces:
                index = next(i for i, k in enumerate(cards) if CARDS[k].kind == kind)
                c.card = cards.pop(index)
        for c, k in zip(loose, cards, strict=True):
            c.card = k
    after.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
    return after


POOL: tuple[int, ...] = tuple(c for _, entries in STARTERS for c, n in entries
                              for _ in range(n))
"""Cards a bot guesses hidden cards from: the sample decks' cards."""


def _guess(kind: str | None, rng: Rng) -> int:
    while True:
        card = POOL[rng.below(len(POOL))]
        if kind is None or CARDS[card].kind == kind:
            return card


def sample_state(view: dict[str, Any], rng: Rng, deck_limit: int | None = None) -> Game:
    """A full state consistent with a seat's view: hidden hands, decks, face-down creatures
    and set runes filled with guesses from the sample decks' cards. `deck_limit` keeps only
    that many cards of each deck (a search that looks a few draws ahead copies its states
    many times, and the rest of a deck would only be copied)."""
    doc: dict[str, Any] = {**view, "rng": Rng.from_seed(rng.next_u32()).to_json()}
    fresh = 1 << 31
    players = []
    for p in view["players"]:
        q = dict(p)
        if "hand" not in q:
            q["hand"] = []
            for _ in range(int(p["hand_count"])):
                q["hand"].append(_blank(fresh, _guess(None, rng), 0))
                fresh += 1
        q["deck"] = []
        count = int(p["deck_count"])
        for _ in range(count if deck_limit is None else min(count, deck_limit)):
            q["deck"].append(_blank(fresh, _guess(None, rng), 0))
            fresh += 1
        q["creatures"] = [_fill(c, CREATURE, rng) for c in p["creatures"]]
        q["runes"] = [_fill(c, RUNE, rng) for c in p["runes"]]
        players.append(q)
    doc["players"] = players
    return from_json(doc)


def _blank(uid: int, card: int, owner: int) -> dict[str, Any]:
    p = Piece(uid, card, owner)
    return {"uid": p.uid, "card": p.card, "owner": p.owner, "face_up": False,
            "position": p.position, "arrived": 0, "special": False, "attacked": 0,
            "changed": 0, "blocked": 0, "used": 0, "set_turn": 0, "active_until": 0,
            "mods": [], "wards": []}


def _fill(c: dict[str, Any] | None, kind: str, rng: Rng) -> dict[str, Any] | None:
    if c is None or c["card"] is not None:
        return c
    return {**c, "card": _guess(kind, rng)}
