"""Arcana's game board: both fields (five creature zones, five rune zones, wards attached),
HP, decks, hands, netherworlds, the open attack and the chain stack, the log, and the
decision the player faces as a prompt with its legal choices in words (a visible "Pass" in
every response window). It reads only the view it is given (PL-VIEW-1) and the card list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marcomage.games.arcana.cards import CARDS
from marcomage.platform.protocol import Action
from marcomage.platform.replay import canonical_json
from marcomage.web.core.widgets import Board, ReplayBoard
from marcomage.web.rulesets.generic import board as generic

TEMPLATE = "rulesets/arcana/_board.jinja"
REPLAY_TEMPLATE = "rulesets/arcana/_replay_board.html"
"""A Django template (the replay page includes it) that draws `_replay_board.jinja`."""

PHASES = {"mulligan": "Opening hands", "main1": "Main 1", "battle": "Battle", "main2": "Main 2",
          "over": "Over"}
END_TYPES = {"hp": "HP reduced to 0", "turn_limit": "turn limit reached: a draw",
             "deck_out": "drew from an empty deck"}
OPTION_LABELS = {"summoned_can_attack": "Creatures may attack the turn they arrive",
                 "deck_out_loses": "Drawing from an empty deck loses",
                 "empty_deck_hp": "HP lost at each draw from an empty deck (when it does not)",
                 "set_rune_delay": "A set rune waits a turn before it can be activated"}
"""The lobby's words for Arcana's options."""


def how_it_ended(end_type: str) -> str:
    return END_TYPES.get(end_type, end_type)


def card_name(card: Any) -> str:
    return CARDS[int(card)].name if card is not None else "?"


def _card(piece: Mapping[str, Any] | None, zone: int) -> dict[str, Any] | None:
    """A card on the field as the viewer may see it; a known card and each ward carry their
    rarity, which the page shows as text colour (AR-DECK-5)."""
    if piece is None:
        return None
    card = piece.get("card")
    doc: dict[str, Any] = {"zone": zone + 1, "face_up": piece["face_up"],
                           "position": piece["position"], "known": card is not None,
                           "wards": [{"name": card_name(w["card"]),
                                      "rarity": CARDS[int(w["card"])].rarity}
                                     for w in piece.get("wards", [])]}
    if card is not None:
        c = CARDS[int(card)]
        doc.update(name=c.name, text=c.text, kind=c.kind, rarity=c.rarity,
                   stars="★" * c.stars, type=c.type,
                   power=piece.get("power", c.power), toughness=piece.get("toughness",
                                                                          c.toughness),
                   base_power=c.power, base_toughness=c.toughness)
    doc["active"] = bool(piece.get("active_until"))
    return doc


def _hand_card(piece: Mapping[str, Any], index: int) -> dict[str, Any]:
    c = CARDS[int(piece["card"])]
    return {"index": index, "name": c.name, "kind": c.kind, "text": c.text,
            "stars": "★" * c.stars, "type": c.type, "power": c.power,
            "toughness": c.toughness, "rarity": c.rarity, "relic": c.relic}


def _side(view: Mapping[str, Any], seat: int, player: Any, mine: bool) -> dict[str, Any]:
    p = view["players"][seat]
    return {
        "seat": seat, "name": str(getattr(player, "username", "") or f"Player {seat + 1}"),
        "mine": mine, "hp": p["hp"], "deck": p["deck_count"], "hand_count": p["hand_count"],
        "hand": [_hand_card(c, i) for i, c in enumerate(p["hand"])] if "hand" in p else None,
        "creatures": [_card(c, z) for z, c in enumerate(p["creatures"])],
        "runes": [_card(c, z) for z, c in enumerate(p["runes"])],
        "nether": [card_name(c["card"]) for c in reversed(p["nether"])],
        "roll": p["roll"], "mulligan": p["mulligan"],
        "current": view.get("current") == seat,
    }


def _field_name(view: Mapping[str, Any], seat: int, side: int, zone: int,
                kind: str = "creatures") -> str:
    piece = view["players"][side][kind][zone]
    whose = "your" if side == seat else "their"
    if piece is None:
        return f"{whose} empty zone {zone + 1}"
    if piece.get("card") is None or (not piece["face_up"] and side != seat):
        what = "face-down creature" if kind == "creatures" else "set rune"
        return f"{whose} {what} in zone {zone + 1}"
    return f"{whose} {card_name(piece['card'])}"


def _uid_name(view: Mapping[str, Any], uid: int) -> str:
    for p in view["players"]:
        for kind in ("creatures", "runes"):
            for piece in p[kind]:
                if piece is not None and piece["uid"] == uid:
                    return card_name(piece["card"]) if piece.get("card") is not None and (
                        piece["face_up"]) else ("a face-down creature" if kind == "creatures"
                                                else "a set rune")
        for piece in p["nether"]:
            if piece["uid"] == uid:
                return card_name(piece["card"])
    return "a card that has left"


def label(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """An action in words, from the view of the seat taking it."""
    kind = action.get("type")
    me = view["players"][seat]
    hand = me.get("hand", [])

    def from_hand() -> str:
        i = action.get("card")
        return card_name(hand[i]["card"]) if isinstance(i, int) and i < len(hand) else "a card"

    def target() -> str:
        if "tz" in action:
            return " on " + _field_name(view, seat, action["ts"], action["tz"])
        if "tr" in action:
            return " on " + _field_name(view, seat, action["ts"], action["tr"], "runes")
        if "tn" in action:
            return f" calling {card_name(me['nether'][action['tn']]['card'])} back"
        if "th" in action and action["th"] < len(hand):
            return f" summoning {card_name(hand[action['th']]['card'])} from your hand"
        return ""

    if kind == "keep":
        return "Keep this hand"
    if kind == "redraw":
        return "Reshuffle and redraw five"
    if kind == "summon":
        tributes = [action[k] for k in ("t1", "t2") if k in action]
        how = ("in attack position" if action.get("position") == "attack"
               else "face down in defense (set)")
        text = f"Summon {from_hand()} {how}"
        if tributes:
            text += ", sacrificing " + " and ".join(_field_name(view, seat, seat, z)
                                                    for z in tributes)
        return text
    if kind == "flip":
        return f"Flip {_field_name(view, seat, seat, action['zone'])} face up"
    if kind == "position":
        return f"Change the position of {_field_name(view, seat, seat, action['zone'])}"
    if kind == "set":
        return f"Set {from_hand()} face down"
    if kind == "activate":
        if "card" in action:
            return f"Activate {from_hand()} from hand{target()}"
        rune = me["runes"][action["rune"]]
        return f"Activate your set {card_name(rune['card'])}{target()}"
    if kind == "effect":
        return (f"Use the effect of {_field_name(view, seat, seat, action['zone'])}"
                f"{target()}")
    if kind == "ward_effect":
        piece = me["creatures"][action["zone"]]
        return f"Use {card_name(piece['wards'][action['ward']]['card'])}'s quick effect"
    if kind == "equip":
        return f"Equip {from_hand()} to {_field_name(view, seat, seat, action['zone'])}"
    if kind == "next_phase":
        return "Go to the battle phase" if view["phase"] == "main1" and view["turn"] > 1 \
            else "Go to main phase 2"
    if kind == "end_turn":
        return "End the turn"
    if kind == "attack":
        return f"Attack {_field_name(view, seat, 1 - seat, action['zone'])}"
    if kind == "attack_direct":
        return "Attack the opponent directly"
    if kind == "add":
        return f"Add {_field_name(view, seat, seat, action['zone'])} to the attack"
    if kind == "confirm":
        return "Confirm the attack"
    if kind == "cancel":
        return "Cancel the attack"
    if kind == "block":
        return f"Block with {_field_name(view, seat, seat, action['zone'])}"
    if kind == "no_block":
        return "Do not block"
    if kind == "pass":
        return "Pass"
    if kind == "continue":
        return "Continue the attack"
    if kind == "call_off":
        return "Call the attack off"
    return generic.label(dict(action))


def prompt(view: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> str:
    """What decision the player faces, in one sentence."""
    if not legal:
        return ""
    kinds = {a["type"] for a in legal}
    if kinds & {"keep", "redraw"}:
        return "Keep your opening hand, or reshuffle it into your deck and draw five again."
    if "pass" in kinds:
        return ("Response window: chain a set rune or a quick effect, or pass." if len(legal) > 1
                else "Response window: you have nothing you can chain now. Pass.")
    if "no_block" in kinds:
        return "You are attacked: choose a blocker, or do not block."
    if "call_off" in kinds:
        attack = _attack(view)
        if attack is not None and attack["stage"] == "continue" and attack["party"]:
            return (f"The blocker is down. Your party left is {_party_words(attack)}. "
                    "Continue against the target, or call the attack off.")
        return "Your opponent answered with a rune: continue the attack, or call it off."
    if kinds & {"add", "confirm"}:
        return "Add attackers in order, then confirm (or cancel)."
    return f"Your turn: {PHASES.get(view['phase'], view['phase'])}."


GROUPS = (("Respond", {"pass", "activate", "effect", "ward_effect"}),
          ("Attack", {"attack", "attack_direct", "add", "confirm", "cancel", "block",
                      "no_block", "continue", "call_off"}),
          ("Summon", {"summon", "flip", "position"}),
          ("Runes and wards", {"set", "equip"}),
          ("Phase", {"next_phase", "end_turn", "keep", "redraw"}))


def _chain(view: Mapping[str, Any], seat: int, names: Sequence[str]) -> list[dict[str, Any]]:
    out = []
    for n, link in enumerate(view["chain"], start=1):
        target = f" targeting {_uid_name(view, link['target'])}" if link["target"] else ""
        if CARDS[int(link["card"])].effect.get("select") == "hand":   # the target is a card
            target = f" summoning {card_name(link['target'])} from hand"
        who = names[link["seat"]] if link["seat"] < len(names) else f"Player {link['seat'] + 1}"
        out.append({"n": n, "mine": link["seat"] == seat, "seat": link["seat"], "who": who,
                    "card": card_name(link["card"]), "kind": link["kind"], "target": target})
    return out


def _creature(view: Mapping[str, Any], uid: int) -> Mapping[str, Any] | None:
    """The face-up creature with this uid in the view, if it is on the field."""
    for p in view["players"]:
        for piece in p["creatures"]:
            if (piece is not None and piece["uid"] == uid and piece["face_up"]
                    and piece.get("card") is not None):
                return piece
    return None


def _toughness(view: Mapping[str, Any], uid: int) -> int | None:
    """A face-up creature's toughness now (the view's, with wards and modifiers)."""
    piece = _creature(view, uid)
    if piece is None:
        return None
    return int(piece.get("toughness", CARDS[int(piece["card"])].toughness))


def _attack(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The open attack in words. Once the blocker is down (stage "continue") it also gives
    the party that is left, with the power each brings and the total, and the target's
    toughness, so that continuing or calling off is an informed choice (AR-BLOCK-2,
    AR-BLOCK-4)."""
    a = view.get("attack")
    if a is None:
        return None
    party = [{"name": _uid_name(view, int(uid)), "power": int(p)}
             for uid, p in a.get("party", [])] if a["stage"] == "continue" else []
    return {"direct": a["target"] < 0,
            "target": "" if a["target"] < 0 else _uid_name(view, a["target_uid"]),
            "target_toughness": None if a["target"] < 0 else _toughness(view,
                                                                         a["target_uid"]),
            "attackers": [_uid_name(view, u) for u in a["attackers"]],
            "blocker": "" if a["blocker"] < 0 else _uid_name(view, a["blocker"]),
            "stage": a["stage"], "party": party,
            "party_power": sum(m["power"] for m in party)}


def _party_words(attack: Mapping[str, Any]) -> str:
    """"Bramble Boar (2) and Tide Runner (3): 5 power against Thornling's toughness 3"."""
    members = [f"{m['name']} ({m['power']})" for m in attack["party"]]
    who = members[0] if len(members) == 1 else ", ".join(members[:-1]) + " and " + members[-1]
    against = attack["target"]
    if attack["target_toughness"] is not None:
        against += f"'s toughness {attack['target_toughness']}"
    return f"{who}: {attack['party_power']} power against {against}"


ON_OWN_CREATURE = frozenset({"add", "block", "flip", "position", "equip", "ward_effect",
                             "effect"})
"""Choices that act on one of the player's own creatures (its zone is `zone`)."""


def _choice(view: Mapping[str, Any], seat: int, action: Action) -> dict[str, Any]:
    return {"json": canonical_json(action), "label": label(view, seat, action),
            "type": action["type"]}


def place_choices(view: Mapping[str, Any], seat: int, legal: Sequence[Action],
                  sides: Mapping[int, dict[str, Any]]) -> list[Action]:
    """Issue 34: put each legal choice next to what it acts on: an attack on the creature
    attacked; a rune or effect aimed at a creature on that creature; adding an attacker, a
    blocker, a flip, a position change, a ward or a creature's own effect on that creature;
    a set rune's activation on its zone; a summon, a set or an untargeted rune from hand on
    the hand card. What concerns no one card (pass, phases, confirm, continue, direct
    attack) is returned for the prompt."""
    loose: list[Action] = []
    for action in legal:
        kind = action["type"]
        spot: dict[str, Any] | None = None
        if "tz" in action and action.get("ts") in sides:
            spot = sides[action["ts"]]["creatures"][action["tz"]]
        elif kind == "attack":
            spot = sides[1 - seat]["creatures"][action["zone"]]
        elif kind in ON_OWN_CREATURE and "zone" in action:
            spot = sides[seat]["creatures"][action["zone"]]
        elif kind == "activate" and "rune" in action and "tr" not in action:
            spot = sides[seat]["runes"][action["rune"]]
        elif kind in ("summon", "set", "activate") and "card" in action and (
                sides[seat]["hand"] is not None and "tr" not in action):
            spot = sides[seat]["hand"][action["card"]]
        if spot is None:
            loose.append(action)
        else:
            spot.setdefault("actions", []).append(_choice(view, seat, action))
    return loose


def context(view: Mapping[str, Any], seat: int, legal: list[Action], players: list[Any]
            ) -> dict[str, Any]:
    """Both sides (the viewer's at the bottom), the chain, the attack, the prompt and the
    legal choices in words, grouped."""
    names = [str(getattr(p, "username", "") or f"Player {n + 1}") for n, p in enumerate(players)]
    them = _side(view, 1 - seat, players[1 - seat] if len(players) > 1 else None, False)
    me = _side(view, seat, players[seat] if players else None, True)
    loose = place_choices(view, seat, legal, {seat: me, 1 - seat: them})
    groups = []
    for title, kinds in GROUPS:
        actions = [{"json": canonical_json(a), "label": label(view, seat, a),
                    "type": a["type"]} for a in loose if a["type"] in kinds]
        if actions:
            groups.append({"title": title, "actions": actions})
    return {
        "arcana": {
            "turn": view["turn"], "phase": PHASES.get(view["phase"], view["phase"]),
            "them": them, "me": me,
            "chain": _chain(view, seat, names), "attack": _attack(view),
            "log": [named(line, names) for line in reversed(view["log"][-20:])],
            "prompt": prompt(view, seat, legal), "groups": groups,
            "placed": len(loose) < len(legal),
            "window": view["priority"] >= 0,
        }}


def named(line: str, names: Sequence[str]) -> str:
    """A log line with "Player 1" and "Player 2" replaced by the players' names."""
    for n, player in enumerate(names[:2]):
        line = line.replace(f"Player {n + 1}", player)
    return line


def action_from_form(data: Mapping[str, Any]) -> Action:
    """The action JSON a choice button posted (as the generic board's)."""
    return generic.action_from_form(data)


def replay_context(view: Mapping[str, Any], players: list[Any]) -> dict[str, Any]:
    """Both sides of the replay view (everything shown, PL-VIEW-4), seat 0 at the bottom."""
    names = [str(getattr(p, "username", "") or f"Player {n + 1}") for n, p in enumerate(players)]
    return {"arcana": {
        "turn": view["turn"], "phase": PHASES.get(view["phase"], view["phase"]),
        "them": _side(view, 1, players[1] if len(players) > 1 else None, False),
        "me": _side(view, 0, players[0] if players else None, False),
        "chain": _chain(view, -1, names), "attack": _attack(view),
        "log": [named(line, names) for line in reversed(view["log"][-12:])],
        "prompt": "", "groups": [],
        "window": view["priority"] >= 0}}


def describe(view_before: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """A replay step in words (the replay view sees every card)."""
    return label(view_before, seat, action)


def auto_action(legal: list[Action]) -> Action | None:
    """Issue 34: in a response window where nothing can be chained, the site passes for the
    player (unless their settings say to stop there). The window is still offered by
    public criteria (AR-CHAIN-4); the pass is an ordinary step of the game."""
    return dict(legal[0]) if len(legal) == 1 and legal[0].get("type") == "pass" else None


WIDGET = Board(
    template=TEMPLATE,
    context=context,
    action_from_form=action_from_form,
    replay=ReplayBoard(REPLAY_TEMPLATE, replay_context),
    describe=describe,
    how_it_ended=how_it_ended,
    option_labels=OPTION_LABELS,
    auto_action=auto_action,
)
"""This board as the widget registry hands it out (`core.widgets.board_of`)."""
