"""Arcana states as JSON: the whole state (`to_json`, canonical, PL-STATE-2) and what one
seat may see (`view_json`, PL-VIEW), in the same shape so that a bot can rebuild a state
from a view once it has filled the hidden cards (`from_json`)."""

from __future__ import annotations

from typing import Any

from marcomage.platform.options import options_from_json, options_to_json
from marcomage.platform.protocol import Outcome
from marcomage.platform.rng import Rng

from .cards import CARDS, CREATURE
from .engine import deciding
from .field import power, toughness
from .state import Attack, Game, Link, Options, Piece, Player

FORMAT, SCHEMA = "arcana", 1
ALL = -2
"""`viewer` for the whole state (the ruleset's to_json)."""


def piece_json(c: Piece, shown: bool, stats: bool = False) -> dict[str, Any]:
    """A card; a hidden one keeps only what is public: its place, position and when it
    arrived (AR views table)."""
    doc: dict[str, Any] = {
        "uid": c.uid, "card": c.card if shown else None, "owner": c.owner,
        "face_up": c.face_up, "position": c.position, "arrived": c.arrived,
        "special": c.special, "attacked": c.attacked, "changed": c.changed,
        "blocked": c.blocked, "used": c.used, "set_turn": c.set_turn,
        "active_until": c.active_until, "mods": [list(m) for m in c.mods],
        "wards": [piece_json(w, True) for w in c.wards]}
    if stats and c.face_up and CARDS[c.card].kind == CREATURE:
        doc["power"], doc["toughness"] = power(c), toughness(c)
    return doc


def piece_from(doc: dict[str, Any]) -> Piece:
    c = Piece(int(doc["uid"]), int(doc["card"]), int(doc["owner"]))
    c.face_up, c.position = bool(doc["face_up"]), str(doc["position"])
    c.arrived, c.special = int(doc["arrived"]), bool(doc["special"])
    c.attacked, c.changed = int(doc["attacked"]), int(doc["changed"])
    c.blocked, c.used = int(doc["blocked"]), int(doc["used"])
    c.set_turn, c.active_until = int(doc["set_turn"]), int(doc["active_until"])
    c.mods = [(int(m[0]), int(m[1]), int(m[2])) for m in doc["mods"]]
    c.wards = [piece_from(w) for w in doc["wards"]]
    return c


def player_json(p: Player, seat: int, viewer: int) -> dict[str, Any]:
    """A side; `viewer` ALL for everything, None for the replay view (decks as counts),
    or a seat (the other side's hand as a count, its face-down cards without identity)."""
    whole = viewer == ALL
    sees = viewer in (ALL, None, seat)
    stats = not whole
    doc: dict[str, Any] = {
        "hp": p.hp, "normal_done": p.normal_done, "mulligan": p.mulligan,
        "roll": p.roll[:], "deck_count": len(p.deck), "hand_count": len(p.hand),
        "nether": [piece_json(c, True) for c in p.nether],
        "creatures": [None if c is None else piece_json(c, sees or c.face_up, stats)
                      for c in p.creatures],
        "runes": [None if c is None else piece_json(c, sees or c.face_up)
                  for c in p.runes]}
    if whole:
        doc["deck"] = [piece_json(c, True) for c in p.deck]
    if sees:
        doc["hand"] = [piece_json(c, True) for c in p.hand]
    return doc


def player_from(doc: dict[str, Any]) -> Player:
    p = Player()
    p.hp, p.normal_done = int(doc["hp"]), bool(doc["normal_done"])
    p.mulligan, p.roll = str(doc["mulligan"]), [int(r) for r in doc["roll"]]
    p.deck = [piece_from(c) for c in doc["deck"]]
    p.hand = [piece_from(c) for c in doc["hand"]]
    p.nether = [piece_from(c) for c in doc["nether"]]
    p.creatures = [None if c is None else piece_from(c) for c in doc["creatures"]]
    p.runes = [None if c is None else piece_from(c) for c in doc["runes"]]
    return p


def state_json(g: Game, viewer: int) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": FORMAT, "schema": SCHEMA, "options": options_to_json(g.options),
        "turn": g.turn, "first": g.first, "phase": g.phase,
        "players": [player_json(p, s, viewer) for s, p in enumerate(g.players)],
        "attack": None if g.attack is None else g.attack.to_json(),
        "chain": [link.to_json() for link in g.chain],
        "priority": g.priority, "passes": g.passes, "cancels": g.cancels,
        "summoned": g.summoned, "arrival": g.arrival, "log": g.log[:],
        "outcome": None if g.outcome is None else g.outcome.to_json()}
    if viewer == ALL:
        doc["rng"] = g.rng.to_json()
    else:
        doc["you"] = viewer
        doc["current"] = g.current if g.turn else None
        doc["to_act"] = [] if g.outcome is not None else [deciding(g)]
    return doc


def from_json(doc: dict[str, Any]) -> Game:
    if doc.get("format") != FORMAT or doc.get("schema") != SCHEMA:
        raise ValueError("Not an Arcana game state.")
    options = dict(doc["options"])
    options.setdefault("empty_deck_hp", 0)   # a state saved before version 4: no HP lost
    g = Game(options_from_json(Options, options, "Arcana"), Rng.from_json(doc["rng"]))
    g.turn, g.first, g.phase = int(doc["turn"]), int(doc["first"]), str(doc["phase"])
    g.players = [player_from(p) for p in doc["players"]]
    g.attack = None if doc["attack"] is None else Attack.from_json(doc["attack"])
    g.chain = [Link.from_json(link) for link in doc["chain"]]
    g.priority, g.passes = int(doc["priority"]), int(doc["passes"])
    g.cancels, g.summoned = int(doc["cancels"]), int(doc["summoned"])
    g.arrival = int(doc.get("arrival", 0))   # absent from states saved before version 2
    g.log = [str(line) for line in doc["log"]]
    g.outcome = None if doc["outcome"] is None else Outcome.from_json(doc["outcome"])
    return g
