"""Elder Tale's duel board: the view turned into the two combatants (HP and maximum HP,
piles, hand counts, effects in force with their remaining bounds), the drawn hand by deck
with what may be played, the opponent's pending attack (a Facedown card as its deck only),
the step's prompt with the EN left, and the exchange log hit by hit. It reads only the view
(PL-VIEW-1); actions are posted as their JSON, as on the generic board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.games.elder_tale.engine import FIRST_PLAY_EN, TURN_EN
from marcomage.platform.protocol import Action
from marcomage.platform.replay import canonical_json
from marcomage.web.core.widgets import Board, ReplayBoard
from marcomage.web.rulesets.generic import board as generic

from .cardtext import card_summary, effects_in_force, hp_text

TEMPLATE = "rulesets/elder_tale/_board.jinja"
REPLAY_TEMPLATE = "rulesets/elder_tale/_replay_board.html"
KINDS = ("attack", "defense", "utility")
DECK_NAMES = {"attack": "Attack", "defense": "Defense", "utility": "Utility"}
HOW = {"knockout": "down to 0 HP", "round_limit": "the higher share of HP after the last round",
       "surrender": "surrender", "abort": "aborted", "abandon": "the other side stopped moving"}
LOG_SHOWN = 30


def how_it_ended(end_type: str) -> str:
    return HOW.get(end_type, end_type)


def _names(players: list[Any]) -> list[str]:
    """Each seat's name; an account in several seats (the computer in a group duel, issue
    35) is told apart by the seat number, as the lobby numbers seats: "Computer (seat 3)"."""
    names = [str(p.username) if p is not None else f"Player {n}"
             for n, p in enumerate(players, start=1)]
    return [f"{name} (seat {n})" if names.count(name) > 1 else name
            for n, name in enumerate(names)]


def _card(view: Mapping[str, Any], card_id: str | None) -> dict[str, Any] | None:
    if card_id is None:
        return None
    doc = view["cards"].get(card_id)
    return card_summary(doc) if doc is not None else {"id": card_id, "name": card_id,
                                                      "kind": "", "rarity": "", "en": 0,
                                                      "body": "", "effects": [], "grants": "",
                                                      "text": ""}


def _side(view: Mapping[str, Any], seat: int, name: str) -> dict[str, Any]:
    f = view["fighters"][seat]
    health = hp_text(f["hp"], f["max_hp"])
    return {
        "seat": seat, "name": name, "hp": health["hp"], "max_hp": f["max_hp"],
        "hp_words": health["words"],
        "hp_percent": max(0, min(100, 100 * f["hp"] // max(1, f["max_hp"]))),
        "decks": [{"kind": k, "name": DECK_NAMES[k], "pile": f["pile_sizes"][k],
                   "hand": f["hand_counts"][k],
                   "discards": len(f["discards"][k]) + f.get("veiled", {}).get(k, 0)}
                  for k in KINDS],
        "veiled": sum(f.get("veiled", {}).values()),
        "clutter": [view["cards"][c]["name"] for c in f["clutter_in_hand"]],
        "effects": effects_in_force(f["effects"]),
        "removed": [view["cards"][c]["name"] for c in f["removed"]],
        "active": view["active"] == seat and view["step"] != "over",
    }


def _table(view: Mapping[str, Any], items: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{"deck": DECK_NAMES[i["deck"]], "facedown": i["facedown"],
             "card": _card(view, i["card"])} for i in items]


def log_lines(view: Mapping[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """The log in words, newest first; an exchange keeps its hits for the hit-by-hit list."""
    lines: list[dict[str, Any]] = []
    cards = view["cards"]

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and seat < len(names) else "?"

    for entry in view["log"]:
        kind = entry["type"]
        seat = entry.get("seat")
        hits: list[str] = []
        if kind == "first":
            text = f"{who(seat)} goes first."
        elif kind == "turn":
            text = f"Round {entry['round']}: {who(seat)}'s turn."
        elif kind == "play":
            card = entry["card"] or f"a face-down {DECK_NAMES[entry['deck']]} card"
            aim = entry.get("target")
            text = (f"{who(seat)} plays {card}" + ("" if aim is None or aim == seat
                                                  else f" on {who(aim)}") + ".")
        elif kind == "draw":
            text = f"{who(seat)} draws {entry['count']} from the {DECK_NAMES[entry['deck']]} deck."
        elif kind == "reshuffle":
            text = f"{who(seat)} shuffles the {DECK_NAMES[entry['deck']]} discards into a new pile."
        elif kind == "exchange":
            text = (f"Exchange: {who(entry['attacker'])} attacks {who(entry['defender'])}, total "
                    f"guard {entry['guard']}; {entry['damage']} damage"
                    + (f", Thorns {entry['thorns']} back" if entry["thorns"] else "") + ".")
            for n, hit in enumerate(entry["hits"], 1):
                verdict = (f"bypasses: {hit['damage']} damage" if hit["bypass"]
                           else "held by the guard")
                hits.append(f"Hit {n} ({hit['card']}): {hit['value']} against guard "
                            f"{hit['guard_before']} → {hit['guard_after']}, {verdict}")
            for c in entry["cards"]:
                extra = []
                if c["resisted"]:
                    extra.append(f"{c['resisted']} resisted")
                if c["scratch"]:
                    extra.append("a scratch of 1")
                if c["thorn_bind"]:
                    extra.append(f"Thorn Bind {c['thorn_bind']}")
                hits.append(f"{c['card']}: {c['damage']} damage"
                            + (f" ({', '.join(extra)})" if extra else ""))
        elif kind == "poison":
            text = f"Poison: {who(seat)} loses {entry['damage']} HP."
        elif kind == "heal":
            text = (f"{who(seat)} is Doomed: no healing." if entry["doomed"]
                    else f"Heal over Time: {who(seat)} gains {entry['healed']} HP.")
        elif kind == "harm_self":
            text = f"{who(seat)} takes {entry['damage']} direct damage."
        elif kind == "clutter_added":
            text = (f"A {str(entry['clutter']).capitalize()} clutter card is shuffled into "
                    f"{who(seat)}'s {DECK_NAMES[entry['deck']]} deck.")
        elif kind == "clutter_drawn":
            text = f"{who(seat)} draws {cards.get(entry['clutter'], {}).get('name', 'clutter')}."
        elif kind == "revealed":
            text = f"The exchange reveals {who(seat)}'s face-down {', '.join(entry['cards'])}."
        elif kind == "purge":
            text = f"{who(seat)} purges {entry['card']} (1 EN)."
        elif kind == "discarded":
            text = f"{who(seat)} discards {entry['card']} at random."
        elif kind == "end_turn":
            text = f"{who(seat)} ends the turn."
        elif kind == "exhaustion":
            text = f"Exhaustion (after round 10): {who(seat)} loses {entry['damage']} HP."
        elif kind == "retaliate":
            text = (f"Retaliate: {who(seat)} strikes back at {who(entry['target'])} for "
                    f"{entry['damage']}.")
        elif kind == "fallen":
            text = f"{who(seat)} has fallen; the team fights on."
        elif kind == "end":
            text = "The duel is over: " + how_it_ended(entry["end_type"]) + "."
        else:
            text = kind
        lines.append({"text": text, "hits": hits, "exchange": kind == "exchange"})
    return list(reversed(lines))[:LOG_SHOWN]


def _hand(view: Mapping[str, Any], hand: list[Mapping[str, Any]], legal: list[Action]
          ) -> list[dict[str, Any]]:
    by_card = {a["card"]: a for a in legal if a["type"] in ("play", "purge")}
    groups = []
    for kind in KINDS:
        cards = []
        for h in hand:
            if h["deck"] != kind:
                continue
            action = by_card.get(h["iid"])
            card = _card(view, h["card"])
            purge = bool(action and action["type"] == "purge")
            cost = 1 if purge else int(card["en"]) if card else 0
            aimed = action is not None and "target" in action
            cards.append({"card": card, "iid": h["iid"],
                          "action": canonical_json(action) if action and not aimed else "",
                          "aimed": aimed,
                          "verb": "Purge (1 EN)" if purge else "Play",
                          "cost": "" if purge else f"({cost} EN)",
                          "leaves": int(view.get("en", 0)) - cost})
        groups.append({"kind": kind, "name": DECK_NAMES[kind], "cards": cards})
    return groups


def _aimed(view: Mapping[str, Any], legal: list[Action], names: list[str]
           ) -> dict[int, list[dict[str, str]]]:
    """ET-GROUP-3, ET-GROUP-4: the plays of a group duel aimed at a seat, by that seat, as
    buttons to put next to it ("Play Ember Cut on Bob")."""
    hand = {h["iid"]: h["card"] for h in view.get("hand", [])}
    aimed: dict[int, list[dict[str, str]]] = {}
    for action in legal:
        target = action.get("target")
        if action["type"] != "play" or not isinstance(target, int):
            continue
        card = view["cards"].get(hand.get(action["card"], ""), {})
        aimed.setdefault(target, []).append({
            "json": canonical_json(action), "card": str(card.get("id", "")),
            "label": f"{card.get('name', 'a card')} on {names[target]}"
            if target < len(names) else str(card.get("name", ""))})
    return aimed


def _teams(view: Mapping[str, Any], seat: int, legal: list[Action], names: list[str]
           ) -> dict[str, Any]:
    """A group duel's sides: your team (you first) and the enemies, each seat with the
    plays aimed at it, and the attacks waiting with their attacker and target."""
    teams = view.get("teams", [0, 1])
    aimed = _aimed(view, legal, names)

    def side(other: int) -> dict[str, Any]:
        found = _side(view, other, names[other])
        found["aimed"] = aimed.get(other, [])
        found["fallen"] = found["hp"] <= 0
        return found

    allies = [side(seat)] + [side(s) for s in range(len(teams))
                             if s != seat and teams[s] == teams[seat]]
    enemies = [side(s) for s in range(len(teams)) if teams[s] != teams[seat]]
    attacks = [{"by": names[a["by"]], "target": names[a["target"]],
                "mine": a["by"] == seat, "at_me": a["target"] == seat,
                "cards": _table(view, a["cards"])} for a in view.get("attacks", [])]
    return {"group": len(teams) > 2, "allies": allies, "enemies": enemies,
            "attacks": attacks}


def en_budget(view: Mapping[str, Any], acting: bool) -> dict[str, Any]:
    """The turn's EN as one budget shared by the defense and the attack (ET-DUEL-5; issue
    35: defending with everything every turn left nothing to attack with): the turn's EN,
    what is spent and left, and a hint in words for the step."""
    total = FIRST_PLAY_EN if int(view.get("turn", 0)) == 0 else TURN_EN
    left = int(view.get("en", 0))
    spent = max(0, total - left)
    hint = ""
    if acting and view["step"] == "defend":
        hint = (f"Defense and attack share the {total} EN of this turn: every EN you spend "
                f"defending is one less for your attack after it. {left} EN left"
                + (" — nothing would be left to attack with." if left == 0 else "."))
    elif acting and view["step"] == "attack":
        hint = (f"{spent} of this turn's {total} EN spent (defense and attack share them); "
                f"{left} EN left for your attack.")
    return {"total": total, "left": left, "spent": spent, "hint": hint,
            "pips": [n < left for n in range(total)]}


def team_verdict(view: Mapping[str, Any], seat: int, names: list[str]) -> str:
    """ET-GROUP-8: a finished group duel's winner from `seat`'s side, naming the team that
    won: "Your team (alice, bob) won" or "The enemy team (cyd, dee) won"; "" for a duel of
    two, a draw, an abort or a duel still running (the site's words serve those)."""
    outcome = view.get("outcome")
    teams = view.get("teams", [0, 1])
    if not outcome or len(teams) <= 2 or not outcome.get("winners"):
        return ""
    won = seat in outcome["winners"]
    side = [n for n in range(len(teams)) if (teams[n] == teams[seat]) == won]
    listed = ", ".join(names[n] for n in side)
    return f"Your team ({listed}) won" if won else f"The enemy team ({listed}) won"


def context(view: Mapping[str, Any], seat: int, legal: list[Action], players: list[Any]
            ) -> dict[str, Any]:
    """What the board template needs: the two sides (you first), your hand by deck with the
    play and purge buttons, the table, the prompt and the log."""
    names = _names(players)
    step = view["step"]
    finishing = [a for a in legal if a["type"] in ("confirm", "end_turn")]
    pending_by = view["pending"]["by"]
    prompt = ""
    if legal:
        prompt = ("play Defense and Utility cards (and purge clutter) within your EN, then "
                  "confirm the defense." if step == "defend" else
                  "play Attack and Utility cards (and purge clutter) within your EN, then end "
                  "your turn.")
    teams = view.get("teams", [0, 1])
    first_enemy = next(s for s in range(len(teams)) if teams[s] != teams[seat])
    return {
        **_teams(view, seat, legal, names),
        "budget": en_budget(view, bool(legal)),
        "me": _side(view, seat, names[seat]),
        "them": _side(view, first_enemy, names[first_enemy]),
        "hand": _hand(view, view.get("hand", []), legal),
        "pending": _table(view, view["pending"]["cards"]),
        "pending_mine": pending_by == seat,
        "pending_owner": names[pending_by] if isinstance(pending_by, int) else "",
        "played": _table(view, view["played"]),
        "building": _table(view, view["building"]),
        "step": step, "en": view["en"], "round": view["round"],
        "round_limit": view["round_limit"], "prompt": prompt,
        "finish": [{"json": canonical_json(a),
                    "label": ("Confirm the defense" if a["type"] == "confirm" else "End turn")
                    + (f" ({view['en']} EN left for the attack)" if a["type"] == "confirm"
                       else ""),
                    "ask": ("You have no EN left for your attack this turn. Confirm the "
                            "defense anyway?" if a["type"] == "confirm" and not view["en"]
                            else "")}
                   for a in finishing],
        "log": log_lines(view, names),
        "verdict": team_verdict(view, seat, names),
    }


def action_from_form(data: Mapping[str, Any]) -> Action:
    """The action JSON a button posted (as on the generic board)."""
    return generic.action_from_form(data)


def replay_context(view: Mapping[str, Any], players: list[Any]) -> dict[str, Any]:
    """The replay view: both sides with both hands in full (PL-VIEW-4)."""
    names = _names(players)
    sides = []
    for seat in range(len(view["fighters"])):
        side = _side(view, seat, names[seat])
        side["hand"] = _hand(view, view["hands"][seat], [])
        sides.append(side)
    return {"sides": sides, "pending": _table(view, view["pending"]["cards"]),
            "pending_owner": names[view["pending"]["by"]] if isinstance(
                view["pending"]["by"], int) else "",
            "played": _table(view, view["played"]), "building": _table(view, view["building"]),
            "round": view["round"], "step": view["step"], "en": view["en"],
            "log": log_lines(view, names)}


def describe(view_before: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """A step of the replay in words ("plays Ember Cut", "confirms the defense")."""
    kind = action.get("type")
    if kind == "confirm":
        return "confirms the defense: the exchange resolves"
    if kind == "end_turn":
        return "ends the turn"
    hands = view_before.get("hands", [[], []])
    found = next((h for h in hands[seat] if h["iid"] == action.get("card")), None)
    name = view_before["cards"][found["card"]]["name"] if found else "a card"
    target = action.get("target")
    aim = f" on seat {target + 1}" if isinstance(target, int) and target != seat else ""
    return f"purges {name}" if kind == "purge" else f"plays {name}{aim}"


OPTION_LABELS = {"teams": "Teams, one letter a seat (ABAB: 2 against 2; auto: the seats "
                          "alternate)"}
"""ET-GROUP-1: the label of the teams option on the forms that start a game."""

WIDGET = Board(
    option_labels=OPTION_LABELS,
    template=TEMPLATE,
    context=context,
    action_from_form=action_from_form,
    replay=ReplayBoard(REPLAY_TEMPLATE, replay_context),
    describe=describe,
    how_it_ended=how_it_ended,
)
"""This board as the widget registry hands it out (`core.widgets.board_of`)."""
