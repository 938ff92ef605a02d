"""The Far Wilds game board: the map as an SVG of hex spaces (terrain, Flux Wells, figures,
fog where the viewer sees nothing now), both players' flux, domain levels and glory, the
hand with each card castable or not and why, its legal targets for the map to highlight,
cycle, pass and the mulligan prompt, and the battle log. It reads only the view and the
legal actions of the viewer (PL-VIEW-1) and the card data."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping
from typing import Any

from marcomage.games.far_wilds.cards import CARDS, domain_name
from marcomage.games.far_wilds.state import Options
from marcomage.platform.protocol import Action
from marcomage.platform.replay import canonical_json
from marcomage.web.core.widgets import Board, ReplayBoard

TEMPLATE = "rulesets/far_wilds/_board.html"
REPLAY_TEMPLATE = "rulesets/far_wilds/_replay_board.html"
HEX = 34
"""Hex size in SVG units (centre to corner)."""
OPTION_LABELS = {
    "autodraw": "Autodraw (domain cards and Bases drawn when needed)",
    "draw_in_round_1": "Draw a card at the start of round 1 too",
    "cycle_is_free": "Cycling is a free action",
    "spawn_needs_domain_base": "Domain creatures need a Base of their domain",
    "reveal_memory": "Spaces once seen stay revealed",
    "creature_movement": "Creatures move and fight (off: the first version's placement game)",
    "enter_enemy_territory": "Creatures may end a move in enemy territory",
    "fog": "Fog of war",
    "map": "Map",
    "round_limit": "Round limit",
    "construction_rounds": "Rounds to finish a construction site",
    "glory_to_win": "Glory to win",
}
HOW = {"glory": "Glory victory", "round_limit": "Round limit reached"}
"""Words for the Far Wilds end types on the status line."""
TYPE_NAMES = {"building": "Building", "creature": "Creature", "spell": "Spell",
              "enchantment": "Enchantment"}


def how_it_ended(end_type: str) -> str:
    return HOW.get(end_type, end_type.replace("_", " ").capitalize())


def _initials(name: str) -> str:
    return "".join(word[0] for word in name.split()[:2]).upper()


def _centre(q: int, r: int) -> tuple[float, float]:
    return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * r


def _points(x: float, y: float) -> str:
    corners = [(x + HEX * math.cos(math.radians(60 * i - 30)),
                y + HEX * math.sin(math.radians(60 * i - 30))) for i in range(6)]
    return " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in corners)


def card_info(card_id: str) -> dict[str, Any]:
    """A card's printed face, from the card data."""
    card = CARDS[card_id]
    return {"id": card.id, "name": card.name, "type": TYPE_NAMES[card.type],
            "domain": domain_name(card.domain), "level": card.level, "cost": card.cost,
            "text": card.text, "initials": _initials(card.name)}


def _names(players: list[Any]) -> list[str]:
    return [str(getattr(p, "username", "")) or f"Player {n + 1}" for n, p in enumerate(players)]


def rules(view: Mapping[str, Any]) -> dict[str, Any]:
    """The battle's options as the board prints them (glory to win, rounds to finish a
    construction site, ...): the view carries the options the game was created with, and
    an option it lacks is at its default."""
    return {**dataclasses.asdict(Options()), **view.get("options", {})}


def hexes(view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """Every space of the map for the SVG: where it is drawn, its terrain, well, fog, whose
    area of control it lies in, and the figure and enchantments seen on it (a construction
    site counts towards the battle's `construction_rounds`)."""
    build_rounds = rules(view)["construction_rounds"]
    spaces = view["map"]["spaces"]
    wells = set(view["map"]["wells"])
    visible = set(view["visible"])
    remembered = set(view.get("remembered", []))
    control = [set(a) for a in view["control"]]
    figures = {f["space"]: f for f in view["figures"]}
    enchanted: dict[int, list[str]] = {}
    for e in view["space_enchantments"]:
        enchanted.setdefault(e["space"], []).append(CARDS[e["card"]].name)
    cells = []
    xs, ys = [], []
    for index, (q, r, terrain) in enumerate(spaces):
        x, y = _centre(q, r)
        xs.append(x)
        ys.append(y)
        figure = figures.get(index)
        owner = None if figure is None else figure["owner"]
        side = "" if owner is None else ("mine" if owner == seat or (seat is None and owner == 0)
                                         else "theirs")
        zone = ("mine" if index in control[seat if seat is not None else 0]
                else "theirs" if index in control[1 - (seat if seat is not None else 0)] else "")
        title = [f"({q},{r}) {terrain}"]
        if index in wells:
            title.append("Flux Well")
        if index in remembered:
            title.append("seen before: you may target it, but what stands there now is hidden")
        fig = None
        if figure is not None:
            info = CARDS[figure["card"]]
            kind = figure["kind"]
            words = (f"construction site of {info.name} ({figure['progress']} of "
                     f"{build_rounds} rounds)"
                     if kind == "site" else info.name)
            title.append(f"{'your' if side == 'mine' else 'enemy'} {words}"
                         + (", dimmed" if figure["dimmed"] else "")
                         + (f", {figure['damage']} damage" if figure["damage"] else ""))
            title += [f"enchanted with {CARDS[e['card']].name}" for e in figure["enchantments"]]
            fig = {"initials": _initials(info.name), "kind": kind, "side": side,
                   "dimmed": figure["dimmed"], "name": info.name}
        title += [f"{name} on this space" for name in enchanted.get(index, [])]
        cells.append({"space": index, "x": round(x, 1), "y": round(y, 1),
                      "points": _points(x, y), "terrain": terrain, "well": index in wells,
                      "fog": index not in visible, "zone": zone, "figure": fig,
                      "enchanted": bool(enchanted.get(index)), "title": "; ".join(title)})
    pad = HEX + 4
    box = (f"{min(xs) - pad:.0f} {min(ys) - pad:.0f} {max(xs) - min(xs) + 2 * pad:.0f} "
           f"{max(ys) - min(ys) + 2 * pad:.0f}")
    return {"cells": cells, "viewbox": box}


def _status(view: Mapping[str, Any], seat: int, name: str, mine: bool) -> dict[str, Any]:
    p = view["players"][seat]
    return {"name": name, "mine": mine, "seat": seat, "flux": p["flux"], "glory": p["glory"],
            "glory_to_win": rules(view)["glory_to_win"],
            "domains": p["domain_text"], "hand": p["hand_size"], "deck": p["deck_size"],
            "external": p["external_size"], "wells": p["wells"],
            "discard": [CARDS[c].name for c in p["discard"]], "chosen": p["chosen"],
            "kept": p["kept"]}


def _log(view: Mapping[str, Any], names: list[str]) -> list[str]:
    lines = []
    for entry in view["log"]:
        who = "" if entry["seat"] is None else f"{names[entry['seat']]} "
        lines.append(f"Round {entry['round']}: {who}{entry['text']}" if entry["round"]
                     else f"Before the battle: {who}{entry['text']}")
    return list(reversed(lines))


def context(view: Mapping[str, Any], seat: int, legal: list[Action], players: list[Any]
            ) -> dict[str, Any]:
    """The board for `seat`: the map, both statuses, the hand with its targets, the
    buttons of the legal cycle, pass, mulligan and keep actions, the log."""
    names = _names(players)
    casts: dict[str, list[dict[str, Any]]] = {}
    cycles: dict[str, str] = {}
    buttons: dict[str, str] = {}
    for action in legal:
        kind = action["type"]
        if kind == "cast":
            casts.setdefault(action["card"], []).append(
                {"t": action.get("target"), "to": action.get("to"),
                 "a": canonical_json(action)})
        elif kind == "cycle":
            cycles[action["card"]] = canonical_json(action)
        else:
            buttons[kind] = canonical_json(action)
    status = {s["card"]: s for s in view.get("hand_status", [])}
    hand = []
    for index, card_id in enumerate(view.get("hand", [])):
        found = status.get(card_id, {})
        targets = casts.get(card_id, [])
        direct = targets[0]["a"] if len(targets) == 1 and targets[0]["t"] is None else ""
        hand.append({**card_info(card_id), "index": index,
                     "castable": bool(targets), "reason": found.get("text", ""),
                     "targets": json.dumps(targets), "direct": direct,
                     "cycle": cycles.get(card_id, "")})
    phase = view["phase"]
    return {
        "map": hexes(view, seat),
        "me": _status(view, seat, names[seat], True),
        "them": _status(view, 1 - seat, names[1 - seat], False),
        "phase": phase, "fw_round": view["round"], "round_limit": view["round_limit"],
        "hand": hand, "pass_action": buttons.get("pass", ""),
        "mulligan_action": buttons.get("mulligan", ""), "keep_action": buttons.get("keep", ""),
        "my_choice": view.get("my_choice"), "income": view.get("income"),
        "hand_size": len(view.get("hand", [])),
        "world": [{"name": CARDS[e["card"]].name, "mine": e["owner"] == seat}
                  for e in view["world"]],
        "log": _log(view, names), "fw_rules": rules(view),
    }


def action_from_form(data: Mapping[str, Any]) -> Action:
    """The action JSON the board posted (every Far Wilds control posts one)."""
    from marcomage.web.rulesets.generic import board as generic
    return generic.action_from_form(data)


def replay_context(view: Mapping[str, Any], players: list[Any]) -> dict[str, Any]:
    """The replay view (everything, both hands) drawn as the game board is, seat 0 first."""
    names = _names(players)
    outcome = view.get("outcome")
    return {
        "map": hexes(view, None),
        "sides": [_status(view, s, names[s], s == 0) for s in (0, 1)],
        "hands": [[card_info(c) for c in hand] for hand in view["hands"]],
        "names": names, "fw_round": view["round"], "phase": view["phase"],
        "finished": outcome is not None,
        "how": how_it_ended(outcome["end_type"]) if outcome else "",
        "winners": [names[int(w)] for w in outcome["winners"]] if outcome else [],
        "world": [{"name": CARDS[e["card"]].name, "owner": names[e["owner"]]}
                  for e in view["world"]],
        "log": _log(view, names)[:12],
    }


def describe(view_before: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """A move in words for the replay's move list ("casts Far Rider at (-2,2)")."""
    kind = action.get("type")
    spaces = view_before["map"]["spaces"]

    def where(key: str) -> str:
        space = action.get(key)
        if type(space) is not int or not 0 <= space < len(spaces):
            return ""
        return f"({spaces[space][0]},{spaces[space][1]})"
    if kind == "cast":
        card = CARDS.get(str(action.get("card")))
        text = f"casts {card.name if card else '?'}"
        if action.get("target") is not None:
            text += f" at {where('target')}"
        if action.get("to") is not None:
            text += f" to {where('to')}"
        return text
    if kind == "cycle":
        card = CARDS.get(str(action.get("card")))
        return f"cycles {card.name if card else '?'}"
    return {"pass": "passes", "mulligan": "mulligans", "keep": "keeps the hand"}.get(
        str(kind), str(kind))


WIDGET = Board(
    template=TEMPLATE,
    context=context,
    action_from_form=action_from_form,
    replay=ReplayBoard(REPLAY_TEMPLATE, replay_context),
    describe=describe,
    how_it_ended=how_it_ended,
    option_labels=OPTION_LABELS,
)
"""This board as the widget registry hands it out (`core.widgets.board_of`)."""
