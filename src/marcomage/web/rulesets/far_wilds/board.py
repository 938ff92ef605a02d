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

TEMPLATE = "rulesets/far_wilds/_board.jinja"
REPLAY_TEMPLATE = "rulesets/far_wilds/_replay_board.html"
"""A Django template (the replay page includes it) that draws `_replay_board.jinja`."""
HEX = 34
"""Hex size in SVG units (centre to corner)."""
OPTION_LABELS = {
    "autodraw": "Autodraw (domain cards and Bases drawn when needed)",
    "draw_in_round_1": "Draw a card at the start of round 1 too",
    "cycle_is_free": "Cycling is a free action",
    "spawn_needs_domain_base": "Domain creatures need a Base of their domain",
    "reveal_memory": "Spaces once seen stay revealed",
    "creature_movement": "Creatures move and fight (off: the first version's placement game)",
    "enter_enemy_territory": "Creatures may end a move in enemy territory (off: only those "
                             "whose card says so)",
    "fog": "Fog of war",
    "map": "Map",
    "round_limit": "Round limit",
    "construction_rounds": "Rounds to finish a construction site",
    "glory_to_win": "Glory to win",
    "well_glory": "Glory at each round's end: 1 per Flux Well held (each), or 2 to the "
                  "player holding the most (most)",
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


def hexes(view: Mapping[str, Any], seat: int | None,
          orders: Mapping[int, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """Every space of the map for the SVG: where it is drawn, its terrain, well, fog, whose
    area of control it lies in, the figure seen on it with its Attack and HP, corpses and
    ruins, enchantments (a construction site counts towards the battle's
    `construction_rounds`), and for `seat`'s figures the orders they may be given now
    (`orders`: the spaces they may move to or attack, issue 32)."""
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
            numbers = ""
            if "hp" in figure:
                numbers = (f", Attack {figure['attack']}, HP {figure['hp']} of "
                           f"{figure['max_hp']}" + (f", Speed {figure['speed']}"
                                                     if kind == "creature" else ""))
                if figure.get("entrench"):
                    numbers += f", {figure['entrench']} entrenchment"
            title.append(f"{'your' if side == 'mine' else 'enemy'} {words}"
                         + numbers + (", dimmed" if figure["dimmed"] else "")
                         + (f", {figure['damage']} damage" if figure["damage"] else ""))
            if info.keywords:
                title.append(", ".join(info.keywords))
            title.append(info.text)
            title += [f"enchanted with {CARDS[e['card']].name}" for e in figure["enchantments"]]
            fig = {"initials": _initials(info.name), "kind": kind, "side": side,
                   "dimmed": figure["dimmed"], "name": info.name,
                   "stats": (f"{figure['attack']}/{figure['hp']}" if "hp" in figure
                             and kind != "site" else ""),
                   "orders": json.dumps((orders or {}).get(index, [])),
                   "can_act": bool((orders or {}).get(index))}
        for key, words in (("corpses", "corpse of"), ("ruins", "ruins of")):
            for marker in view.get(key, []):
                if marker["space"] == index:
                    title.append(f"{words} " + ", ".join(CARDS[c].name for c in marker["cards"]))
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
    orders: dict[int, list[dict[str, Any]]] = {}
    specials: list[dict[str, Any]] = []
    label = _labeller(view)
    for action in legal:
        kind = action["type"]
        if kind in ("move", "attack"):
            order = {"t": action["to"], "kind": kind, "a": canonical_json(action)}
            if kind == "attack":
                order["c"] = attack_warning(view, action, label)
            orders.setdefault(action["from"], []).append(order)
        elif kind == "act":
            figure = next(f for f in view["figures"] if f["space"] == action["from"])
            found = next(a for a in CARDS[figure["card"]].actions
                         if a.id == action["ability"])
            where = (f" on {label(action['target'])}" if action.get("target") is not None
                     else "")
            specials.append({"text": f"{CARDS[figure['card']].name} at "
                                     f"{label(action['from'])}: {found.name}{where}"
                                     + (f" ({found.flux} flux)" if found.flux else ""),
                             "a": canonical_json(action),
                             "confirm": _special_warning(found.dim, found.flux)})
        elif kind == "cast":
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
    order_list = [{"text": f"{_figure_name(view, source)} at {label(source)}: "
                           f"{'move to' if o['kind'] == 'move' else 'attack'} {label(o['t'])}"
                           + (f" ({_figure_name(view, o['t'])})" if o["kind"] == "attack"
                              else ""), "a": o["a"], "kind": o["kind"],
                   "confirm": o.get("c", "")}
                  for source, items in sorted(orders.items()) for o in items]
    return {
        "map": hexes(view, seat, orders), "orders": order_list, "specials": specials,
        "order_count": len(order_list) + len(specials),
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


def attack_warning(view: Mapping[str, Any], action: Mapping[str, Any], label: Any) -> str:
    """What an attack asks the player to confirm (issue 32: irreversible actions ask first):
    who strikes whom, and that the attacker dims and a meleed figure with Attack may strike
    back."""
    attacker = _figure_name(view, action["from"])
    target = _figure_name(view, action["to"])
    return (f"Attack {target} at {label(action['to'])} with {attacker}? An attack cannot be "
            f"taken back: {attacker} is dimmed until the next round, and a meleed figure "
            "with Attack may strike back.")


def _special_warning(dims: bool, flux: int) -> str:
    """What a special action costs, in words, for its confirmation."""
    costs = [c for c in ("it dims the figure until the next round" if dims else "",
                         f"it costs {flux} flux" if flux else "") if c]
    return f"Cannot be taken back: {' and '.join(costs)}." if costs else ""


def _labeller(view: Mapping[str, Any]) -> Any:
    spaces = view["map"]["spaces"]
    return lambda space: f"({spaces[space][0]},{spaces[space][1]})"


def _figure_name(view: Mapping[str, Any], space: int) -> str:
    for figure in view["figures"]:
        if figure["space"] == space:
            return CARDS[figure["card"]].name
    return "?"


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
    if kind in ("move", "attack", "act"):
        source = action.get("from")
        figure = next((f for f in view_before["figures"] if f["space"] == source), None)
        name = CARDS[figure["card"]].name if figure else "a figure"
        if kind == "act":
            return f"uses {name}'s {action.get('ability')}" + (
                f" on {where('target')}" if action.get("target") is not None else "")
        return f"{'moves' if kind == 'move' else 'attacks with'} {name} " + (
            f"from {where('from')} to {where('to')}" if kind == "move"
            else f"at {where('to')}")
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
