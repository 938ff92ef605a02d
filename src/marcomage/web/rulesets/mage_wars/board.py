"""The Mage Wars board: a shared table read at a glance. Structures sit in the centre with the
decks and discard piles; around them each mage's area (mage card, level, health, armor, pets,
items, permanent resources, blessings, manifestations in progress with the icons filled so
far); the player's own hand and health cards below; the pending decision as a prompt; and the
legal actions in words, attacks with their damage preview. Texts come from the card data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marcomage.games.mage_wars.cards import CARDS, DECKS, Card
from marcomage.games.mage_wars.view import damage_preview, dangers, log_words
from marcomage.platform.protocol import Action
from marcomage.platform.replay import canonical_json
from marcomage.web.core.widgets import Board, ReplayBoard
from marcomage.web.rulesets.generic.board import action_from_form as generic_action_from_form

TEMPLATE = "rulesets/mage_wars/_board.jinja"
REPLAY_TEMPLATE = "rulesets/mage_wars/_replay_board.html"

OPTION_LABELS = {"mage_selection": "Mage selection",
                 "resource_mode": "Resources per card",
                 "health_loss_choice": "Who picks lost health cards"}
"""The lobby's words for the options of MAGEWARS.md."""

HOW = {"win_condition": "a mage met its win condition", "round_limit": "round limit reached",
       "surrender": "every other player left",
       "last_standing": "every other mage fell for good or left"}
SLOT_WORDS = {-1: "", -2: "waived", -3: "permanent"}
GROUPS = (("Respond", ("accept", "negate", "deflect")),
          ("Choose", ("pick", "lose", "discard", "keep", "replace", "use_once", "target",
                      "meddle", "fizzle")),
          ("Resurrection", ("resurrect", "pay", "cancel")),
          ("Attack", ("attack",)),
          ("Craft", ("open", "contribute", "waive")),
          ("Potions and challenges", ("drink", "play_challenge", "claim")),
          ("Dead turn", ("draw_dead",)),
          ("Turn", ("end_turn",)),
          ("Costly or irreversible (asks you to confirm)", ("use_health", "abandon",
                                                            "discard_pet", "discard_item")))
COSTLY = frozenset(("use_health", "abandon", "discard_pet", "discard_item"))
"""Actions that spend health or throw cards away: set apart and confirmed (issue 33)."""


def how_it_ended(end_type: str) -> str:
    return HOW.get(end_type, end_type.replace("_", " ").capitalize())


def action_from_form(data: Mapping[str, Any]) -> Action:
    return generic_action_from_form(data)


def _names(players: Sequence[Any], count: int) -> list[str]:
    names = [str(p.username) if p is not None else "" for p in players]
    names += [""] * (count - len(names))
    return [name or f"Player {n + 1}" for n, name in enumerate(names)]


def _card(view: Mapping[str, Any], iid: Any) -> Card | None:
    card_id = view["cards"].get(str(iid))
    return CARDS.get(card_id) if card_id is not None else None


def _name(view: Mapping[str, Any], iid: Any) -> str:
    card = _card(view, iid)
    return card.name if card is not None else "a hidden card"


def card_face(view: Mapping[str, Any], iid: Any, extra: str = "") -> dict[str, Any]:
    """What a card shows: its name, type, icons, requirement, numbers and text."""
    card = _card(view, iid)
    if card is None:
        return {"id": iid, "name": "hidden", "hidden": True}
    numbers = []
    if card.damage:
        numbers.append(f"damage {card.damage}")
    if card.health and card.type != "mage":
        numbers.append(f"health {card.health}")
    return {"id": iid, "name": card.name, "type": card.type, "deck": card.deck,
            "icons": list(card.resources), "requires": card.requires.replace("@", ""),
            "numbers": ", ".join(numbers), "text": card.text, "extra": extra,
            "alignment": card.alignment, "hidden": False}


def _manifest(view: Mapping[str, Any], doc: Mapping[str, Any]) -> dict[str, Any]:
    slots = []
    for kind, filled in zip(doc["slots"], doc["filled"], strict=True):
        if filled >= 0:
            slots.append({"icon": kind, "state": "filled", "by": _name(view, filled)})
        else:
            slots.append({"icon": kind, "state": SLOT_WORDS[filled] or "open", "by": ""})
    done = sum(1 for f in doc["filled"] if f != -1)
    return {"card": card_face(view, doc["card"]), "slots": slots,
            "progress": f"{done}/{len(doc['slots'])}", "waivers": doc["waivers"],
            "stalled": doc.get("stalled", 0)}


def _area(view: Mapping[str, Any], seat: int, name: str, viewer: int | None
          ) -> dict[str, Any]:
    p = view["players"][seat]
    mage = _card(view, p["mage"])
    own = viewer is None or viewer == seat
    charges = p.get("charge_counts", {})
    return {
        "seat": seat, "name": name, "mine": viewer == seat,
        "active": view["active"] == seat and view["outcome"] is None,
        "to_act": seat in view["to_act"],
        "mage": card_face(view, p["mage"]) if mage is not None else None,
        "win_text": mage.text if mage is not None else "",
        "alive": p["alive"], "left": p["left"], "level": p["level"], "skip": p["skip"],
        "health": p["health_count"], "hand": p["hand_count"],
        "max_health": mage.health if mage is not None else 0,
        "stats": p.get("stats", {}),
        "levels": [card_face(view, i) for i in p["levels"]],
        "pets": [card_face(view, i) for i in p["pets"]],
        "items": [card_face(view, i, f"{charges[str(i)]} charges" if str(i) in charges
                            else "") for i in p["items"]],
        "armor": [card_face(view, i) for i in p["armor"]],
        "permanents": [card_face(view, i) for i in p["permanents"]],
        "blessings": [card_face(view, i) for i in p["blessings"]],
        "manifests": [_manifest(view, m) for m in p["manifests"]],
        "shelf": [card_face(view, i) for i in p.get("shelf", [])],
        "draughts": [card_face(view, int(i), f"{n} turn end(s) left")
                     for i, n in p.get("draughts", {}).items()],
        "deaths": p.get("deaths", 0), "fallen": p.get("fallen", False),
        "rises_left": max(0, (mage.resurrections if mage is not None else 0)
                          - int(p.get("deaths", 0))),
        "hand_cards": [card_face(view, i, _discount(p, i)) for i in p["hand"]]
        if own and p["hand"] is not None else [],
        "health_cards": [card_face(view, i) for i in p["health"]]
        if own and p["health"] is not None else [],
    }


def _discount(player: Mapping[str, Any], iid: int) -> str:
    found = (player.get("discounts") or {}).get(str(iid))
    if found is None:
        return ""
    return "from health: no requirements" if found == -1 else (
        f"from health: {found} requirement(s) waived")


def _prompt(view: Mapping[str, Any], names: list[str], viewer: int | None) -> str:
    """The pending decision in words, for everybody (MW-CURSE-3 is public)."""
    if view["outcome"] is not None:
        return ""
    if view["decisions"]:
        d = view["decisions"][0]
        who = "You" if d["seat"] == viewer else names[d["seat"]]
        kind = d["kind"]
        if kind == "curse":
            return (f"{who} must answer the curse {_name(view, d['card'])}: accept it, or "
                    "spend a blessing.")
        if kind == "lose_health":
            return f"{who} must choose {d['n']} health card(s) to lose."
        if kind == "hand_limit":
            return f"{who} must discard down to the hand limit."
        if kind == "craft":
            return (f"{who} crafted {_name(view, d['card'])}: keep it, or use it once.")
        if kind == "target":
            return f"{who} must choose a target for {_name(view, d['card'])}."
        if kind == "select":
            return f"{who} must choose a mage."
    mine = view["active"] == viewer
    who = "You" if mine else names[view["active"]]
    if view["stage"] == "dead":
        return (f"{who} {'take' if mine else 'takes'} a dead turn: draw, resurrect or end the "
                "turn.")
    if view["stage"] == "resurrecting":
        return f"{who} {'pay' if mine else 'pays'} for the resurrection."
    return f"{who} {'play' if mine else 'plays'} the turn."


def _target_words(view: Mapping[str, Any], names: list[str], target: int) -> str:
    for seat, p in enumerate(view["players"]):
        if p["mage"] == target:
            return f"{names[seat]}'s mage"
        for zone in ("pets", "items", "armor"):
            if target in p[zone]:
                return f"{names[seat]}'s {_name(view, target)}"
    return f"the structure {_name(view, target)}"


def _mage_seat(view: Mapping[str, Any], target: int) -> int | None:
    for seat, p in enumerate(view["players"]):
        if p["mage"] == target:
            return seat
    return None


def label(view: Mapping[str, Any], seat: int, action: Mapping[str, Any],
          names: list[str]) -> str:
    """An action in words, with the damage preview of attacks (MW-COMBAT-1)."""
    kind = action["type"]
    card = action.get("card")
    if kind == "end_turn":
        return "End the turn"
    if kind == "use_health":
        return f"Use health card {_name(view, card)}"
    if kind == "open":
        c = _card(view, card)
        alts = c.alternatives if c is not None else ((),)
        need = " ".join(alts[action["alt"]]) or "nothing"
        return f"Open {_name(view, card)} (needs {need})"
    if kind in ("contribute", "pay"):
        into = _name(view, action["target"]) if "target" in action else "the resurrection"
        slot = ""
        if "slot" in action:
            slots = _slot_kinds(view, seat, action.get("target"))
            slot = f" as {slots[action['slot']]}" if action["slot"] < len(slots) else ""
        return f"Put {_name(view, card)} into {into}{slot}"
    if kind == "waive":
        slots = _slot_kinds(view, seat, action["target"])
        return f"Waive the {slots[action['slot']]} slot of {_name(view, action['target'])}"
    if kind == "abandon":
        return f"Abandon {_name(view, action['target'])}"
    if kind in ("attack", "target", "use_once"):
        if kind == "attack":
            source = action["source"]
        elif kind == "target":
            source = view["decisions"][0]["card"]
        else:
            source = view["decisions"][0]["card"]
        c = _card(view, source)
        if "target" not in action:
            return f"Use {_name(view, source)} once"
        target = action["target"]
        words = _target_words(view, names, target)
        damage = c.damage if c is not None else 0
        defender = _mage_seat(view, target)
        if defender is not None and c is not None:
            dealt = damage_preview(view, seat, damage, list(c.flags), defender)
            preview = f"{dealt} damage after armor and defense"
        else:
            dealt = damage + int(view["players"][seat].get("stats", {}).get("damage", 0))
            health = _card(view, target)
            kills = health is not None and dealt >= health.health
            preview = f"{dealt} damage: {'destroys it' if kills else 'no effect'}"
        verb = {"attack": "Attack", "target": "Aim at", "use_once": "Use once on"}[kind]
        with_what = f" with {_name(view, source)}" if kind == "attack" else ""
        return f"{verb} {words}{with_what} ({preview})"
    if kind == "drink":
        return f"Drink {_name(view, card)}"
    if kind == "meddle":
        return _meddle_words(view, names, action)
    if kind == "play_challenge":
        return f"Play the challenge {_name(view, card)}"
    if kind == "claim":
        return f"Claim the challenge {_name(view, card)}"
    if kind == "discard_pet":
        return f"Discard the pet {_name(view, card)}"
    if kind == "discard_item":
        return f"Discard the item {_name(view, card)}"
    if kind == "draw_dead":
        return f"Draw 1 card from the {action['deck'].capitalize()} deck"
    if kind == "accept":
        return "Accept the curse"
    if kind == "negate":
        return f"Negate it with {_name(view, card)}"
    if kind == "deflect":
        return f"Deflect it to {names[action['seat']]} with {_name(view, card)}"
    if kind == "lose":
        return f"Lose {_name(view, card)}"
    if kind == "discard":
        return f"Discard {_name(view, card)}"
    if kind == "keep":
        return "Keep it"
    if kind == "replace":
        return f"Keep it instead of {_name(view, card)}"
    if kind == "fizzle":
        return "No target: discard it"
    if kind == "pick":
        return f"Choose {_name(view, card)}"
    if kind == "resurrect":
        return "Resurrect (pay the resurrection requirements)"
    if kind == "cancel":
        return "Take the paid cards back"
    return kind


def _meddle_words(view: Mapping[str, Any], names: list[str], action: Mapping[str, Any]
                  ) -> str:
    """A meddling card's choice in words (MW-MEDDLE): whose craft, and which card."""
    spell = _card(view, view["decisions"][0]["card"]) if view["decisions"] else None
    how = spell.meddle if spell is not None else ""
    target = action["target"]
    owner = next((names[seat] for seat, p in enumerate(view["players"])
                  if any(m["card"] == target for m in p["manifests"])), None)
    craft = f"{owner}'s {_name(view, target)}" if owner else f"the structure {_name(view, target)}"
    if how == "stall":
        return f"Stall {craft} (nothing goes into it until the end of {owner}'s next turn)"
    verb = "Steal" if how == "steal" else "Shatter"
    return f"{verb} {_name(view, action['card'])} from {craft}"


def warning(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """What a costly or irreversible action costs, in words, for its confirmation; "" for
    the others. Using the last health card says that the mage dies (MW-HEALTH-7)."""
    kind = action["type"]
    if kind not in COSTLY:
        return ""
    if kind == "use_health":
        deadly = dangers(view, seat, action)
        left = int(view["players"][seat]["health_count"]) - 1
        return deadly or (f"Costs 1 health: your mage keeps {left}.")
    if kind == "abandon":
        for m in view["players"][seat]["manifests"]:
            if m["card"] == action["target"]:
                n = len({f for f in m["filled"] if f >= 0})
                return (f"{_name(view, m['card'])} and the {n} card(s) put into it go to the "
                        "discard piles.")
    return f"{_name(view, action['card'])} goes to the discard pile."


def _slot_kinds(view: Mapping[str, Any], seat: int, target: Any) -> list[str]:
    if target is None:
        doc = view.get("resurrection")
        return list(doc["slots"]) if doc else []
    for m in (*view["players"][seat]["manifests"], *view["structures"]):
        if m["card"] == target:
            return list(m["slots"])
    return []


def _table(view: Mapping[str, Any], names: list[str], viewer: int | None) -> dict[str, Any]:
    order = list(range(len(view["players"])))
    if viewer is not None:
        order = order[viewer:] + order[:viewer]
    areas = [_area(view, s, names[s], viewer) for s in order]
    return {
        "areas": areas,
        "mine": areas[0] if viewer is not None else None,
        "others": areas[1:] if viewer is not None else areas,
        "built": [card_face(view, i) for i in view["built"]],
        "structures": [_manifest(view, m) for m in view["structures"]],
        "decks": [{"name": d.capitalize(), "count": view["decks"][d],
                   "discards": len(view["discards"][d]),
                   "top": _name(view, view["discards"][d][-1]) if view["discards"][d] else ""}
                  for d in DECKS],
        "challenges": [card_face(view, i) for i in view["challenges"]],
        "log": [f"{names[line['seat']]} {log_words(line['text'], names)}."
                for line in reversed(view["log"])],
        "round": view["round"], "prompt": _prompt(view, names, viewer),
        "resurrection": _manifest(view, view["resurrection"]) if view["resurrection"]
        else None,
    }


def context(view: Mapping[str, Any], seat: int, legal: list[Action], players: list[Any]
            ) -> dict[str, Any]:
    """The table from `seat`'s side and its legal actions, grouped, in words."""
    names = _names(players, len(view["players"]))
    groups = []
    for title, kinds in GROUPS:
        rows = [{"json": canonical_json(a), "label": label(view, seat, a, names),
                 "warning": warning(view, seat, a)}
                for a in legal if a["type"] in kinds]
        if rows:
            groups.append({"title": title, "actions": rows,
                           "costly": any(k in COSTLY for k in kinds)})
    return {"table": _table(view, names, seat), "action_groups": groups,
            "mw_seat": seat}


def replay_context(view: Mapping[str, Any], players: list[Any]) -> dict[str, Any]:
    """The replay view: every area with hands and health cards face up (PL-VIEW-4)."""
    names = _names(players, len(view["players"]))
    outcome = view["outcome"]
    return {"table": _table(view, names, None), "outcome": outcome,
            "how": how_it_ended(outcome["end_type"]) if outcome else "",
            "winners": [names[int(w)] for w in outcome["winners"]] if outcome else []}


def describe(view_before: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """A move in words for the replay's move list, read from the view just before it."""
    names = _names([], len(view_before["players"]))
    return label(view_before, seat, action, names)


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
