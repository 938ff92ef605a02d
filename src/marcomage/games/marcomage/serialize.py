"""Versioned JSON of a game (docs/state-format.md): round-trips exactly, random source
included, so a stored game resumes and a replay re-runs bit for bit (PL-STATE-2)."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Final

from marcomage.platform.rng import Rng

from .guests import guest_card
from .state import ATTRIBUTES, HAND_SIZE, EndType, Entry, Game, Outcome, Player

FORMAT: Final = "marcomage-game"
VERSION: Final = 1


def _slots(flags: list[bool]) -> list[int]:
    return [i + 1 for i, on in enumerate(flags) if on]


def _flags(slots: list[int]) -> list[bool]:
    flags = [False] * HAND_SIZE
    for s in slots:
        flags[int(s) - 1] = True
    return flags


def player_to_json(p: Player, *, with_deck: bool = True) -> dict[str, Any]:
    doc: dict[str, Any] = {name: getattr(p, name) for name in ATTRIBUTES}
    doc.update(
        hand=p.hand[:],
        new_cards=_slots(p.new),
        revealed=_slots(p.revealed),
        history=[
            {"card": e.card, "mode": e.mode, "action": "play" if e.played else "discard"}
            for e in p.history
        ],
        last_played=p.last_played,
        changes=dict(zip(ATTRIBUTES, p.changes, strict=True)),
        discarded_own=p.discarded_own[:],
        discarded_opp=p.discarded_opp[:],
        tokens=[
            {"name": n, "value": v, "change": c}
            for n, v, c in zip(p.token_names, p.tokens, p.token_changes, strict=True)
        ],
    )
    if with_deck:
        doc["deck"] = {
            "common": list(p.deck[0]), "uncommon": list(p.deck[1]), "rare": list(p.deck[2]),
        }
    return doc


def player_from_json(doc: dict[str, Any]) -> Player:
    deck = doc["deck"]
    tokens = doc["tokens"]
    p = Player(
        (tuple(deck["common"]), tuple(deck["uncommon"]), tuple(deck["rare"])),
        (tokens[0]["name"], tokens[1]["name"], tokens[2]["name"]),
    )
    for name in ATTRIBUTES:
        setattr(p, name, int(doc[name]))
    p.hand = [int(c) for c in doc["hand"]]
    p.new = _flags(doc["new_cards"])
    p.revealed = _flags(doc["revealed"])
    p.history = [
        Entry(int(e["card"]), int(e["mode"]), e["action"] == "play") for e in doc["history"]
    ]
    if "last_played" in doc:
        p.last_played = int(doc["last_played"])
    else:  # a state from elsewhere (golden cases): the latest play in the history
        plays = [e.card for e in p.history if e.played]
        p.last_played = plays[-1] if plays else 0
    p.changes = [int(doc["changes"][name]) for name in ATTRIBUTES]
    p.discarded_own = [int(c) for c in doc["discarded_own"]]
    p.discarded_opp = [int(c) for c in doc["discarded_opp"]]
    p.tokens = [int(t["value"]) for t in tokens]
    p.token_changes = [int(t["change"]) for t in tokens]
    return p


def outcome_to_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    winner = 0 if outcome.winner is None else outcome.winner + 1
    return {"winner": winner, "end_type": str(outcome.end_type)}


def to_json(game: Game) -> dict[str, Any]:
    """The whole game as a JSON-ready dict (players numbered 1 and 2)."""
    doc = _to_json(game)
    if game.guests:
        doc["guests"] = [{**guest[1], "seat": seat + 1}
                         for (seat, _), guest in sorted(game.guests.items())]
    return doc


def _to_json(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "round": game.round,
        "current": game.current + 1,
        "state": "finished" if game.outcome is not None else "in progress",
        "outcome": outcome_to_json(game.outcome),
        "modes": {"hidden": game.hidden, "friendly": game.friendly},
        "rng": game.rng.to_json(),
        "p1": player_to_json(game.players[0]),
        "p2": player_to_json(game.players[1]),
    }


def from_json(doc: dict[str, Any], *, seed: int | str | None = None) -> Game:
    """Load a game; a document without a random source (a golden case) needs `seed`."""
    if doc.get("format", FORMAT) != FORMAT or doc.get("version", VERSION) != VERSION:
        raise ValueError(f"Unsupported game format {doc.get('format')} v{doc.get('version')}.")
    if "rng" in doc:
        rng = Rng.from_json(doc["rng"])
    elif seed is not None:
        rng = Rng.from_seed(seed)
    else:
        raise ValueError("The document has no random source; give a seed.")
    modes = doc.get("modes", {})
    game = Game(
        (player_from_json(doc["p1"]), player_from_json(doc["p2"])), rng,
        hidden=bool(modes.get("hidden", False)), friendly=bool(modes.get("friendly", False)),
    )
    game.round = int(doc["round"])
    game.current = int(doc["current"]) - 1
    for guest in doc.get("guests", ()):
        add_guest(game, int(guest["seat"]) - 1, {k: v for k, v in guest.items() if k != "seat"})
    outcome = doc.get("outcome")
    if outcome:
        winner = int(outcome["winner"])
        game.outcome = Outcome(None if winner == 0 else winner - 1, EndType(outcome["end_type"]))
    elif doc.get("state") == "finished":
        game.outcome = Outcome(None, EndType.DRAW)
    return game


def add_guest(game: Game, seat: int, doc: dict[str, object]) -> None:
    """Let the card document `doc` play in place of card `doc["id"]` of `seat`'s deck in
    this game (a card concept being tried); its effect comes from its own code (`guests`)."""
    if seat not in (0, 1):
        raise ValueError(f"A guest card belongs to seat 0 or 1, not {seat!r}.")
    game.guests[(seat, int(doc["id"]))] = (guest_card(doc), dict(doc))  # type: ignore[call-overload]


def dumps(game: Game) -> str:
    """Canonical JSON text: sorted keys, no spaces (the form that is hashed)."""
    return json.dumps(to_json(game), sort_keys=True, separators=(",", ":"))


def loads(text: str) -> Game:
    return from_json(json.loads(text))


def state_hash(game: Game) -> str:
    """SHA-256 of the canonical JSON (PL-STATE-2)."""
    return hashlib.sha256(dumps(game).encode("utf-8")).hexdigest()
